#!/usr/bin/env bash
# Builds the DocC documentation: the FormSpec catalog (Sources/FormSpec/FormSpec.docc) combined with
# the modules it re-exports, so the embedding types (CompiledForm, LiveForm, Report, the options)
# are documented beside the articles. Fails on any DocC warning (a broken link, an unknown symbol).
#
#   Scripts/docs.sh            writes .build/plugins/Swift-DocC/outputs/FormSpec.doccarchive
#
# Needs the swift-docc-plugin dependency of Package.swift and `docc` from the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package generate-documentation --enable-experimental-combined-documentation \
    --target FormSpec --target FormSpecLive --target FormSpecRuntime --target FormSpecCompiler \
    --target FormSpecDiagnostics --target FormSpecSpecTesting 2>&1 | tee "$log"
if grep -q '^warning:' "$log"; then
    echo "docs: DocC printed $(grep -c '^warning:' "$log") warning(s)" >&2
    exit 1
fi
