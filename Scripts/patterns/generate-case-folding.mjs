#!/usr/bin/env node
// Generates Sources/FormSpecPattern/Unicode/CaseFoldingTables.swift: Unicode simple case folding
// (CaseFolding.txt statuses C+S, ECMAScript's `u`-mode Canonicalize) and full default case folding
// (C+F), derived from node's ICU so the pattern engine's `i` flag agrees with the oracle.
//
// Usage (from the repository root): node Scripts/patterns/generate-case-folding.mjs
//
// No copy of CaseFolding.txt for the Unicode version of node's ICU was at hand, so the tables are
// derived, then checked:
//
// - Simple folding classes are exactly the classes of `new RegExp(c, "iu")`: two code points are in
//   one class when each matches the other under `iu` (ECMAScript defines that as equal simple case
//   folding). Each class folds to one member, chosen as CaseFolding.txt chooses (see `representative`).
// - Full folding is derived from ICU's full case mappings (`toUpperCase`, then `toLowerCase`, until
//   nothing changes), with the exceptions CaseFolding.txt makes for Cherokee (which folds to upper
//   case) and dotless i (which does not fold).
// - Both are compared with python's `str.casefold` (full folding, from python's own Unicode
//   version) for every code point python knows: Unicode's case folding stability policy means an
//   older version's foldings never change. Any difference stops the generator.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const started = process.hrtime.bigint();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const output = path.join(root, "Sources/FormSpecPattern/Unicode/CaseFoldingTables.swift");

const cps = (s) => [...s].map((c) => c.codePointAt(0));
const hex = (n) => n.toString(16).toUpperCase().padStart(4, "0");
const escape = (cp) => `\\u{${cp.toString(16)}}`;

// Every code point that could take part in case folding: cased, or changed by some case mapping or
// by case folding, plus everything a case mapping of one of those produces.
const candidateSet = new Set();
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const c = String.fromCodePoint(cp);
  if (c.toLowerCase() !== c || c.toUpperCase() !== c) {
    candidateSet.add(cp);
    for (const x of cps(c.toLowerCase() + c.toUpperCase())) candidateSet.add(x);
  }
}
for (const property of ["Cased", "Changes_When_Casefolded", "Changes_When_Casemapped"]) {
  const one = new RegExp(`\\p{${property}}`, "u");
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if ((cp < 0xd800 || cp > 0xdfff) && one.test(String.fromCodePoint(cp))) candidateSet.add(cp);
  }
}
const candidates = [...candidateSet].sort((a, b) => a - b);
const candidateText = candidates.map((cp) => String.fromCodePoint(cp)).join("");

// Simple folding classes, as node's `iu` matching sees them.
const classOf = new Map();
const classes = [];
for (const cp of candidates) {
  if (classOf.has(cp)) continue;
  const members = [];
  const re = new RegExp(escape(cp), "giu");
  for (const m of candidateText.matchAll(re)) members.push(m[0].codePointAt(0));
  for (const member of members) {
    if (!new RegExp(`^${escape(cp)}$`, "iu").test(String.fromCodePoint(member)) ||
        !new RegExp(`^${escape(member)}$`, "iu").test(String.fromCodePoint(cp))) {
      throw new Error(`U+${hex(cp)} and U+${hex(member)} do not match each other under iu`);
    }
  }
  if (members.length < 2) continue;
  members.sort((a, b) => a - b);
  for (const member of members) {
    if (classOf.has(member)) throw new Error(`U+${hex(member)} is in two iu classes`);
    classOf.set(member, classes.length);
  }
  classes.push(members);
}

// Full folding from ICU's full case mappings.
const isCherokeeLower = (cp) => (cp >= 0xab70 && cp <= 0xabbf) || (cp >= 0x13f8 && cp <= 0x13fd);
function fullFold(cp) {
  if (cp === 0x0131) return [cp]; // dotless i: no default folding (its T line is Turkic only)
  if (isCherokeeLower(cp)) return cps(String.fromCodePoint(cp).toUpperCase());
  if (cp >= 0x13a0 && cp <= 0x13f5) return [cp];
  let s = String.fromCodePoint(cp);
  for (let i = 0; i < 4; i++) {
    const next = s.toUpperCase().toLowerCase();
    if (next === s) break;
    s = next;
  }
  return cps(s);
}

// The member a class folds to. CaseFolding.txt folds to the member its other members' full folding
// names when that is one code point (ς, ſ, K → σ, s, k); a class whose members all have multi-code-
// point full foldings folds to the one that is its own lower case (ẞ → ß, ᾈ → ᾀ). Three such classes
// hold two lower-case members; CaseFolding.txt's S lines name 0390, 03B0 and FB06.
const ties = new Map([[0x1fd3, 0x0390], [0x1fe3, 0x03b0], [0xfb05, 0xfb06]]);
function representative(members) {
  const single = new Set();
  for (const m of members) {
    const f = fullFold(m);
    if (f.length === 1 && members.includes(f[0])) single.add(f[0]);
  }
  if (single.size === 1) return [...single][0];
  if (single.size > 1) throw new Error(`class ${members.map(hex)} folds to ${[...single].map(hex)}`);
  for (const m of members) if (ties.has(m) && members.includes(ties.get(m))) return ties.get(m);
  const lower = members.filter((m) => String.fromCodePoint(m).toLowerCase() === String.fromCodePoint(m));
  if (lower.length !== 1) throw new Error(`class ${members.map(hex)} has no single lower-case member`);
  return lower[0];
}

const simple = []; // [code point, simple folding], sorted, only where they differ
for (const members of classes) {
  const r = representative(members);
  for (const m of members) if (m !== r) simple.push([m, r]);
}
simple.sort((a, b) => a[0] - b[0]);
const simpleMap = new Map(simple);

const full = []; // [code point, [folding]], only multi-code-point ones (the F lines)
for (const cp of candidates) {
  const f = fullFold(cp);
  if (f.length > 1) full.push([cp, f]);
  // A single-code-point full folding is the simple one (a C line).
  const s = simpleMap.get(cp) ?? cp;
  if (f.length === 1 && f[0] !== s) {
    throw new Error(`U+${hex(cp)}: full folding ${hex(f[0])} but simple folding ${hex(s)}`);
  }
}

// Cross-check with python's str.casefold (full folding) for every code point python knows.
const python = JSON.parse(execFileSync("python3", ["-c", `
import json, sys, unicodedata
out = {}
for cp in range(0x110000):
    if 0xD800 <= cp <= 0xDFFF: continue
    c = chr(cp)
    if unicodedata.category(c) == "Cn": continue
    f = c.casefold()
    if f != c: out[cp] = [ord(x) for x in f]
print(json.dumps({"version": unicodedata.unidata_version, "folds": out}))
`], { encoding: "utf8", maxBuffer: 64 << 20 }));
const fullMap = new Map(full);
const pythonKnows = execFileSync("python3", ["-c", `
import unicodedata
print(" ".join(str(cp) for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and unicodedata.category(chr(cp)) != "Cn"))
`], { encoding: "utf8", maxBuffer: 64 << 20 }).trim().split(" ").map(Number);
let compared = 0;
for (const cp of pythonKnows) {
  const mine = fullMap.get(cp) ?? [simpleMap.get(cp) ?? cp];
  const theirs = python.folds[cp] ?? [cp];
  compared++;
  if (mine.join(" ") !== theirs.join(" ")) {
    throw new Error(`U+${hex(cp)}: derived full folding ${mine.map(hex)}, python ${python.version} ${theirs.map(hex)}`);
  }
}

// Numbers as base-32 digits, most significant first (the encoding of UnicodeTables.swift).
const final = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
const more = "abcdefghijklmnopqrstuvwxyz!#$%&*";
function encodeNumber(n) {
  let digits = final[n % 32];
  n = Math.floor(n / 32);
  while (n > 0) {
    digits = more[n % 32] + digits;
    n = Math.floor(n / 32);
  }
  return digits;
}
const zigzag = (n) => (n >= 0 ? 2 * n : -2 * n - 1);

// Simple: pairs (gap from the previous code point + 1, zigzag(folding - code point)).
let previous = -1;
let simpleText = "";
for (const [cp, f] of simple) {
  simpleText += encodeNumber(cp - previous - 1) + encodeNumber(zigzag(f - cp));
  previous = cp;
}
// Full: (gap from the previous code point + 1, count, code points...).
previous = -1;
let fullText = "";
for (const [cp, f] of full) {
  fullText += encodeNumber(cp - previous - 1) + encodeNumber(f.length) + f.map(encodeNumber).join("");
  previous = cp;
}

function chunk(text) {
  const lines = [];
  for (let i = 0; i < text.length; i += 96) lines.push(`        ${text.slice(i, i + 96)}`);
  return lines.join("\n");
}

const swift = `// Generated by Scripts/patterns/generate-case-folding.mjs. Do not edit by hand.
// node ${process.version}, V8 ${process.versions.v8}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode}.
// ${simple.length} simple foldings in ${classes.length} classes; ${full.length} full foldings of more than one
// code point; ${compared} code points checked against python ${python.version}'s str.casefold.

// swift-format-ignore-file

/// Unicode case folding tables (CaseFolding.txt), derived from node's ICU and checked against
/// python's \`str.casefold\` by the generator.
///
/// Numbers are base-32 digits as in \`ScalarSet.init(encodedRanges:)\`, decoded on first use.
enum CaseFoldingTables {
    /// The Unicode version the tables describe.
    static let unicodeVersion = "${process.versions.unicode}"

    /// Simple case folding (statuses C and S), where it changes the code point: pairs of numbers,
    /// the gap from the previous code point (minus one) and the zigzag-encoded difference between
    /// the folding and the code point.
    static let simple: StaticString = """
${chunk(simpleText)}
        """

    /// Full case folding (status F), the foldings of more than one code point: the gap from the
    /// previous code point (minus one), how many code points it folds to, then those code points.
    static let full: StaticString = """
${chunk(fullText)}
        """
}
`;

writeFileSync(output, swift);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`wrote ${path.relative(root, output)}: ${simple.length} simple, ${full.length} full foldings, ` +
  `${classes.length} classes, ${compared} code points checked against python ${python.version}, ${seconds.toFixed(1)} s`);
