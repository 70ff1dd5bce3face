#!/usr/bin/env python3
"""Start-up of the `formspec` executable: `formspec --version` (loading the program and its
libraries, ArgumentParser) and `formspec validate SPEC EMPTY` (that plus compiling the spec), for one
or more builds, runs interleaved, medians in milliseconds.

    swift build -c release --static-swift-stdlib --product formspec   # as the CLI ships on Linux
    python3 Scripts/bench/startup.py                                  # the release build
    python3 Scripts/bench/startup.py /tmp/formspec-before .build/release/formspec --runs 60

Run from the repository root.
"""

import argparse
import os
import statistics
import subprocess
import tempfile
import time

SPECS = ["Benchmarks/signup-bench.form.yaml", "Benchmarks/nested-order-bench.form.yaml"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="*", default=[".build/release/formspec"])
    parser.add_argument("--runs", type=int, default=40, help="runs of each command per binary")
    args = parser.parse_args()

    with tempfile.NamedTemporaryFile(suffix=".jsonl") as empty:
        commands = {"--version": ["--version"]}
        for spec in SPECS:
            commands[f"validate {os.path.basename(spec)} (empty input)"] = ["validate", spec, empty.name]
        times = {(binary, name): [] for binary in args.binaries for name in commands}
        for _ in range(args.runs):
            for name, arguments in commands.items():
                for binary in args.binaries:
                    start = time.perf_counter()
                    subprocess.run([binary, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    times[(binary, name)].append(time.perf_counter() - start)
    for name in commands:
        print(name)
        for binary in args.binaries:
            print(f"  {binary}: {statistics.median(times[(binary, name)]) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
