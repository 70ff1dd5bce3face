#!/usr/bin/env bash
# Builds the libFuzzer targets (release, AddressSanitizer + LeakSanitizer) and runs one or all of
# them for a bounded time, starting from the committed seed corpus.
#
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
#     TARGET   spec | input | pattern | lsp | all
#     SECONDS  per target (default 60)
#
# New inputs go to Fuzz/.build-fuzz/corpus/TARGET (kept between runs; a first run starts it from
# Corpus/minimised/TARGET.tar.gz), crashes, leaks and timeouts to Fuzz/.build-fuzz/artifacts/TARGET/.
# Exits non-zero when any target finds one.
# Reproduce a finding: Fuzz/.build-fuzz/release/FuzzSpec FILE (the binaries take files as arguments).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
target=${1:-}
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))

case "$target" in
    spec | input | pattern | lsp) targets=("$target") ;;
    all) targets=(spec input pattern lsp) ;;
    *) echo "usage: Fuzz/run.sh spec|input|pattern|lsp|all [SECONDS] [libFuzzer flags...]" >&2; exit 2 ;;
esac

cd "$here"
# SwiftPM's incremental build here once kept FuzzSupport compiled against an older
# FormSpecCompiler (a SourceProvider witness table one requirement short, which ASan reported as
# a global-buffer-overflow in the driver on the first input). So when any source changed since
# the last build, everything is compiled again; the corpus and artifacts stay.
digest=$(cd .. && find Sources Fuzz/Sources Package.swift Fuzz/Package.swift -type f -print0 | sort -z |
    xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
stamp=.build-fuzz/sources.sha256
if [[ -f $stamp && "$(cat "$stamp")" != "$digest" ]]; then
    echo "fuzz: sources changed since the last build; building from scratch" >&2
    rm -rf .build-fuzz/*-unknown-linux-gnu .build-fuzz/release .build-fuzz/build.db .build-fuzz/release.yaml "$stamp"
fi
swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address >&2
echo "$digest" >"$stamp"

binary() {
    case "$1" in spec) echo FuzzSpec ;; input) echo FuzzInput ;; pattern) echo FuzzPattern ;; lsp) echo FuzzLSP ;; esac
}
max_len() {
    case "$1" in spec) echo 16384 ;; input) echo 8192 ;; pattern) echo 1024 ;; lsp) echo 16384 ;; esac
}

# Leaks are failures; a crash report should show where, with symbols.
# Swift's own crash handler would race ASan's (and can hang under it): let the sanitizers report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-report_objects=1:suppressions=$here/lsan.supp:print_suppressions=0}

status=0
for name in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$name
    artifacts=.build-fuzz/artifacts/$name/
    mkdir -p "$corpus" "$artifacts"
    # A first run starts from the committed minimised corpus (what earlier long runs found, merged
    # with -merge=1), not from the seeds alone: every input in it is replayed before fuzzing.
    if [[ -z "$(ls -A "$corpus")" && -f Corpus/minimised/$name.tar.gz ]]; then
        tar -C "$corpus" -xzf "Corpus/minimised/$name.tar.gz"
    fi
    dict=()
    [[ -f Dictionaries/$name.dict ]] && dict=(-dict="Dictionaries/$name.dict")
    echo "== $name: ${seconds}s" >&2
    if ! ".build-fuzz/release/$(binary "$name")" "$corpus" "Corpus/$name" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
        -max_len="$(max_len "$name")" -detect_leaks=1 -print_final_stats=1 \
        -artifact_prefix="$artifacts" "${dict[@]}" "$@"; then
        echo "== $name: FAILED, see $here/$artifacts" >&2
        status=1
    fi
done
exit $status
