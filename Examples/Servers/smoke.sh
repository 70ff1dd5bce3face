#!/usr/bin/env bash
# Runs the example server (its form compiled by FormSpecPlugin at build time) and sends it real
# requests with curl: valid sign-ups, and one that gets a 422 problem in Japanese.
set -euo pipefail
cd "$(dirname "$0")"
port=${PORT:-18080}
.build/debug/SignupServer --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.1
done
post() { curl -s -w ' %{http_code}' "http://127.0.0.1:$port/signup" -H 'Content-Type: application/json' "$@"; }
created=$(post -d '{"username":"mei_chen","email":"mei@example.com","password":"correct horse"}')
echo "$created"
[[ "$created" == '{"welcome":"mei_chen"} 201' ]]
# The username as it was checked (trimmed), written as JSON (was: the raw text, a tab and all, in
# a body that was not JSON).
padded=$(post -d '{"username":" mei_chen\t","email":"mei@example.com","password":"correct horse"}')
echo "$padded"
[[ "$padded" == '{"welcome":"mei_chen"} 201' ]]
refused=$(post -H 'Accept-Language: ja' -d '{"username":"admin","email":"mei@example.com","password":"correct horse"}')
echo "$refused"
[[ "$refused" == *'"status":422'*'そのユーザー名は使われています'*' 422' ]]
echo "smoke: ok"
