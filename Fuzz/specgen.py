#!/usr/bin/env python3
"""A grammar-based generator of valid-but-nasty FormSpec specs, fed to the CLI.

Each round writes one spec (with the rule libraries it imports, some of them diamonds and chains)
to a temporary folder, together with JSON Lines inputs, and runs `formspec check`, `formspec test`
and `formspec validate` on them. A round fails when a command:
  - dies of a signal (a Swift trap, a stack overflow) or exits with a code it never uses (> 2);
  - takes longer than --timeout seconds;
  - prints a secret: every spec has a secret field whose input value is a random marker that, like
    every value equal to it (text fields get it too), must appear in no output of any command;
  - prints something different when run twice (every output must be deterministic).

The specs are shaped to be valid (they use only fields, names and types that exist), but nasty:
deep combinator nesting, long chains and diamonds of `use:` and `import:`, YAML anchors and
aliases, huge and tiny numbers, long and Unicode names, many fields, hostile patterns.

    Fuzz/specgen.py [--count N] [--seconds S] [--seed N] [--formspec PATH] [--keep DIR]

A failing round's files are copied to --keep (default Fuzz/.build-fuzz/specgen-failures/) and the
script exits 1. Exit 0 means every round passed.
"""

import argparse
import json
import random
import shutil
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
ROOT = FUZZ.parent

INT64_MAX = 2**63 - 1
NUMBERS = [0, 1, -1, 7, 2**53, 2**53 + 1, INT64_MAX, -INT64_MAX - 1, 10**30, -(10**30)]
FLOATS = ["0.5", "1e-300", "5e-324", "1.7976931348623157e308", "-2.5", "0.1", "1e15", "123456789.123456789"]
PATTERNS = [
    "^[a-z0-9_]+$", "(a*)*b", "(a|aa)+$", "^(?:[a-z]+\\.)*[a-z]+$", "\\p{L}+", "[^]", "^.{0,40}$",
    "(x+x+)+y", "^(?=.*\\d)(?=.*[A-Z]).{8,}$", "[\\u{1F600}-\\u{1F64F}]", "a{0,1000}", "((((((((((a))))))))))",
    "^\\$\\d+(\\.\\d\\d)?$", "(?<!x)y", "\\bword\\b",
]
LOCALES = ["en", "ja", "zh-Hans", "zh-Hant", "ja-JP", "zh-TW", "fr"]
TEXT_CLASSES = ["uppercase", "lowercase", "letter", "digit", "symbol", "whitespace"]


class Generator:
    """Builds one spec and its libraries as YAML text, with inputs that fit its fields."""

    def __init__(self, rng: random.Random, marker: str):
        self.rng = rng
        self.marker = marker
        # Literals compared with secrets in the spec: the spec's own text, which diagnostics may quote,
        # so never the marker that inputs send as secret values.
        self.literal_marker = "Lx" + "".join(rng.choices(string.ascii_letters, k=16))
        self.fields: dict[str, str] = {}
        self.options: dict[str, list[str]] = {}
        self.defines: list[str] = []

    # Names ---------------------------------------------------------------------------------

    def name(self, prefix: str) -> str:
        """A field or define name: short or long (field names are ASCII identifiers)."""
        roll = self.rng.random()
        if roll < 0.05:
            # Long, but below YAML's 1024-character limit on implicit keys.
            base = prefix + "_" + "x" * self.rng.randint(200, 1000)
        else:
            base = prefix + "_" + "".join(self.rng.choices(string.ascii_lowercase, k=self.rng.randint(1, 8)))
        return base + str(self.rng.randint(0, 9999))

    @staticmethod
    def quote(text: str) -> str:
        return json.dumps(text, ensure_ascii=False)

    # Rules ---------------------------------------------------------------------------------

    def literal(self, kind: str, relative: bool = False) -> str:
        if kind == "integer":
            return str(self.rng.choice(NUMBERS))
        if kind == "number":
            return self.rng.choice(FLOATS + [str(n) for n in NUMBERS])
        if kind == "date":
            dates = ["2024-02-29", "0001-01-01", "9999-12-31"]
            # Relative dates are for comparisons only.
            return self.quote(self.rng.choice(dates + (["today", "today+30d", "today-18y", "today-100000d"]
                                                       if relative else [])))
        if kind == "time":
            return self.quote(self.rng.choice(["00:00", "09:30", "23:59:59.999999999", "12:00:00"]))
        if kind == "datetime":
            return self.quote(self.rng.choice(["2024-02-29T12:00:00Z", "0000-01-01T00:00:00+23:59",
                                               "9999-12-31T23:59:59.999999999-23:59", "1998-12-31T23:59:60Z"]))
        if kind == "boolean":
            return self.rng.choice(["true", "false"])
        if kind == "choice":
            return self.quote(self.rng.choice(self.options.get("__current__", ["a"])))
        return self.quote(self.rng.choice(["a", "x" * 100, "é", "e\u0301", "\u212aind", "\x1b[31m", "🙂"]))

    def leaf_rule(self, field: str, kind: str) -> str:
        """One rule that applies to a field of `kind`."""
        same_kind = [f for f, k in self.fields.items() if k == kind and f != field]
        choices = ["equals", "not_equals", "one_of", "not_one_of", "required"]
        if kind in ("text", "secret"):
            choices += ["min_length", "max_length", "pattern", "not_pattern", "contains"]
        if kind == "text":
            choices += ["format"]
        if kind in ("integer", "number", "date", "time", "datetime"):
            choices += ["min", "max", "greater_than", "less_than"]
        if kind in ("integer", "number"):
            choices += ["multiple_of"]
        if same_kind:
            choices += ["same_as", "different_from"]
        if self.defines:
            choices += ["use"] * 3
        rule = self.rng.choice(choices)
        if rule in ("min_length", "max_length"):
            unit = self.rng.choice(["", ", unit: scalars", ", unit: utf8", ", unit: utf16"])
            return f"{{{rule}: {self.rng.choice([0, 1, 8, 1000, 1_000_000_000])}{unit}}}"
        if rule in ("pattern", "not_pattern"):
            return f"{{{rule}: {self.quote(self.rng.choice(PATTERNS))}}}"
        if rule == "contains":
            classes = self.rng.sample(TEXT_CLASSES, self.rng.randint(1, 3))
            return f"{{contains: [{', '.join(classes)}], count: {self.rng.choice([1, 2, 1000, 1_000_000_000])}}}"
        if rule == "format":
            return f"{{format: {self.rng.choice(['email', 'url', 'uuid'])}}}"
        if rule in ("equals", "not_equals"):
            if kind == "secret":
                return f"{{{rule}: {self.quote(self.literal_marker)}}}"
            return f"{{{rule}: {self.literal(kind)}}}"
        if rule in ("one_of", "not_one_of"):
            values = [self.quote(self.literal_marker)] if kind == "secret" else [self.literal(kind) for _ in range(3)]
            return f"{{{rule}: [{', '.join(values)}]}}"
        if rule in ("min", "max", "greater_than", "less_than", "multiple_of"):
            numeric = [f for f, k in self.fields.items() if k in ("integer", "number") and f != field]
            if rule != "multiple_of" or kind != "date":
                if kind in ("integer", "number") and numeric and self.rng.random() < 0.3:
                    return f"{{{rule}: {{field: {self.quote(self.rng.choice(numeric))}}}}}"
            timed = [f for f, k in self.fields.items() if k == kind and f != field]
            if kind in ("time", "datetime") and timed and self.rng.random() < 0.5:
                steps = ["90m", "-2h", "+30s", "24h", "-86400s"] + (["1d", "-100000d"] if kind == "datetime" else [])
                return f"{{{rule}: {{field: {self.quote(self.rng.choice(timed))}, offset: {self.rng.choice(steps)}}}}}"
            if rule == "multiple_of":
                steps = ["1", "2", "3", str(INT64_MAX)] + (["0.01", "1e-300"] if kind == "number" else [])
                return f"{{multiple_of: {self.rng.choice(steps)}}}"
            return f"{{{rule}: {self.literal(kind, relative=True)}}}"
        if rule in ("same_as", "different_from"):
            message = ', message: "{label} {other} {value}"' if self.rng.random() < 0.3 and kind != "secret" else ""
            return f"{{{rule}: {self.quote(self.rng.choice(same_kind))}{message}}}"
        if rule == "use":
            return f"{{use: {self.quote(self.rng.choice(self.defines))}}}"
        return "{required: true}"

    def rule(self, field: str, kind: str, depth: int) -> str:
        """A rule, possibly a combinator nested up to `depth`, with modifiers."""
        if depth > 0 and self.rng.random() < 0.5:
            combinator = self.rng.choice(["all", "any", "not"])
            if combinator == "not":
                body = f"{{not: {self.rule(field, kind, depth - 1)}}}"
            else:
                items = [self.rule(field, kind, depth - 1) for _ in range(self.rng.randint(1, 3))]
                body = f"{{{combinator}: [{', '.join(items)}], message: {self.message()}}}"
        else:
            body = self.leaf_rule(field, kind)
        extras = []
        if self.rng.random() < 0.2:
            extras.append(f"when: {self.condition(field)}")
        if self.rng.random() < 0.1:
            extras.append("severity: warning")
        if extras and body.endswith("}"):
            body = body[:-1] + ", " + ", ".join(extras) + "}"
        return body

    def message(self) -> str:
        if self.rng.random() < 0.5:
            return self.quote(self.rng.choice(["Bad {label}", "{label}: {label}", "x" * 500, "\x1b]0;title\x07"]))
        locales = self.rng.sample(LOCALES, self.rng.randint(1, 3))
        return "{" + ", ".join(f"{loc}: {self.quote('msg ' + loc)}" for loc in locales) + "}"

    def condition(self, owner: str) -> str:
        others = [f for f in self.fields if f != owner]
        roll = self.rng.random()
        if not others or roll < 0.2:
            return f"{{mode: {self.rng.choice(['new', 'edit', 'show'])}}}"
        other = self.quote(self.rng.choice(others))
        if roll < 0.6:
            return f"{{field: {other}, empty: {self.rng.choice(['true', 'false'])}}}"
        return f"{{not: {{field: {other}, empty: true}}}}"

    # Files ---------------------------------------------------------------------------------

    def library(self, index: int, imports: list[str], available: list[str]) -> tuple[list[str], str]:
        """A rule library defining a few names, some built on `available` (its imports' names)."""
        names = [f"lib{index}_{k}" for k in range(self.rng.randint(1, 4))]
        lines = ["formspec: 1"]
        if imports:
            lines.append(f"import: [{', '.join(imports)}]")
        lines.append("define:")
        for name in names:
            # Library rules must apply to any field they are used on: text rules on text fields only.
            body = self.rng.choice(["{required: true}", "{min_length: 1}", "{max_length: 100000}",
                                    "{not_pattern: \"(a|a)*$\"}"])
            if available and self.rng.random() < 0.7:
                # A chain or diamond: use an imported name, twice.
                other = self.rng.choice(available)
                body = f"{{all: [{{use: {other}}}, {{use: {other}}}, {body}]}}"
            lines.append(f"  {name}: {body}")
        return names, "\n".join(lines) + "\n"

    def spec(self) -> tuple[dict[str, str], list[dict]]:
        """The files (path -> text) and inputs of one round."""
        files: dict[str, str] = {}
        # Libraries: a chain, each importing the previous one or two (diamonds).
        libraries = []
        names_of: dict[str, list[str]] = {}
        for index in range(self.rng.randint(0, 12)):
            imports = libraries[-2:] if self.rng.random() < 0.7 else libraries[-1:]
            path = f"lib/l{index}.rules.yaml" if index % 2 else f"l{index}.rules.yaml"
            relative = [("../" + p if path.startswith("lib/") and not p.startswith("lib/") else
                         p[len("lib/"):] if path.startswith("lib/") else p) for p in imports]
            available = [name for p in imports for name in names_of[p]]
            names_of[path], files[path] = self.library(index, relative, available)
            libraries.append(path)
        imported = self.rng.sample(libraries, min(len(libraries), 3))
        text_only = [name for p in imported for name in names_of[p]]

        kinds = ["text", "secret", "integer", "number", "boolean", "date", "time", "datetime", "choice"]
        count = self.rng.choice([1, 3, 8, 30, 300])
        self.fields["password"] = "secret"
        for _ in range(count):
            self.fields[self.name("f")] = self.rng.choice(kinds)

        lines = ["formspec: 1", f"form: {self.quote(self.name('form'))}",
                 f"locale: {self.rng.choice(LOCALES)}"]
        if libraries:
            lines.append(f"import: [{', '.join(imported)}]")
        # Local defines: a chain where each uses the next twice (resolving each once stays linear).
        local = [f"d{k}" for k in range(self.rng.choice([0, 2, 30, 300]))]
        if local:
            lines.append("define:")
            for k, name in enumerate(local):
                nxt = local[k + 1] if k + 1 < len(local) else None
                body = f"{{all: [{{use: {nxt}}}, {{use: {nxt}}}]}}" if nxt else "{min_length: 1}"
                anchor = " &first" if k == 0 else ""
                lines.append(f"  {name}:{anchor} {body}")
        lines.append("fields:")
        for field, kind in self.fields.items():
            # Text rules from libraries and local defines only go on text fields.
            self.defines = (text_only + local) if kind in ("text", "secret") else []
            self.options["__current__"] = [self.name("opt") for _ in range(self.rng.randint(1, 4))]
            if kind == "choice":
                self.options[field] = self.options["__current__"]
            item = [f"type: {kind}"]
            if kind == "choice":
                item.append(f"options: [{', '.join(self.quote(o) for o in self.options[field])}]")
            if self.rng.random() < 0.3:
                item.append(f"required: {self.rng.choice(['true', 'false', self.quote('Needed {label}')])}")
            if self.rng.random() < 0.2:
                item.append("trim: true")
            if self.rng.random() < 0.2:
                item.append("report: first")
            rules = [self.rule(field, kind, self.rng.choice([0, 1, 3, 12])) for _ in range(self.rng.randint(0, 4))]
            if local and kind in ("text", "secret") and self.rng.random() < 0.3:
                rules.append("*first")  # a YAML alias of the first local define's rule
            if rules:
                item.append(f"rules: [{', '.join(rules)}]")
            lines.append(f"  {self.quote(field)}: {{{', '.join(item)}}}")
        lines.extend(self.collections())
        inputs = [self.input() for _ in range(self.rng.randint(1, 6))]
        lines.append("tests:")
        for number, record in enumerate(inputs[:3]):
            lines.append(f"  - name: generated {number}")
            lines.append(f"    input: {json.dumps(record, ensure_ascii=False)}")
            lines.append(f"    expect: {self.rng.choice(['valid', '{valid: false}'])}")
        files["main.form.yaml"] = "\n".join(lines) + "\n"
        return files, inputs

    def collections(self) -> list[str]:
        """Groups, lists of scalars and repeatable groups (nested up to 3 deep), their rules reading
        siblings and /root fields; their names are kept in self.nested for the inputs."""
        self.nested = {}
        self.inner_levels = {}
        lines = []
        roots = [name for name, kind in self.fields.items() if kind in ("text", "integer")][:3]
        self.has_root_field = bool(roots)
        for number in range(self.rng.choice([0, 0, 1, 3])):
            name = f"c{number}_{self.name('n')}"
            shape = self.rng.choice(["group", "list", "items"])
            self.nested[name] = shape
            lines.append(f"  {self.quote(name)}:")
            if shape == "list":
                of = self.rng.choice(["text", "integer", "date", "time"])
                each = {"text": "{max_length: 3}", "integer": "{at_least: 0}", "date": "{min: today}",
                        "time": "{at_most: \"17:30\"}"}[of]
                lines.append(f"    type: list")
                lines.append(f"    of: {of}")
                lines.append(f"    rules: [{{max_items: {self.rng.choice([1, 3, 1000])}}}, {{unique_items: true}}, "
                             f"{{each: [{each}]}}]")
                continue
            lines.append("    type: group" if shape == "group" else "    type: list")
            if shape == "items":
                lines.append("    of: group")
                lines.append(f"    rules: [{{min_items: 1}}, {{max_items: {self.rng.choice([2, 5])}}}]")
            fields, levels = self.nested_fields(roots, depth=1, indent="    ")
            lines.extend(fields)
            self.inner_levels[name] = levels
        return lines

    def nested_fields(self, roots: list[str], depth: int, indent: str) -> tuple[list[str], int]:
        """The `fields:` of a group, and how many `inner` groups it nests."""
        lines = [f"{indent}fields:"]
        lines.append(f"{indent}  a: {{required: true, rules: [{{max_length: 4}}, {{not_pattern: \"x\", flags: i}}]}}")
        lines.append(f"{indent}  b: {{type: integer, rules: [{{at_least: {{field: k, offset: -1}}}}]}}")
        lines.append(f"{indent}  k: {{type: integer}}")
        if roots:
            root = self.rng.choice(roots)
            lines.append(f"{indent}  r: {{rules: [{{different_from: a, case: insensitive}}, "
                         f"{{required: true, when: {{field: /{root}, empty: false}}}}]}}")
        levels = 0
        if depth < 3 and self.rng.random() < 0.5:
            lines.append(f"{indent}  inner:")
            lines.append(f"{indent}    type: group")
            inner, below = self.nested_fields(roots, depth + 1, indent + "    ")
            lines.extend(inner)
            levels = below + 1
        return lines, levels

    def nested_value(self, shape: str, levels: int, depth: int = 0):
        """A value for a collection: usually well-formed, sometimes the wrong shape or huge."""
        roll = self.rng.random()
        if roll < 0.1:
            return self.rng.choice(["x", 7, None, {"a": "b"}, [1, [2]], True])
        if roll < 0.13:
            return [{"a": "y"}] * 12000 if shape != "group" else {"a": [1] * 12000}
        def group():
            item = {"a": self.rng.choice(["", "ab", "XYZWV", "ß"]), "b": self.rng.choice([0, -1, "3", None]),
                    "k": self.rng.choice([1, 9223372036854775807, "x"])}
            if self.has_root_field:
                item["r"] = self.rng.choice(["AB", "ab", ""])
            if depth < levels and self.rng.random() < 0.7:
                item["inner"] = self.nested_value("group", levels, depth + 1)
            return item
        if shape == "group":
            return group()
        if shape == "items":
            return [group() for _ in range(self.rng.randint(0, 6))]
        return [self.rng.choice(["a", "abcd", 1, -5, "2024-02-29", "17:31", "09:00", None]) for _ in
                range(self.rng.randint(0, 5))]

    def input(self) -> dict:
        # The marker is a secret only in a record that sends it as the secret field's value; a record
        # without the secret may show its text values, so the marker is not one of them there.
        secret_sent = self.rng.random() >= 0.2
        texts = ["", "a" * 5000, "\x1b[2J", "🙂" * 30, "e\u0301"] + ([self.marker] if secret_sent else [])
        record = {}
        for field, kind in self.fields.items():
            if kind == "secret":
                if secret_sent:
                    record[field] = self.marker
                continue
            if self.rng.random() < 0.2:
                continue
            if kind == "integer":
                record[field] = self.rng.choice(NUMBERS + ["55.0000000000000001", "9223372036854775808", "12"])
            elif kind == "number":
                record[field] = self.rng.choice([0.5, 1e308, -0.0, 3, "1e400", "nan"])
            elif kind == "boolean":
                record[field] = self.rng.choice([True, False, "true", 1])
            elif kind == "date":
                record[field] = self.rng.choice(["2024-02-29", "2023-02-29", "0000-01-01", "9999-12-31"])
            elif kind == "time":
                record[field] = self.rng.choice(["09:30", "23:59:60", "24:00", "9:30", "12:00:00.1234567890", 930])
            elif kind == "datetime":
                record[field] = self.rng.choice(["2024-02-29T12:00:00+14:00", "2023-02-29T12:00:00Z",
                                                 "1998-12-31T15:59:60-08:00", "2024-01-01T00:00:00", "9" * 40])
            elif kind == "choice":
                record[field] = self.rng.choice(self.options.get(field, ["x"]) + [1])
            else:
                record[field] = self.rng.choice(texts)
        for name, shape in getattr(self, "nested", {}).items():
            if self.rng.random() < 0.8:
                record[name] = self.nested_value(shape, self.inner_levels.get(name, 0))
        return record


def run(command: list[str], cwd: Path, timeout: float) -> tuple[int, bytes]:
    started = time.monotonic()
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1000, f"timeout after {timeout}s".encode()
    if time.monotonic() - started > timeout:
        return -1000, b"too slow"
    return result.returncode, result.stdout + b"\n--stderr--\n" + result.stderr


def check_round(formspec: str, folder: Path, inputs: list[dict], marker: str, timeout: float) -> str | None:
    """Runs the commands on one round's files; the reason it fails, or None."""
    # An input key spelt with U+212A KELVIN SIGN is another key than any field (--strict reports it).
    inputs = inputs + [dict(inputs[0], **{"password": marker, "\u212aind": marker})]
    (folder / "inputs.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in inputs) + "\n")
    commands = [
        [formspec, "check", "."],
        [formspec, "test", "."],
        [formspec, "validate", "main.form.yaml", "inputs.jsonl", "--format", "json", "--strict"],
        [formspec, "validate", "main.form.yaml", "inputs.jsonl", "--format", "text", "--locale", "ja"],
    ]
    for command in commands:
        first = run(command, folder, timeout)
        code, output = first
        shown = " ".join(command[1:])
        if code == -1000:
            # A shared machine can stall one run: a hang must reproduce, with three times the time.
            first = run(command, folder, timeout * 3)
            code, output = first
            if code == -1000:
                return f"{shown}: {output.decode()} (twice)"
        if code < 0 or code > 2:
            return f"{shown}: exit {code} (signal or crash)\n{output[-2000:].decode(errors='replace')}"
        if marker.encode() in output:
            return f"{shown}: printed the secret marker {marker}"
        if run(command, folder, timeout) != first:
            return f"{shown}: output differs between two runs"
    return None


def find_formspec(given: str | None) -> str:
    if given:
        # Each round runs in a folder of its own: a relative path would name nothing there.
        return str(Path(given).resolve())
    for build in ("release", "debug"):
        candidate = ROOT / ".build" / build / "formspec"
        if candidate.exists():
            return str(candidate)
    subprocess.run(["swift", "build", "--product", "formspec"], cwd=ROOT, check=True)
    return str(ROOT / ".build" / "debug" / "formspec")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100, help="rounds to run (default 100)")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this many seconds (0: no limit)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random; printed)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds one command may take (default 20)")
    parser.add_argument("--formspec", help="the formspec binary (default: .build/{release,debug}/formspec)")
    parser.add_argument("--keep", default=str(FUZZ / ".build-fuzz" / "specgen-failures"),
                        help="where failing rounds are copied")
    parser.add_argument("--write", help="only write the specs of --count rounds under this folder, run nothing")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    formspec = None if args.write else find_formspec(args.formspec)
    print(f"specgen: seed {seed}, {args.count} rounds", file=sys.stderr)
    started = time.monotonic()
    failures = 0
    for number in range(args.count):
        if args.seconds and time.monotonic() - started > args.seconds:
            break
        rng = random.Random(seed * 1_000_003 + number)
        marker = "Sx" + "".join(rng.choices(string.ascii_letters + string.digits, k=16))
        files, inputs = Generator(rng, marker).spec()
        with tempfile.TemporaryDirectory(prefix="specgen-") as temp:
            folder = Path(args.write) / f"round{number}" if args.write else Path(temp)
            for path, text in files.items():
                (folder / path).parent.mkdir(parents=True, exist_ok=True)
                (folder / path).write_text(text)
            if args.write:
                continue
            reason = check_round(formspec, folder, inputs, marker, args.timeout)
            if reason:
                failures += 1
                kept = Path(args.keep) / f"seed{seed}-round{number}"
                shutil.rmtree(kept, ignore_errors=True)
                shutil.copytree(folder, kept)
                print(f"specgen: round {number} FAILED: {reason}\n  files: {kept}", file=sys.stderr)
    rounds = number + 1 if args.count else 0
    print(f"specgen: {rounds} rounds in {time.monotonic() - started:.0f}s, {failures} failed", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
