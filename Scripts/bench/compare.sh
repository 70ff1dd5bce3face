#!/bin/sh
# Builds the release CLI as it ships on Linux (the Swift runtime linked in statically: a run starts
# in 6 ms instead of 10, and runtime calls skip the dynamic linker's indirection), installs the
# Python peers if missing, and runs the comparison.
# Arguments go to compare.py (e.g. --lines 1000000 --rounds 3 --rss-lines 1000000).
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product formspec
python3 -c "import orjson, msgspec" 2>/dev/null || python3 -m pip install --quiet orjson msgspec
exec python3 Scripts/bench/compare.py "$@"
