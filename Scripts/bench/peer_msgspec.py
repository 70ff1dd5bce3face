"""Peer 2: msgspec decodes each line into a typed Struct, then the same rules.
Usage: peer_msgspec.py INPUT.jsonl > OUT"""

import sys
from typing import Any, Optional

import msgspec

from rules import check

VALID = b'{"valid":true}\n'


class Signup(msgspec.Struct):
    username: Any = None
    password: Any = None
    confirm_password: Any = None
    email: Any = None
    age: Optional[Any] = None


def main(path):
    decoder = msgspec.json.Decoder(Signup)
    encode = msgspec.json.encode
    write = sys.stdout.buffer.write
    with open(path, "rb") as lines:
        for number, line in enumerate(lines, 1):
            try:
                record = decoder.decode(line)
            except (msgspec.DecodeError, msgspec.ValidationError) as error:
                write(encode({"line": number, "error": str(error)}) + b"\n")
                continue
            errors = check(record.username, record.password, record.confirm_password, record.email, record.age)
            if errors:
                write(encode({"valid": False, "errors": errors}) + b"\n")
            else:
                write(VALID)


if __name__ == "__main__":
    main(sys.argv[1])
