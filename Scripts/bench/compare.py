#!/usr/bin/env python3
"""End-to-end JSON Lines validation: `formspec validate --jsonl --report errors` against two
Python peers (orjson + `re` by hand, and msgspec), on the same generated sign-up file, in one run,
interleaved, several rounds. Prints each runner's median records/s and its ratio to the fastest
peer, after checking that every runner wrote the same report lines.

    swift build -c release --static-swift-stdlib --product formspec
    pip install orjson msgspec
    python3 Scripts/bench/compare.py                    # 100k lines, 5 rounds
    python3 Scripts/bench/compare.py --lines 1000000 --rounds 3
    python3 Scripts/bench/compare.py --rss-lines 1000000   # also: formspec's peak RSS on 1M lines

Run from the repository root (or pass --formspec and --spec).
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def generate(path, count, seed=42):
    """`count` sign-up records, about 60 % valid, the rest each breaking one or two rules."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    with open(path, "w") as out:
        for index in range(count):
            name = "".join(rng.choice(letters) for _ in range(rng.randint(4, 12))) + "_" + str(index % 1000)
            password = "Pa5" + "".join(rng.choice(letters) for _ in range(rng.randint(6, 12))) + "!"
            confirm = password
            email = name.replace("_", ".") + "@example.com"
            age = rng.randint(13, 99)
            kind = rng.random()
            if kind < 0.08:
                name = name[:2]
            elif kind < 0.16:
                name = name.upper()
            elif kind < 0.24:
                password = password.lower().replace("!", "x")
                confirm = password
            elif kind < 0.30:
                confirm = password + "?"
            elif kind < 0.36:
                email = email.replace("@", "")
            elif kind < 0.40:
                age = rng.choice([5, 150])
            out.write(
                '{"username":"%s","password":"%s","confirm_password":"%s","email":"%s","age":%d}\n'
                % (name, password, confirm, email, age))


def time_run(command, output_path):
    with open(output_path, "wb") as out:
        start = time.perf_counter()
        result = subprocess.run(command, stdout=out, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode()[:500]}")
    return elapsed


def peak_rss_kb(command):
    """Peak resident memory of `command` in KiB, from GNU time."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return int(result.stderr.decode().strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--formspec", default=os.path.join(ROOT, ".build/release/formspec"))
    parser.add_argument("--spec", default=os.path.join(ROOT, "Benchmarks/signup-bench.form.yaml"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="formspec's all-cores run")
    parser.add_argument("--rss-lines", type=int, default=0, help="also measure peak RSS on this many lines")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="formspec-bench-")
    data = os.path.join(scratch, "signup.jsonl")
    generate(data, args.lines)
    python = sys.executable
    runners = {
        f"formspec --jobs 1": [args.formspec, "validate", args.spec, data, "--report", "errors", "--jobs", "1"],
        f"formspec --jobs {args.jobs}": [
            args.formspec, "validate", args.spec, data, "--report", "errors", "--jobs", str(args.jobs)],
        "python orjson + re": [python, os.path.join(HERE, "peer_orjson.py"), data],
        "python msgspec": [python, os.path.join(HERE, "peer_msgspec.py"), data],
    }
    peers = ["python orjson + re", "python msgspec"]

    # One untimed round: warm the page cache and check every runner writes the same lines.
    outputs = {}
    for name, command in runners.items():
        path = os.path.join(scratch, name.replace(" ", "_").replace("+", "") + ".out")
        time_run(command, path)
        with open(path, "rb") as file:
            outputs[name] = file.read()
    reference = outputs["formspec --jobs 1"]
    assert reference.count(b"\n") == args.lines, "formspec wrote a different number of lines"
    for name, output in outputs.items():
        if output != reference:
            sys.exit(f"{name} wrote different reports from formspec --jobs 1")

    times = {name: [] for name in runners}
    names = list(runners)
    for round_index in range(args.rounds):
        order = names[round_index % len(names):] + names[: round_index % len(names)]
        for name in order:
            times[name].append(time_run(runners[name], os.devnull))

    rates = {name: args.lines / statistics.median(samples) for name, samples in times.items()}
    best_peer = max(peers, key=lambda name: rates[name])
    valid = reference.count(b'{"valid":true}')
    print(f"{args.lines} lines, {args.rounds} interleaved rounds, median; all outputs identical ({valid} valid)")
    print(f"{'runner':<24}{'records/s':>14}{'median s':>11}{'vs ' + best_peer:>28}")
    for name in names:
        print(f"{name:<24}{rates[name]:>14,.0f}{statistics.median(times[name]):>11.3f}"
              f"{rates[name] / rates[best_peer]:>27.2f}x")

    if args.rss_lines:
        big = os.path.join(scratch, "big.jsonl")
        generate(big, args.rss_lines, seed=7)
        for jobs in (1, args.jobs):
            kb = peak_rss_kb([args.formspec, "validate", args.spec, big, "--report", "errors", "--jobs", str(jobs)])
            print(f"peak RSS, formspec --jobs {jobs} on {args.rss_lines} lines: {kb / 1024:.1f} MiB")

    if args.keep:
        print(f"scratch: {scratch}")
    else:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
