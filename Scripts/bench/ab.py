#!/usr/bin/env python3
"""Two builds of a command, interleaved: which one is faster, on a noisy machine.

Runs `A ARGS...` and `B ARGS...` alternately (A first in even rounds, B first in odd ones) with
stdout discarded, and prints the median and lower-quartile CPU time (user + system, from wait4)
and the median wall time of each, with B's ratio to A. A shared machine only ever adds time, so
the lower quartile and the minimum say most about the code; the medians say what a user sees.

    python3 Scripts/bench/ab.py 20 /tmp/formspec-before .build/release/formspec -- \\
        validate Benchmarks/signup-bench.form.yaml signup.jsonl --report errors --jobs 1
"""

import os
import statistics
import sys
import time


def main():
    if len(sys.argv) < 5 or sys.argv[4] != "--":
        sys.exit("usage: ab.py ROUNDS A B -- ARGS...")
    rounds, a, b, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[5:]
    binaries = (a, b)
    cpu = ([], [])
    wall = ([], [])
    devnull = os.open(os.devnull, os.O_WRONLY)
    for index in range(rounds):
        for which in (0, 1) if index % 2 == 0 else (1, 0):
            binary = binaries[which]
            start = time.perf_counter()
            pid = os.posix_spawn(binary, [binary] + args, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
            _, _, usage = os.wait4(pid, 0)
            wall[which].append(time.perf_counter() - start)
            cpu[which].append(usage.ru_utime + usage.ru_stime)

    def quartile(values):
        return sorted(values)[len(values) // 4]

    for name, pick in (("cpu median", statistics.median), ("cpu lower quartile", quartile), ("cpu minimum", min)):
        first, second = pick(cpu[0]) * 1000, pick(cpu[1]) * 1000
        print(f"{name:<20} A {first:8.1f} ms  B {second:8.1f} ms  B/A {second / first:.3f}")
    first, second = statistics.median(wall[0]) * 1000, statistics.median(wall[1]) * 1000
    print(f"{'wall median':<20} A {first:8.1f} ms  B {second:8.1f} ms  B/A {second / first:.3f}")


if __name__ == "__main__":
    main()
