#!/usr/bin/env bash
# CI's fuzz step: every libFuzzer target for a short, bounded time (about a minute in all, after the
# build), from the committed seed corpus. Fails on any crash, leak, timeout or out-of-memory.
# Called by .ci/run; runs as root on Debian with Swift in /opt/swift.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# -sanitize=fuzzer,address links the toolchain's own compiler-rt (libFuzzer, ASan, LSan), which
# ships with Swift for Linux; a distribution's clang runtime would not match its version.
resource=$(dirname "$(command -v swiftc)")/../lib/clang
if ! ls "$resource"/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 &&
    ! ls "$resource"/*/lib/*/libclang_rt.fuzzer.a >/dev/null 2>&1; then
    echo "fuzz: this Swift toolchain has no libFuzzer runtime under $resource" >&2
    exit 1
fi
# Symbolized sanitizer reports need llvm-symbolizer; reports without it still fail the step.
if ! command -v llvm-symbolizer >/dev/null 2>&1; then
    echo "fuzz: installing llvm (llvm-symbolizer, for readable reports)" >&2
    as_root apt-get update -qq || true
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq llvm >/dev/null || true
fi

# Seconds per target; the spec target has the most code to cover.
"$here/run.sh" spec "${FUZZ_SPEC_SECONDS:-25}"
"$here/run.sh" input "${FUZZ_INPUT_SECONDS:-20}"
"$here/run.sh" pattern "${FUZZ_PATTERN_SECONDS:-15}"
"$here/run.sh" lsp "${FUZZ_LSP_SECONDS:-15}"
python3 "$here/specgen.py" --count "${FUZZ_SPECGEN_COUNT:-40}" --seconds "${FUZZ_SPECGEN_SECONDS:-60}" \
    --seed "${FUZZ_SPECGEN_SEED:-$RANDOM}"
