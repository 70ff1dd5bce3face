#!/usr/bin/env python3
"""Nested end-to-end JSON Lines validation: `formspec validate SPEC FILE --report errors` on orders
with an `address` group and 1–20 `line_items` (Benchmarks/nested-order-bench.form.yaml) against
three Python peers (Scripts/bench/nested_peers.py: orjson + rules by hand, msgspec nested Structs,
jsonschema-rs), on the same generated file, in one run, interleaved, several rounds. Each runner
runs on one core (formspec --jobs 1, a peer in one process) and on all cores (formspec --jobs N,
a peer in N multiprocessing workers). Prints each runner's median records/s and its ratio to the
fastest peer with the same cores, after checking that every runner gives every line the same
valid/invalid verdict (it prints the number of disagreements, and fails if there are any).

    swift build -c release --static-swift-stdlib --product formspec   # as the CLI ships on Linux
    pip install orjson msgspec jsonschema-rs
    python3 Scripts/bench/compare_nested.py                       # 100k lines, 5 rounds
    python3 Scripts/bench/compare_nested.py --rounds 9 --rss-lines 1000000

Run from the repository root (or pass --formspec and --spec).
"""

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The timing and memory helpers of the flat comparison, its sibling.
sys.path.insert(0, HERE)
from compare import peak_rss_kb, time_run  # noqa: E402

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
STREETS = ["Dam", "Kalverstraat", "Rue de la Paix", "Hauptstrasse", "Grote Markt", "Coolsingel", "Lange Voorhout"]
CITIES = ["Amsterdam", "Rotterdam", "Brussel", "Antwerpen", "Berlin", "Paris", "Utrecht", "Gent"]
COUNTRIES = ["NL", "BE", "DE", "FR"]
NOTES = ["blue", "gift wrap please", "size M", "leave at the door", "fragile: glass inside"]

# Ways to break a record: (name, is it inside a line item?). Each broken record breaks one or two.
BREAKS = [
    "order_id", "email", "street_long", "city_missing", "city_short", "postcode", "country",
    "address_null", "items_empty", "items_too_many", "gift_no_message", "gift_message_long",
    "item_quantity_low", "item_quantity_high", "item_quantity_fraction", "item_cents_zero",
    "item_sku", "item_sku_missing", "item_not_object", "item_note_long", "item_quantity_null",
]
ITEM_BREAKS = [name for name in BREAKS if name.startswith("item_")]


def _item(rng):
    item = {
        "sku": "".join(rng.choices(UPPER, k=3)) + "-%04d" % rng.randrange(10000),
        "quantity": rng.randint(1, 99),
        "unit_cents": rng.randint(1, 1000000),
    }
    if rng.random() < 0.3:
        item["note"] = rng.choice(NOTES)
    return item


def _break(rng, record, kind):
    address = record["address"]
    items = record["line_items"]
    if kind.startswith("item_"):
        if not isinstance(items, list) or not items:
            return
        index = rng.randrange(len(items))
        item = items[index]
        if not isinstance(item, dict):
            return
        if kind == "item_quantity_low":
            item["quantity"] = 0
        elif kind == "item_quantity_high":
            item["quantity"] = rng.randint(100, 1000)
        elif kind == "item_quantity_fraction":
            item["quantity"] = 2.5
        elif kind == "item_quantity_null":
            item["quantity"] = None
        elif kind == "item_cents_zero":
            item["unit_cents"] = 0
        elif kind == "item_sku":
            item["sku"] = item.get("sku", "ABC-0000").lower()
        elif kind == "item_sku_missing":
            item.pop("sku", None)
        elif kind == "item_not_object":
            items[index] = item.get("sku", "ABC-0000")
        elif kind == "item_note_long":
            item["note"] = "x" * rng.randint(81, 120)
        return
    if kind == "order_id":
        record["order_id"] = record["order_id"].replace("ORD-", "ord-")
    elif kind == "email":
        record["email"] = record["email"].replace("@", "")
    elif kind == "address_null":
        record["address"] = None
    elif kind == "items_empty":
        record["line_items"] = []
    elif kind == "items_too_many":
        record["line_items"] = [_item(rng) for _ in range(rng.randint(21, 24))]
    elif kind == "gift_no_message":
        record["gift"] = True
        record.pop("gift_message", None)
    elif kind == "gift_message_long":
        record["gift_message"] = "Happy birthday! " * 7
    elif address is None:
        return
    elif kind == "street_long":
        address["street"] = "Long " * 13
    elif kind == "city_missing":
        address.pop("city", None)
    elif kind == "city_short":
        address["city"] = "A"
    elif kind == "postcode":
        address["postcode"] = "%05d" % rng.randrange(100000)
    elif kind == "country":
        address["country"] = "XX"


def generate(path, count, seed=42):
    """`count` orders, about 60 % valid, the rest each breaking one or two rules (about half of them
    in a line item). Compact JSON, one object a line."""
    import orjson

    rng = random.Random(seed)
    with open(path, "wb") as out:
        lines = []
        for index in range(count):
            name = "".join(rng.choices(LOWER, k=rng.randint(3, 10)))
            record = {
                "order_id": "ORD-%08d" % index,
                "email": f"{name}.{index % 1000}@example.com",
                "address": {
                    "street": f"{rng.choice(STREETS)} {rng.randint(1, 400)}",
                    "city": rng.choice(CITIES),
                    "postcode": "%d%03d %s" % (rng.randint(1, 9), rng.randrange(1000), "".join(rng.choices(UPPER, k=2))),
                    "country": rng.choice(COUNTRIES),
                },
                "line_items": [_item(rng) for _ in range(rng.randint(1, 20))],
            }
            if rng.random() < 0.2:
                record["gift"] = True
                record["gift_message"] = "Enjoy, " + name
            elif rng.random() < 0.2:
                record["gift"] = False
            if rng.random() >= 0.6:
                kinds = 1 if rng.random() < 0.7 else 2
                for _ in range(kinds):
                    kind = rng.choice(ITEM_BREAKS) if rng.random() < 0.5 else rng.choice(BREAKS)
                    _break(rng, record, kind)
            lines.append(orjson.dumps(record))
            if len(lines) == 10000:
                out.write(b"\n".join(lines) + b"\n")
                lines = []
        if lines:
            out.write(b"\n".join(lines) + b"\n")


def verdicts(output):
    """One boolean a line: does the report say valid? (A malformed line's error says invalid.)"""
    return [line.startswith(b'{"valid":true}') for line in output.splitlines()]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--formspec", default=os.path.join(ROOT, ".build/release/formspec"))
    parser.add_argument("--spec", default=os.path.join(ROOT, "Benchmarks/nested-order-bench.form.yaml"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count(),
                        help="the all-cores runs: formspec --jobs N, peers in N processes")
    parser.add_argument("--rss-lines", type=int, default=0, help="also measure formspec's peak RSS on this many lines")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="formspec-nested-bench-")
    data = os.path.join(scratch, "orders.jsonl")
    generate(data, args.lines)
    python = sys.executable
    peers_script = os.path.join(HERE, "nested_peers.py")

    def formspec(jobs):
        return [args.formspec, "validate", args.spec, data, "--report", "errors", "--jobs", str(jobs)]

    def peer(name, procs):
        return [python, peers_script, "--peer", name, "--procs", str(procs), data]

    peer_names = ["orjson", "msgspec", "jsonschema-rs"]
    groups = {}  # cores -> {runner name: command}
    for cores in (1, args.jobs):
        label = "1 core" if cores == 1 else f"{cores} cores"
        group = {f"formspec --jobs {cores}": formspec(cores)}
        for name in peer_names:
            group[f"python {name}" + ("" if cores == 1 else f" x{cores}")] = peer(name, cores)
        groups[label] = group
    runners = {name: command for group in groups.values() for name, command in group.items()}

    # One untimed round: warm the page cache and compare every runner's verdicts line by line.
    outputs = {}
    for name, command in runners.items():
        path = os.path.join(scratch, name.replace(" ", "_") + ".out")
        time_run(command, path)
        with open(path, "rb") as file:
            outputs[name] = verdicts(file.read())
    reference_name = "formspec --jobs 1"
    reference = outputs[reference_name]
    if len(reference) != args.lines:
        sys.exit(f"formspec wrote {len(reference)} lines for {args.lines}")
    disagreements = 0
    for name, verdict in outputs.items():
        if len(verdict) != len(reference):
            sys.exit(f"{name} wrote {len(verdict)} lines for {len(reference)}")
        differing = [index + 1 for index, (a, b) in enumerate(zip(reference, verdict)) if a != b]
        if differing:
            print(f"{name}: {len(differing)} verdicts differ from {reference_name}, first lines {differing[:5]}")
        disagreements += len(differing)
    valid = sum(reference)
    print(f"verdict disagreements with {reference_name}, over {len(outputs) - 1} runners: {disagreements}")

    times = {name: [] for name in runners}
    names = list(runners)
    for round_index in range(args.rounds):
        order = names[round_index % len(names):] + names[: round_index % len(names)]
        for name in order:
            times[name].append(time_run(runners[name], os.devnull))

    rates = {name: args.lines / statistics.median(samples) for name, samples in times.items()}
    size = os.path.getsize(data)
    print(f"{args.lines} lines ({size / args.lines:.0f} bytes a line, {valid} valid), "
          f"{args.rounds} interleaved rounds, median")
    for label, group in groups.items():
        peers = [name for name in group if name.startswith("python")]
        best_peer = max(peers, key=lambda name: rates[name])
        print(f"\n{label}")
        print(f"{'runner':<28}{'records/s':>12}{'median s':>10}{'min s':>8}{'max s':>8}  vs {best_peer}")
        for name in group:
            samples = times[name]
            print(f"{name:<28}{rates[name]:>12,.0f}{statistics.median(samples):>10.3f}{min(samples):>8.3f}"
                  f"{max(samples):>8.3f}  {rates[name] / rates[best_peer]:.2f}x")

    if args.rss_lines:
        big = os.path.join(scratch, "big.jsonl")
        generate(big, args.rss_lines, seed=7)
        print()
        for jobs in (1, args.jobs):
            command = [args.formspec, "validate", args.spec, big, "--report", "errors", "--jobs", str(jobs)]
            kb = peak_rss_kb(command)
            print(f"peak RSS, formspec --jobs {jobs} on {args.rss_lines} lines "
                  f"({os.path.getsize(big) / 2**20:.0f} MiB): {kb / 1024:.1f} MiB")

    if args.keep:
        print(f"scratch: {scratch}")
    else:
        shutil.rmtree(scratch)
    if disagreements:
        sys.exit(1)


if __name__ == "__main__":
    main()
