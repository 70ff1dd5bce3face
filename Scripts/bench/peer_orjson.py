"""Peer 1: a hand-written validator, orjson + `re`. Usage: peer_orjson.py INPUT.jsonl > OUT"""

import sys

import orjson

from rules import check

VALID = b'{"valid":true}\n'


def main(path):
    out = sys.stdout.buffer
    write = out.write
    with open(path, "rb") as lines:
        for number, line in enumerate(lines, 1):
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError as error:
                write(orjson.dumps({"line": number, "error": str(error)}) + b"\n")
                continue
            if not isinstance(record, dict):
                write(orjson.dumps({"line": number, "error": "the input must be an object"}) + b"\n")
                continue
            errors = check(
                record.get("username"), record.get("password"), record.get("confirm_password"),
                record.get("email"), record.get("age"))
            if errors:
                write(orjson.dumps({"valid": False, "errors": errors}) + b"\n")
            else:
                write(VALID)


if __name__ == "__main__":
    main(sys.argv[1])
