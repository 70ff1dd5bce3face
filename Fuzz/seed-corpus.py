#!/usr/bin/env python3
"""Regenerates the committed seed corpus, Fuzz/Corpus/<target>/, from the repository's specs,
example inputs and the regression inputs listed here. Run it from anywhere; it only writes under
Fuzz/Corpus. libFuzzer's own findings go to .build-fuzz/corpus, never here: add a finding by
adding it to the REGRESSION lists below (and a regression test beside the code it exercises)."""

import hashlib
import json
import re
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
ROOT = FUZZ.parent
CORPUS = FUZZ / "Corpus"
SEPARATOR = b"\n#--8<--\n"  # FuzzInputParts.fileSeparator

# The order of FuzzRepository.programs (Fuzz/Sources/FuzzSupport/FuzzSupport.swift).
PROGRAMS = [
    "Specs/checkout.form.yaml", "Specs/contact.form.yaml", "Specs/multilingual.form.yaml",
    "Specs/password_confirm.form.yaml", "Specs/profile_links.form.yaml", "Specs/registration.form.yaml",
    "Specs/settings.form.yaml", "Specs/signup.form.yaml", "Specs/student_profile.form.yaml",
    "Examples/newsletter.form.yaml",
    "Specs/order.form.yaml", "Specs/emergency_contacts.form.yaml", "Specs/pizza.form.yaml",
    "Specs/address_group.form.yaml", "Specs/booking.form.yaml", "Specs/appointment_times.form.yaml",
    "Specs/shipping_address.form.yaml", "Specs/coupon.form.yaml", "Specs/password_policy.form.yaml",
    "Specs/payment_contact.form.yaml",
]

# Nested records for the specs with groups and lists (by their index in PROGRAMS): well-formed ones,
# and the hostile shapes (an object for a list, a list for a group, items of the wrong kind).
NESTED_INPUTS = {
    10: [
        {"line_items": [{"sku": "ABC-1234", "quantity": 2}, {"sku": "x", "quantity": 0}, 7],
         "gift_options": ["wrap", "wrap"], "country": "US", "address": {"street": "1 Main", "postcode": "12345"},
         "card_number": "4111 1111 1111 1111", "expiry": "2030-01-31", "cvv": "1234"},
        {"line_items": {"sku": "ABC-1234"}, "gift_options": "wrap", "address": ["x"], "country": "NL"},
        {"line_items": [[{"sku": "A"}]], "address": {"postcode": {"x": 1}}},
    ],
    11: [
        {"patient_phone": "+31612345678", "contacts": [{"name": "Ann", "phone": "+31687654321"}, {"name": " "}]},
        {"contacts": [None, "Ann", {"name": {"nested": True}}]},
    ],
    12: [{"toppings": ["cheese", "cheese", 1, None]}, {"toppings": []}],
    13: [{"country": "US", "address": {"city": "X", "postcode": "1234", "street": None}}],
}

# Specs that broke something once (issue 8), as they were reported.
REGRESSION_SPECS = {
    "multiple_of_int64_min": """formspec: 1
form: f
fields:
  amount: {type: integer, rules: [{multiple_of: {field: step}}]}
  step: {type: integer}
tests:
  - name: min by minus one
    input: {amount: -9223372036854775808, step: -1}
    expect: valid
""",
    "hostile_times": """formspec: 1
form: f
fields:
  t: {type: time, default: "23:59:59.999999999", rules: [{min: "00:00"}, {less_than: {field: u, offset: -86400s}}]}
  u: {type: time, rules: [{at_most: {field: t, offset: 24h}}, {one_of: ["09:00", "09:00:00.000000000"]}]}
  d: {type: datetime, rules: [{at_least: {field: e, offset: -100000d}}, {less_than: "9999-12-31T23:59:59.999999999-23:59"}]}
  e: {type: datetime, rules: [{greater_than: "0000-01-01T00:00:00+23:59"}, {equals: "1998-12-31T15:59:60-08:00"}]}
tests:
  - {name: hostile, input: {t: "99:99", u: "23:59:60", d: "99999999999-01-01T00:00:00Z", e: "1998-12-31T23:59:60Z"}, expect: {valid: false}}
""",
    "huge_numbers": """formspec: 1
form: f
fields:
  n: {type: integer, rules: [{max: 9223372036854775807}, {min: -9223372036854775808}, {multiple_of: 9223372036854775807}]}
  x: {type: number, rules: [{max: 1.7976931348623157e308}, {multiple_of: 5e-324}]}
tests:
  - {name: beyond int64, input: {n: 9223372036854775808, x: 1e308}, expect: {valid: false}}
  - {name: inexact, input: {n: "55.0000000000000001"}, expect: {valid: false}}
""",
    "relative_dates": """formspec: 1
form: f
fields:
  d: {type: date, rules: [{min: today-9223372036854775807d}, {max: today+768614336404564650y}, {less_than: today--5d}]}
""",
    "kelvin_key": "formspec: 1\nform: f\nfields:\n  Kind: {required: true}\n  \u212aind: {}\n",
    "self_referencing_use": """formspec: 1
form: f
define:
  a: {all: [{use: b}, {use: b}]}
  b: {all: [{use: c}, {use: c}]}
  c: {any: [{use: a}, {min_length: 1}]}
fields:
  x: {rules: [{use: a}, {not: {use: c}}]}
""",
    "aliases": """formspec: 1
form: f
define:
  r: &r {all: [{min_length: 1}, {max_length: 9}]}
  s: {all: [*r, *r, *r]}
fields: &f
  x: {rules: [{use: s}]}
  y: {default: &y "yes", rules: [{equals: *y}]}
""",
    "secret_placeholders": """formspec: 1
form: f
fields:
  password: {type: secret, rules: [{not_equals: hunter2}, {not_one_of: [a, b]}]}
  confirm: {type: secret, rules: [{same_as: password, message: "{value} != {label}"}]}
  other: {rules: [{different_from: password, message: "{value}"}, {not_equals: {field: password}}]}
tests:
  - {name: t, input: {password: hunter2, confirm: x, other: hunter2}, expect: valid}
""",
}

# Library sets: (main, library, nested library) joined by the separator.
REGRESSION_IMPORTS = {
    "diamond_imports": [
        "formspec: 1\nform: f\nimport: [lib.rules.yaml, sub/other.rules.yaml]\nfields:\n  x: {rules: [{use: shared}]}\n",
        "formspec: 1\nimport: [sub/other.rules.yaml]\ndefine:\n  local: {min_length: 1}\n",
        "formspec: 1\ndefine:\n  shared: {max_length: 3}\n",
    ],
    "escaping_imports": [
        "formspec: 1\nform: f\nimport: [/proc/self/environ, ../../etc/passwd, lib.rules.yaml]\nfields: {x: {}}\n",
        "formspec: 1\nimport: [../main.form.yaml, lib.rules.yaml]\ndefine: {a: {min_length: 1}}\n",
    ],
}

REGRESSION_INPUTS = [
    b'{"amount": -9223372036854775808, "step": -1}',
    b'{"n": 9223372036854775808, "m": -99999999999999999999, "x": 1e400, "y": -1e400, "z": 1e-400}',
    b'{"n": "55.0000000000000001", "m": 55.0000000000000001, "k": 5.5e1, "j": "9223372036854775807.5"}',
    b'{"Kind": 1, "\\u212aind": 2, "K\\u0301": 3}',
    b'{"a": "\\ud83d\\ude00", "b": "\\u0000", "c": "\\u001b[31mred\\u001b[0m"}',
    b"[" * 199 + b"]" * 199,
    b'{"password": "hunter2", "confirm_password": "hunter2", "username": "hunter2"}',
    b"[1, 2, 3]",
]

PATTERNS = [
    b"^[a-z0-9_]+$\0user_01\0Not OK",
    b"(a*)*b\0" + b"a" * 30 + b"\0aaab",
    b"(a|aa)+$\0" + b"a" * 40 + b"!",
    b"^(?=.*[A-Z])(?=.*\\d).{8,}$\0Passw0rd!\0password",
    b"(?<=\\$)\\d+(\\.\\d\\d)?\0$12.50",
    b"\\p{L}+\\u{1F600}\0caf\xc3\xa9\xf0\x9f\x98\x80",
    b"[^]\0\n",
    b"\\cJ\0\n",
    b"(?<year>\\d{4})-\\k<year>\02024-2024",
    b"a{2,1}\0aa",
    b"[a-\0a",
    b"((((((((((x))))))))))\0x",
    b"[\\w--\\d]\0a1",
]


def write(target: str, name: str, data: bytes) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def seed_specs() -> None:
    library = (ROOT / "Specs/common.rules.yaml").read_bytes()
    for path in sorted(ROOT.glob("Specs/**/*.yaml")) + sorted(ROOT.glob("Examples/*.yaml")):
        data = path.read_bytes()
        if b"common.rules.yaml" in data and path.name != "common.rules.yaml":
            data = data.replace(b"common.rules.yaml", b"lib.rules.yaml") + SEPARATOR + library
        write("spec", path.stem.replace(".", "_"), data)
    for name, text in REGRESSION_SPECS.items():
        write("spec", "regression_" + name, text.encode())
    for name, files in REGRESSION_IMPORTS.items():
        write("spec", "regression_" + name, SEPARATOR.join(f.encode() for f in files))


def compact(line: str) -> bytes:
    """One JSON document on one line (the input target reads JSON Lines); malformed lines as they are."""
    try:
        return json.dumps(json.loads(line), ensure_ascii=False).encode()
    except json.JSONDecodeError:
        return line.encode()


def seed_inputs() -> None:
    inputs = {}
    for path in sorted(ROOT.glob("Examples/inputs/*.json*")):
        lines = path.read_text().splitlines() if path.suffix == ".jsonl" else [path.read_text()]
        inputs[path.stem] = b"\n".join(compact(line) for line in lines if line.strip())
    owner = {"profile": 4, "signup-batch": 7, "signup-invalid": 7, "signup-valid": 7, "student-edit": 8,
             "student-original": 8}
    for stem, data in inputs.items():
        write("input", stem, bytes([owner.get(stem, 0)]) + data)
    for index, spec in enumerate(PROGRAMS):
        # Every field of the spec, with a value of the wrong kind and one of a likely kind.
        names = re.findall(r"^  ([A-Za-z_][A-Za-z0-9_]*):", (ROOT / spec).read_text(), re.M)
        record = {name: "1" for name in names}
        write("input", f"fields_{index}", bytes([index]) + json.dumps(record).encode() + b"\n{}")
        for number, line in enumerate(REGRESSION_INPUTS):
            write("input", f"regression_{index}_{number}", bytes([index]) + line)
        if index in NESTED_INPUTS:
            lines = b"\n".join(json.dumps(record).encode() for record in NESTED_INPUTS[index])
            write("input", f"nested_{index}", bytes([index]) + lines)


def seed_patterns() -> None:
    for data in PATTERNS:
        write("pattern", hashlib.sha1(data).hexdigest()[:12], data)


def frame(message: dict, declared: int | None = None) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) if declared is None else declared) + body


def lsp_session(uri: str, text: str, edits: list[str], extra: bytes = b"") -> bytes:
    """A client's stdin: initialize, open, position requests everywhere, edits, shutdown, exit."""
    out = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    out += frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    out += frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    request = 2
    for line, content in enumerate(text.splitlines()[:40]):
        for method in ("textDocument/completion", "textDocument/hover", "textDocument/definition"):
            out += frame({"jsonrpc": "2.0", "id": request, "method": method,
                          "params": {"textDocument": {"uri": uri},
                                     "position": {"line": line, "character": len(content)}}})
            request += 1
    for version, edit in enumerate(edits, start=2):
        out += frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                      "params": {"textDocument": {"uri": uri, "version": version},
                                 "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                                               "end": {"line": 0, "character": 0}},
                                                     "text": edit}]}})
    out += extra
    out += frame({"jsonrpc": "2.0", "id": request, "method": "shutdown"})
    out += frame({"jsonrpc": "2.0", "method": "exit"})
    return out


def seed_lsp() -> None:
    uri = "file:///specs/signup.form.yaml"
    form = (ROOT / "Specs/signup.form.yaml").read_text()
    write("lsp", "session_signup", lsp_session(uri, form, ["# edit\n", "form: x\n"]))
    probe = ("formspec: 1\nform: probe\nimport: [common.rules.yaml, ../out.rules.yaml, /etc/x.rules.yaml]\n"
             "fields:\n  name:\n    type: secret\n    rules:\n      - use: handle\n      - same_as: other\n"
             "  other: {rules: [{min_length: 3}]}\n")
    write("lsp", "session_imports", lsp_session(uri, probe, ["x"]))
    hostile = frame({"jsonrpc": "2.0", "id": 90, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri},
                                "position": {"line": 2**63 - 1, "character": 2**63 - 1}}})
    hostile += frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                      "params": {"textDocument": {"uri": uri, "version": 2**63 - 1},
                                 "contentChanges": [{"range": {"start": {"line": 0, "character": 1e300},
                                                               "end": {"line": -1, "character": 0.5}},
                                                     "text": "y"}]}})
    hostile += frame({"jsonrpc": "2.0", "id": 91, "method": "textDocument/completion", "params": {}}, declared=4000)
    hostile += b"garbage without a line break"
    write("lsp", "session_hostile", lsp_session(uri, form, [], extra=hostile))
    write("lsp", "before_initialize", frame({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                                             "params": {}}) + b"Content-Length: 3\r\n\r\n[1,")


if __name__ == "__main__":
    # Corpus/minimised/ holds what long runs found (Fuzz/README.md); only the seeds are rewritten.
    for path in CORPUS.glob("*/*"):
        if path.parent.name != "minimised":
            path.unlink()
    seed_specs()
    seed_inputs()
    seed_patterns()
    seed_lsp()
    for target in sorted(p.name for p in CORPUS.iterdir() if p.name != "minimised"):
        files = list((CORPUS / target).iterdir())
        print(f"{target}: {len(files)} files, {sum(f.stat().st_size for f in files)} bytes")
