#!/usr/bin/env node
// Generates Sources/FormSpecPattern/Unicode/UnicodeTables.swift: the code point sets of every
// Unicode property name that node's `new RegExp("\\p{…}", "u")` accepts, computed by node itself
// (V8 + ICU) so FormSpec's tables agree with the ECMAScript oracle.
//
// Usage (from the repository root): node Scripts/patterns/generate-unicode-tables.mjs
//
// Candidate names come from perl's Unicode::UCD (property value aliases, tried as written, in lower
// case and capitalised) plus a list of scripts newer than perl's Unicode and the binary properties
// of ECMA-262 table "Binary Unicode property aliases"; only names node accepts are kept. Each set is
// computed by one global match of /\p{…}+/gu over a string holding every non-surrogate code point
// in order (each match is one range), plus one test per surrogate code point.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const started = process.hrtime.bigint();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const output = path.join(root, "Sources/FormSpecPattern/Unicode/UnicodeTables.swift");

function accepts(source) {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

function perlAliases(property) {
  const code = `use Unicode::UCD qw(prop_values prop_value_aliases);
    for my $v (prop_values("${property}")) { print join(",", prop_value_aliases("${property}", $v)), "\\n" }`;
  return execFileSync("perl", ["-e", code], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.split(",").filter((name) => /^[A-Za-z0-9_]+$/.test(name)));
}

// Scripts added after perl's Unicode version (14.0): long name and ISO 15924 code.
const newerScripts = [
  ["Kawi", "Kawi"], ["Nag_Mundari", "Nagm"], ["Garay", "Gara"], ["Gurung_Khema", "Gukh"],
  ["Kirat_Rai", "Krai"], ["Ol_Onal", "Onao"], ["Sunuwar", "Sunu"], ["Todhri", "Todr"],
  ["Tulu_Tigalari", "Tutg"], ["Beria_Erfe", "Berf"], ["Sidetic", "Sidt"], ["Tai_Yo", "Tayo"],
  ["Tolong_Siki", "Tols"], ["Chisoi", "Chis"],
];

// ECMA-262 "Binary Unicode property aliases", plus a few names that are Unicode properties but not
// ECMAScript ones (kept only if node accepts them, which it should not).
const binaryCandidates = [
  ["ASCII"], ["ASCII_Hex_Digit", "AHex"], ["Alphabetic", "Alpha"], ["Any"], ["Assigned"],
  ["Bidi_Control", "Bidi_C"], ["Bidi_Mirrored", "Bidi_M"], ["Case_Ignorable", "CI"], ["Cased"],
  ["Changes_When_Casefolded", "CWCF"], ["Changes_When_Casemapped", "CWCM"],
  ["Changes_When_Lowercased", "CWL"], ["Changes_When_NFKC_Casefolded", "CWKCF"],
  ["Changes_When_Titlecased", "CWT"], ["Changes_When_Uppercased", "CWU"], ["Dash"],
  ["Default_Ignorable_Code_Point", "DI"], ["Deprecated", "Dep"], ["Diacritic", "Dia"], ["Emoji"],
  ["Emoji_Component", "EComp"], ["Emoji_Modifier", "EMod"], ["Emoji_Modifier_Base", "EBase"],
  ["Emoji_Presentation", "EPres"], ["Extended_Pictographic", "ExtPict"], ["Extender", "Ext"],
  ["Grapheme_Base", "Gr_Base"], ["Grapheme_Extend", "Gr_Ext"], ["Hex_Digit", "Hex"],
  ["IDS_Binary_Operator", "IDSB"], ["IDS_Trinary_Operator", "IDST"], ["ID_Continue", "IDC"],
  ["ID_Start", "IDS"], ["Ideographic", "Ideo"], ["Join_Control", "Join_C"],
  ["Logical_Order_Exception", "LOE"], ["Lowercase", "Lower"], ["Math"],
  ["Noncharacter_Code_Point", "NChar"], ["Pattern_Syntax", "Pat_Syn"],
  ["Pattern_White_Space", "Pat_WS"], ["Quotation_Mark", "QMark"], ["Radical"],
  ["Regional_Indicator", "RI"], ["Sentence_Terminal", "STerm"], ["Soft_Dotted", "SD"],
  ["Terminal_Punctuation", "Term"], ["Unified_Ideograph", "UIdeo"], ["Uppercase", "Upper"],
  ["Variation_Selector", "VS"], ["White_Space", "space"], ["XID_Continue", "XIDC"],
  ["XID_Start", "XIDS"],
  // Not ECMAScript properties: expected to be rejected.
  ["IDS_Unary_Operator", "IDSU"], ["ID_Compat_Math_Start"], ["Basic_Emoji"], ["RGI_Emoji"],
  ["Hyphen"], ["Full_Composition_Exclusion", "Comp_Ex"], ["Prepended_Concatenation_Mark", "PCM"],
];

function spellings(name) {
  const lower = name.toLowerCase();
  const capitalised = name[0].toUpperCase() + name.slice(1).toLowerCase();
  return [...new Set([name, lower, capitalised])];
}

// Every non-surrogate code point in order; string index -> code point is monotonic.
const parts = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp < 0xd800 || cp > 0xdfff) parts.push(String.fromCodePoint(cp));
}
const everything = parts.join("");

function computeSet(escape) {
  const ranges = [];
  const runs = new RegExp(`${escape}+`, "gu");
  for (let m = runs.exec(everything); m; m = runs.exec(everything)) {
    const first = everything.codePointAt(m.index);
    const endIndex = m.index + m[0].length;
    const lastIndex = endIndex >= 2 && everything.charCodeAt(endIndex - 1) >= 0xdc00 &&
      everything.charCodeAt(endIndex - 1) <= 0xdfff ? endIndex - 2 : endIndex - 1;
    const last = everything.codePointAt(lastIndex);
    if (first < 0xd800 && last > 0xdfff) {
      ranges.push([first, 0xd7ff], [0xe000, last]);
    } else {
      ranges.push([first, last]);
    }
  }
  const single = new RegExp(`^${escape}$`, "u");
  for (let cp = 0xd800; cp <= 0xdfff; cp++) {
    if (single.test(String.fromCharCode(cp))) ranges.push([cp, cp]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const r of ranges) {
    const top = merged[merged.length - 1];
    if (top && r[0] <= top[1] + 1) top[1] = Math.max(top[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

// Numbers as base-32 digits, most significant first: the last digit from `final`, earlier ones
// from `more`. Ranges become (gap from the previous range's end, length - 1) pairs.
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
function encode(ranges) {
  let out = "";
  let next = 0;
  for (const [lo, hi] of ranges) {
    out += encodeNumber(lo - next) + encodeNumber(hi - lo);
    next = hi + 1;
  }
  return out;
}

const tables = []; // encoded strings, deduplicated
const tableIndex = new Map();
function tableFor(escape) {
  const encoded = encode(computeSet(escape));
  if (!tableIndex.has(encoded)) {
    tableIndex.set(encoded, tables.length);
    tables.push(encoded);
  }
  return tableIndex.get(encoded);
}

// namespace -> Map(name -> table index)
const namespaces = { generalCategory: new Map(), script: new Map(), scriptExtensions: new Map(), binary: new Map() };
const rejected = [];

function addValues(groups, prefix, namespace, loneToo) {
  for (const aliases of groups) {
    const names = [...new Set(aliases.flatMap(spellings))].filter((name) => {
      const ok = accepts(`\\p{${prefix}=${name}}`);
      if (!ok) rejected.push(`${prefix}=${name}`);
      return ok;
    });
    if (names.length === 0) continue;
    const index = tableFor(`\\p{${prefix}=${names[0]}}`);
    for (const name of names) namespaces[namespace].set(name, index);
    if (loneToo) {
      for (const name of names) {
        if (accepts(`\\p{${name}}`)) namespaces.binary.set(name, index);
      }
    }
  }
}

const scripts = perlAliases("sc");
const known = new Set(scripts.flat());
for (const pair of newerScripts) if (!known.has(pair[0])) scripts.push(pair);
addValues(perlAliases("gc"), "gc", "generalCategory", true);
addValues(scripts, "sc", "script", false);
addValues(scripts, "scx", "scriptExtensions", false);
for (const aliases of binaryCandidates) {
  const names = [...new Set(aliases.flatMap(spellings))].filter((name) => {
    const ok = accepts(`\\p{${name}}`);
    if (!ok) rejected.push(name);
    return ok;
  });
  if (names.length === 0) continue;
  const index = tableFor(`\\p{${names[0]}}`);
  for (const name of names) namespaces.binary.set(name, index);
}

// Names as one "name=index name=index …" string per namespace, parsed on first use: a Swift
// dictionary literal of ~1,000 entries costs seconds in every optimized build.
function dictionary(map) {
  const entries = [...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const words = entries.map(([name, index]) => `${name}=${index}`);
  const lines = [];
  for (let i = 0; i < words.length; i += 8) lines.push(`        ${words.slice(i, i + 8).join(" ")}`);
  return `UnicodeTables.names(\n        """\n${lines.join("\n")}\n        """)`;
}

const header = `// Generated by Scripts/patterns/generate-unicode-tables.mjs. Do not edit by hand.
// node ${process.version}, V8 ${process.versions.v8}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode}.
// ${tables.length} distinct sets; ${[...Object.values(namespaces)].reduce((n, m) => n + m.size, 0)} accepted names.
`;

const swift = `${header}
// swift-format-ignore-file

/// Unicode property tables for \`\\p{…}\`, generated from node's ICU so they agree with the oracle.
///
/// Each set is a string of base-32 numbers (see \`ScalarSet.init(encodedRanges:)\`), decoded on first
/// use and cached in its own \`static let\` (so only the properties a spec names are ever decoded).
enum UnicodeTables {
    /// The Unicode version the tables describe.
    static let unicodeVersion = "${process.versions.unicode}"

    /// Values of \`General_Category\` / \`gc\`, by every name ECMAScript accepts.
    static let generalCategory: [String: Int] = ${dictionary(namespaces.generalCategory)}

    /// Values of \`Script\` / \`sc\`, by every name ECMAScript accepts.
    static let script: [String: Int] = ${dictionary(namespaces.script)}

    /// Values of \`Script_Extensions\` / \`scx\`, by every name ECMAScript accepts.
    static let scriptExtensions: [String: Int] = ${dictionary(namespaces.scriptExtensions)}

    /// Names allowed alone in \`\\p{…}\`: binary properties and General_Category values.
    static let lone: [String: Int] = ${dictionary(namespaces.binary)}

    /// The set of table \`index\` (an index from one of the dictionaries above).
    static func set(_ index: Int) -> ScalarSet {
        switch index {
${tables.map((_, i) => `        case ${i}: return t${i}`).join("\n")}
        default: return ScalarSet()
        }
    }

${tables.map((t, i) => `    private static let t${i} = ScalarSet(encodedRanges: "${t}")`).join("\n")}
}
`;

writeFileSync(output, swift);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`wrote ${path.relative(root, output)}: ${tables.length} sets, ${swift.length} bytes, ` +
  `${rejected.length} candidate names rejected by node, ${seconds.toFixed(1)} s`);
