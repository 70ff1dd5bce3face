#!/usr/bin/env python3
"""Heap allocations per valid record of `formspec validate --jsonl --report errors`, end to end:
valgrind counts every malloc of one run on N valid records and of one on 2N; the difference over
N is what one more record costs, with start-up, spec compilation and buffers that grow once
cancelled out.

    swift build -c release --static-swift-stdlib --product formspec
    python3 Scripts/bench/mallocs.py              # both sign-up specs, N = 2000

A text value longer than 15 UTF-8 bytes is one heap allocation: Swift keeps shorter strings inside
the `String` value, longer ones in a buffer, and a field's value is a `String`. The bench spec's
emails (`name.N@example.com`) are all longer, hence about one allocation per record there.

Run from the repository root (or pass --formspec). Needs valgrind.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from compare import generate  # noqa: E402  (the end-to-end benchmark's records)
from rules import check  # noqa: E402


def bench_records(path, count):
    """`count` valid records of Benchmarks/signup-bench.form.yaml, from compare.py's generator."""
    import json

    scratch = path + ".all"
    generate(scratch, count * 3)
    kept = 0
    with open(scratch) as lines, open(path, "w") as out:
        for line in lines:
            record = json.loads(line)
            if not check(record["username"], record["password"], record["confirm_password"], record["email"],
                         record["age"]):
                out.write(line)
                kept += 1
                if kept == count:
                    break
    os.remove(scratch)
    if kept < count:
        sys.exit("not enough valid records")


def readme_records(path, count, seed=1, longest=15):
    """`count` valid records of the README's sign-up spec (Specs/signup.form.yaml), every string at
    most `longest` bytes (15: what Swift stores in the `String` itself, without a heap buffer)."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    with open(path, "w") as out:
        for index in range(count):
            name = "".join(rng.choice(letters) for _ in range(rng.randint(6, longest - 2))) + str(index % 100)
            password = "Pa5" + "".join(rng.choice(letters) for _ in range(rng.randint(5, longest - 4))) + "!"
            out.write('{"username":"%s","password":"%s","confirm_password":"%s"}\n' % (name, password, password))


def allocations(formspec, spec, data):
    result = subprocess.run(
        ["valgrind", "--tool=memcheck", formspec, "validate", spec, data, "--report", "errors", "--jobs", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    found = re.search(rb"total heap usage: ([\d,]+) allocs", result.stderr)
    if not found:
        sys.exit(f"no valgrind summary for {data}: {result.stderr.decode()[-500:]}")
    return int(found.group(1).replace(b",", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--formspec", default=os.path.join(ROOT, ".build/release/formspec"))
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="formspec-mallocs-")
    specs = [
        ("bench spec (Benchmarks/signup-bench.form.yaml)", os.path.join(ROOT, "Benchmarks/signup-bench.form.yaml"),
         bench_records),
        ("README sign-up (Specs/signup.form.yaml), strings <= 15 bytes", os.path.join(ROOT, "Specs/signup.form.yaml"),
         readme_records),
        ("README sign-up (Specs/signup.form.yaml), strings of up to 30 bytes",
         os.path.join(ROOT, "Specs/signup.form.yaml"), lambda path, count: readme_records(path, count, longest=30)),
    ]
    for name, spec, make in specs:
        small = os.path.join(scratch, "small.jsonl")
        large = os.path.join(scratch, "large.jsonl")
        make(large, 2 * args.records)
        with open(large) as source, open(small, "w") as out:
            for index, line in enumerate(source):
                if index == args.records:
                    break
                out.write(line)
        low = allocations(args.formspec, spec, small)
        high = allocations(args.formspec, spec, large)
        print(f"{name}: {(high - low) / args.records:.2f} mallocs per valid record "
              f"({low} allocs for {args.records} records, {high} for {2 * args.records})")
        os.remove(small)
        os.remove(large)
    os.rmdir(scratch)


if __name__ == "__main__":
    main()
