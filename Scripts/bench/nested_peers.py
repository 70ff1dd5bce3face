#!/usr/bin/env python3
"""The Python peers of the nested benchmark (Scripts/bench/compare_nested.py): each checks every
rule of Benchmarks/nested-order-bench.form.yaml and writes one verdict a line, {"valid":true} or
{"valid":false} (not formspec's error lists: the peers do less output work than formspec).

    nested_peers.py --peer orjson|msgspec|jsonschema-rs [--procs N] INPUT.jsonl > OUT

- orjson: `orjson.loads` and the rules by hand (`re`, comparisons), stopping at the first failure.
- msgspec: nested `Struct`s whose field annotations carry the rules (`Meta(pattern=, min_length=,
  max_length=, ge=, le=)`, `Literal` for the choice), so msgspec's C decoder checks them while it
  decodes; the one conditional rule (a gift needs a message) in code.
- jsonschema-rs: `orjson.loads`, then `Validator.is_valid` with the JSON Schema below.

--procs N (default 1) splits the file into N byte ranges on line boundaries, checks each in a
`multiprocessing` worker (fork) and writes their outputs in order; 1 is a single process.

Where the peers read less than formspec: formspec also reads integers written as strings ("55")
and booleans as "true"/"false"; the orjson peer does too, msgspec and JSON Schema do not. Lengths
are grapheme clusters in formspec and code points in the peers. The generated data has none of
these cases (ASCII, JSON numbers and booleans), so every verdict can be compared.
"""

import argparse
import os
import re
import sys
from multiprocessing import Pool
from typing import Annotated, Literal, Optional

import orjson

VALID = b'{"valid":true}\n'
INVALID = b'{"valid":false}\n'

ORDER_ID = r"^ORD-[0-9]{8}$"
EMAIL = r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"
POSTCODE = r"^[1-9][0-9]{3} ?[A-Z]{2}$"
SKU = r"^[A-Z]{3}-[0-9]{4}$"
COUNTRIES = ("NL", "BE", "DE", "FR")


def _py(pattern):
    """Python's `$` also matches before a final newline; FormSpec's and ECMAScript's do not."""
    return pattern[:-1] + r"\Z"


# --- orjson: the rules by hand --------------------------------------------------------------

ORDER_ID_RE = re.compile(_py(ORDER_ID)).search
EMAIL_RE = re.compile(_py(EMAIL)).search
POSTCODE_RE = re.compile(_py(POSTCODE)).search
SKU_RE = re.compile(_py(SKU)).search
INT_TEXT = re.compile(r"^[+-]?[0-9]+\Z").search
COUNTRY_SET = frozenset(COUNTRIES)


def _integer(value):
    """FormSpec's `integer` reading: a whole JSON number or a string holding one; else None."""
    if type(value) is int:
        return value
    if type(value) is float:
        return int(value) if value.is_integer() else None
    if type(value) is str and INT_TEXT(value):
        return int(value)
    return None


def _optional_text_ok(value, max_length):
    if value is None or value == "":
        return True
    return type(value) is str and len(value) <= max_length


def _item_ok(item):
    if type(item) is not dict:
        return False
    sku = item.get("sku")
    if type(sku) is not str or not SKU_RE(sku):
        return False
    quantity = _integer(item.get("quantity"))
    if quantity is None or quantity < 1 or quantity > 99:
        return False
    cents = _integer(item.get("unit_cents"))
    if cents is None or cents < 1 or cents > 1000000:
        return False
    return _optional_text_ok(item.get("note"), 80)


def _order_ok(record):
    if type(record) is not dict:
        return False
    value = record.get("order_id")
    if type(value) is not str or not ORDER_ID_RE(value):
        return False
    value = record.get("email")
    if type(value) is not str or not EMAIL_RE(value):
        return False
    address = record.get("address")
    if type(address) is not dict:  # absent, null, or not an object
        return False
    value = address.get("street")
    if type(value) is not str or not value or len(value) > 60:
        return False
    value = address.get("city")
    if type(value) is not str or not 2 <= len(value) <= 40:
        return False
    value = address.get("postcode")
    if type(value) is not str or not POSTCODE_RE(value):
        return False
    if address.get("country") not in COUNTRY_SET:
        return False
    items = record.get("line_items")
    if type(items) is not list or not 1 <= len(items) <= 20:
        return False
    for item in items:
        if not _item_ok(item):
            return False
    gift = record.get("gift")
    if gift == "true":
        gift = True
    elif gift == "false" or gift == "":
        gift = None
    if gift is not None and type(gift) is not bool:
        return False
    message = record.get("gift_message")
    if not _optional_text_ok(message, 100):
        return False
    if gift is True and (message is None or message == ""):
        return False
    return True


def check_orjson(line):
    try:
        record = orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return _order_ok(record)


# --- msgspec: nested Structs with the rules in their annotations ------------------------------

def _msgspec_checker():
    import msgspec
    from msgspec import Meta, Struct

    class Address(Struct):
        street: Annotated[str, Meta(min_length=1, max_length=60)]
        city: Annotated[str, Meta(min_length=2, max_length=40)]
        postcode: Annotated[str, Meta(pattern=_py(POSTCODE))]
        country: Literal["NL", "BE", "DE", "FR"]

    class Item(Struct):
        sku: Annotated[str, Meta(pattern=_py(SKU))]
        quantity: Annotated[int, Meta(ge=1, le=99)]
        unit_cents: Annotated[int, Meta(ge=1, le=1000000)]
        note: Optional[Annotated[str, Meta(max_length=80)]] = None

    class Order(Struct):
        order_id: Annotated[str, Meta(pattern=_py(ORDER_ID))]
        email: Annotated[str, Meta(pattern=_py(EMAIL))]
        address: Address
        line_items: Annotated[list[Item], Meta(min_length=1, max_length=20)]
        gift: Optional[bool] = None
        gift_message: Optional[Annotated[str, Meta(max_length=100)]] = None

    decode = msgspec.json.Decoder(Order).decode
    errors = (msgspec.DecodeError, msgspec.ValidationError)

    def check(line):
        try:
            order = decode(line)
        except errors:
            return False
        return not (order.gift is True and not order.gift_message)

    return check


# --- jsonschema-rs ----------------------------------------------------------------------------

def _text(**keywords):
    return {"type": "string", **keywords}


OPTIONAL_TEXT = {"type": ["string", "null"]}

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["order_id", "email", "address", "line_items"],
    "properties": {
        "order_id": _text(pattern=ORDER_ID),
        "email": _text(pattern=EMAIL),
        "address": {
            "type": "object",
            "required": ["street", "city", "postcode", "country"],
            "properties": {
                "street": _text(minLength=1, maxLength=60),
                "city": _text(minLength=2, maxLength=40),
                "postcode": _text(pattern=POSTCODE),
                "country": {"enum": list(COUNTRIES)},
            },
        },
        "line_items": {
            "type": "array",
            "minItems": 1,
            "maxItems": 20,
            "items": {
                "type": "object",
                "required": ["sku", "quantity", "unit_cents"],
                "properties": {
                    "sku": _text(pattern=SKU),
                    "quantity": {"type": "integer", "minimum": 1, "maximum": 99},
                    "unit_cents": {"type": "integer", "minimum": 1, "maximum": 1000000},
                    "note": {**OPTIONAL_TEXT, "maxLength": 80},
                },
            },
        },
        "gift": {"type": ["boolean", "null"]},
        "gift_message": {**OPTIONAL_TEXT, "maxLength": 100},
    },
    "if": {"required": ["gift"], "properties": {"gift": {"const": True}}},
    "then": {"required": ["gift_message"], "properties": {"gift_message": _text(minLength=1)}},
}


def _jsonschema_checker():
    import jsonschema_rs

    is_valid = jsonschema_rs.validator_for(SCHEMA).is_valid
    loads = orjson.loads

    def check(line):
        try:
            return is_valid(loads(line))
        except orjson.JSONDecodeError:
            return False

    return check


CHECKERS = {"orjson": lambda: check_orjson, "msgspec": _msgspec_checker, "jsonschema-rs": _jsonschema_checker}


def run_range(job):
    """Verdict lines for the lines starting in bytes [start, end) of the file."""
    peer, path, start, end = job
    check = CHECKERS[peer]()
    out = []
    append = out.append
    with open(path, "rb") as file:
        file.seek(start)
        position = start
        while position < end:
            line = file.readline()
            if not line:
                break
            position += len(line)
            append(VALID if check(line) else INVALID)
    return b"".join(out)


def ranges(path, parts):
    size = os.path.getsize(path)
    bounds = [0]
    with open(path, "rb") as file:
        for index in range(1, parts):
            file.seek(max(bounds[-1], size * index // parts))
            file.readline()
            bounds.append(min(file.tell(), size))
    bounds.append(size)
    return [(bounds[i], bounds[i + 1]) for i in range(parts) if bounds[i] < bounds[i + 1]]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", choices=sorted(CHECKERS), required=True)
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("input")
    args = parser.parse_args()
    write = sys.stdout.buffer.write
    if args.procs <= 1:
        write(run_range((args.peer, args.input, 0, os.path.getsize(args.input))))
        return
    jobs = [(args.peer, args.input, start, end) for start, end in ranges(args.input, args.procs)]
    with Pool(len(jobs)) as pool:
        for chunk in pool.map(run_range, jobs):
            write(chunk)


if __name__ == "__main__":
    main()
