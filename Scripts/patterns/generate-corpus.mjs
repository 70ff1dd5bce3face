#!/usr/bin/env node
// Generates the differential corpus for FormSpec's pattern engine, with node as the oracle:
//   Tests/FormSpecPatternTests/Corpus/syntax.json   pattern -> does `new RegExp(p, "u")` accept it
//   Tests/FormSpecPatternTests/Corpus/matches.json  pattern, subjects -> `new RegExp(p, "u").test(s)`
//
// Usage (from the repository root): node Scripts/patterns/generate-corpus.mjs [seed]
//
// Patterns come from a random grammar (classes, ranges, escapes, properties incl. astral,
// quantifiers incl. counted and lazy, groups, nested lookarounds, anchors, alternations), from
// mutations of those (most of them invalid), from a fixed list of edge cases, and (acceptance
// only) from random text over syntax-heavy pieces. Subjects are
// sampled from each generated pattern (strings it should match), mutated near-misses, random
// strings over an alphabet rich in astral scalars and line terminators, and fixed special cases.
// Only well-formed strings are used (a Swift String cannot hold a lone surrogate). Patterns node
// accepts that hold a backreference are recorded but get no subjects: FormSpec refuses them.

import { writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outDir = path.join(root, "Tests/FormSpecPatternTests/Corpus");
const seed = Number(process.argv[2] ?? 20241122);
const generatedCount = 2800;
const mutatedCount = 700;
const randomTextCount = 4000;
const subjectsPerPattern = 12;

// mulberry32: small, deterministic, good enough for test generation.
let state = seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n) => Math.floor(random() * n);
const pick = (array) => array[int(array.length)];
const chance = (p) => random() < p;

// Scalars subjects are built from: ASCII, Latin-1, Greek, CJK, astral, and every kind of space
// and line terminator the semantics distinguish.
const alphabet = [
  ..."abcxyzABCXYZ019_-. @!/\\()[]{}|*+?^$,:",
  "\t", "\n", "\r", "\v", "\f", "\u0085", "\u00a0", "\ufeff", "\u2028", "\u2029", "\u1680",
  "\u2003", "\u202f", "\u3000", "é", "ß", "Ω", "λ", "Ж", "中", "あ", "ア", "한", "١", "٣",
  "😀", "👍", "🏽", "𝒜", "𐐀", "𐐨", "\u{10FFFF}", "\u{E0001}", "\u0301", "\u200d",
];

function randomString(maxLength) {
  let s = "";
  const n = int(maxLength + 1);
  for (let i = 0; i < n; i++) s += pick(alphabet);
  return s;
}

// --- Pattern grammar: each generator returns [source, sampler] where sampler() yields a string
// the node tends to match (exact for atoms; best effort around lookarounds and assertions).

const literalPool = [
  ["a", "a"], ["b", "b"], ["x", "x"], ["Z", "Z"], ["0", "0"], ["7", "7"], ["_", "_"], ["-", "-"],
  [" ", " "], ["@", "@"], [",", ","], ["é", "é"], ["中", "中"], ["😀", "😀"], ["𝒜", "𝒜"],
  ["\\.", "."], ["\\*", "*"], ["\\/", "/"], ["\\\\", "\\"], ["\\(", "("], ["\\]", "]"],
  ["\\{", "{"], ["\\|", "|"], ["\\^", "^"], ["\\$", "$"], ["\\n", "\n"], ["\\t", "\t"],
  ["\\v", "\v"], ["\\f", "\f"], ["\\r", "\r"], ["\\0", "\0"], ["\\cJ", "\n"], ["\\cm", "\r"],
  ["\\x41", "A"], ["\\xe9", "é"], ["\\u00e9", "é"], ["\\u2028", "\u2028"], ["\\u{1F600}", "😀"],
  ["\\uD83D\\uDE00", "😀"], ["\\u{0041}", "A"], ["\\u{10FFFF}", "\u{10FFFF}"], ["\\u0085", "\u0085"],
  ["\\ufeff", "\ufeff"],
];

const escapePool = [
  ["\\d", () => pick(["0", "5", "9"])], ["\\D", () => pick(["a", "٣", " ", "😀"])],
  ["\\w", () => pick(["a", "Z", "_", "3"])], ["\\W", () => pick(["é", "-", " ", "😀"])],
  ["\\s", () => pick([" ", "\t", "\ufeff", "\u2028", "\u3000", "\u00a0", "\v"])],
  ["\\S", () => pick(["a", "\u0085", "😀"])],
  ["\\p{L}", () => pick(["a", "Ж", "中", "𝒜"])], ["\\p{Lu}", () => pick(["A", "Ω", "𐐀"])],
  ["\\p{Ll}", () => pick(["a", "ß", "𐐨"])], ["\\P{L}", () => pick(["1", " ", "😀"])],
  ["\\p{N}", () => pick(["1", "١", "٣"])], ["\\p{Nd}", () => pick(["1", "١"])],
  ["\\p{Script=Greek}", () => pick(["Ω", "λ"])], ["\\p{sc=Latn}", () => pick(["a", "é"])],
  ["\\p{scx=Hira}", () => pick(["あ", "ー"])], ["\\p{Script_Extensions=Han}", () => "中"],
  ["\\p{General_Category=Decimal_Number}", () => "7"], ["\\p{gc=Zs}", () => pick([" ", "\u3000"])],
  ["\\p{Emoji}", () => pick(["😀", "👍", "#"])], ["\\p{Emoji_Presentation}", () => "😀"],
  ["\\p{ASCII}", () => pick(["a", "~"])], ["\\p{Any}", () => pick(["a", "😀"])],
  ["\\p{White_Space}", () => pick([" ", "\u0085", "\u2028"])], ["\\P{Any}", () => "a"],
  ["\\p{Alphabetic}", () => "a"], ["\\p{ID_Start}", () => "a"], ["\\p{Cn}", () => "\u{E0080}"],
  ["\\p{Co}", () => "\u{E000}"], ["\\p{Extended_Pictographic}", () => "😀"],
  ["\\p{Emoji_Modifier}", () => "🏽"], ["\\p{RI}", () => "🇦"], ["\\p{Sc}", () => "$"],
];

function genClass() {
  const negated = chance(0.25);
  if (chance(0.05)) return negated ? ["[^]", () => pick(["a", "\n", "😀"])] : ["[]", () => "a"];
  const items = [];
  const samples = [];
  const n = 1 + int(4);
  for (let i = 0; i < n; i++) {
    const r = random();
    if (r < 0.3) {
      const ranges = [["a", "z"], ["A", "Z"], ["0", "9"], ["α", "ω"], ["\\u0000", "\\u001F", "\u0001"],
        ["😀", "🙏"], ["\\u{1F600}", "\\u{1F64F}", "😃"], ["\\x20", "\\x7E", "~"], ["!", "/"],
        ["\\-", "\\/", "."], ["\\cA", "\\cZ", "\u0002"], ["\\0", "\\t", "\0"]];
      const [lo, hi, sample] = pick(ranges);
      items.push(`${lo}-${hi}`);
      samples.push(sample ?? lo);
    } else if (r < 0.55) {
      const [src, s] = pick(literalPool.filter(([src]) => src !== "\\cJ" || true));
      items.push(src === "-" ? "\\-" : src === "\\]" || src === "^" ? "\\]" : src);
      samples.push(s);
    } else if (r < 0.8) {
      const [src, sampler] = pick(escapePool);
      items.push(src);
      samples.push(sampler());
    } else {
      const [src, s] = pick([["\\b", "\b"], ["\\-", "-"], ["[", "["], ["(", "("], ["$", "$"],
        [".", "."], ["*", "*"], ["|", "|"], ["\u2028", "\u2028"], ["👍", "👍"]]);
      items.push(src);
      samples.push(s);
    }
  }
  if (chance(0.1)) items.push("-");
  const source = `[${negated ? "^" : ""}${items.join("")}]`;
  return [source, () => (negated ? pick(alphabet) : pick(samples))];
}

let groupCounter = 0;
function genAtom(depth) {
  const r = random();
  if (r < 0.35) {
    const [src, s] = pick(literalPool);
    return [src, () => s];
  }
  if (r < 0.45) return [".", () => pick(["a", "😀", "\v", "\u0085", "\n"])];
  if (r < 0.62) return pick(escapePool);
  if (r < 0.8) return genClass();
  if (depth > 3) return ["a", () => "a"];
  const [body, sample] = genDisjunction(depth + 1);
  const kind = random();
  if (kind < 0.4) return [`(${body})`, sample];
  if (kind < 0.7) return [`(?:${body})`, sample];
  const name = `${pick(["g", "n", "$x", "_y", "é", "\\u0061b", "\\u{62}"])}${groupCounter++}`;
  return [`(?<${name}>${body})`, sample];
}

function genQuantifier() {
  const q = pick(["*", "+", "?", "{2}", "{0}", "{1,}", "{0,2}", "{1,3}", "{3,}", "{2,2}", "{0,1}", "{12}",
    "{1,1000}", "{0,0}"]);
  return q + (chance(0.25) ? "?" : "");
}

function repeatSample(q, sample) {
  const m = q.match(/^\{(\d+)/);
  const times = q.startsWith("*") || q.startsWith("?") ? int(3) % (q.startsWith("?") ? 2 : 3)
    : q.startsWith("+") ? 1 + int(2) : Math.min(Number(m[1]) + int(2), 14);
  let s = "";
  for (let i = 0; i < times; i++) s += sample();
  return s;
}

function genTerm(depth) {
  // Backreferences: valid ECMAScript when the group exists, always refused by FormSpec.
  if (chance(0.02)) {
    const reference = chance(0.5) ? `\\${1 + int(3)}` : `\\k<${pick(["g", "n", "$x", "_y"])}${int(groupCounter + 1)}>`;
    return [reference, () => ""];
  }
  const r = random();
  if (r < 0.08) return [pick(["^", "$"]), () => ""];
  if (r < 0.13) return [pick(["\\b", "\\B"]), () => ""];
  if (r < 0.22 && depth <= 3) {
    const [body, sample] = genDisjunction(depth + 1);
    const kind = pick(["?=", "?!", "?<=", "?<!"]);
    const positive = !kind.includes("!");
    const ahead = !kind.includes("<");
    // A positive lookahead's text is usually followed by it; a lookbehind's precedes it. The
    // sampler cannot place that text, so it emits it for lookbehinds and nothing otherwise.
    return [`(${kind}${body})`, () => (positive && !ahead ? sample() : "")];
  }
  const [src, sample] = genAtom(depth);
  if (chance(0.35)) {
    const q = genQuantifier();
    return [src + q, () => repeatSample(q, sample)];
  }
  return [src, sample];
}

function genAlternative(depth) {
  const n = int(depth === 0 ? 5 : 3) + (depth === 0 ? 1 : 0);
  const terms = [];
  for (let i = 0; i < n; i++) terms.push(genTerm(depth));
  return [terms.map((t) => t[0]).join(""), () => terms.map((t) => t[1]()).join("")];
}

function genDisjunction(depth) {
  const n = chance(0.25) ? 2 + int(2) : 1;
  const alternatives = [];
  for (let i = 0; i < n; i++) alternatives.push(genAlternative(depth));
  return [alternatives.map((a) => a[0]).join("|"), () => pick(alternatives)[1]()];
}

// --- Mutations: mostly invalid variants of valid patterns.
const mutationPieces = ["(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "\\", "^", "$", "-", "{1,", "{,3}",
  "{3,1}", "\\k", "\\k<zz>", "\\1", "\\2", "\\c", "\\c1", "\\x4", "\\u12", "\\u{110000}", "\\u{}", "\\p{Foo}",
  "\\p{Latin}", "\\p{sc=Foo}", "\\p{gc=Letter}", "\\p{any}", "\\q", "\\a", "\\e", "\\Z", "\\h", "\\-", "\\00",
  "(?<", "(?i)", "(?i:", "(?P<x>", "(?<1>", "(?=", "(?<=", "[z-a]", "[\\w-z]", "[\\d-\\w]", "\\8", "[\\1]",
  "(?<a>x)(?<a>y)", "[[:alpha:]]", "\\B*", "^*", "(?=x)*", "(?<=x)+", "a**", "a+??"];

function mutate(source) {
  const chars = [...source];
  const r = random();
  const at = int(chars.length + 1);
  if (r < 0.5) chars.splice(at, 0, pick(mutationPieces));
  else if (r < 0.75 && chars.length > 0) chars.splice(int(chars.length), 1);
  else if (chars.length > 0) chars.length = int(chars.length);
  else chars.push(pick(mutationPieces));
  return chars.join("");
}

// --- Fixed edge cases (the examples and more).
const fixed = [
  ".", "^.$", "^\\s$", "^\\S$", "\\s", "[^]", "[]", "^[^]$", "^[]$", "(?<=a)b", "(?<!a)b", "(?<=^|,)x",
  "(?<=\\d{2})x", "(?<=(?<=a)b)c", "(?=(?!a)b)", "\\cJ", "\\Z", "(?i)", "(?i:a)", "a{,3}", "[[:alpha:]]",
  "\\h", "a{3000000000,2999999999}", "a{99999999999999999999}", "x{2,1}", "\\u{0000000041}",
  "\\uD83D\\u{DE00}", "\\uD83D", "[\\uD83D\\uDE00]", "[\\uD800-\\uDBFF]", "^\\uD83D\\uDE00$", "(?<\\u0061>x)",
  "(?<a\u200db>x)", "(?<$_\\u{1F600}>x)", "(?<\\uD835\\uDC9C>x)", "\\1(a)", "(a)\\1", "\\k<a>(?<a>x)",
  "(?<a>x)\\k<a>", "\\2(a)", "[\\b]", "\\b", "\\B", "^\\b$", "\\b\\B", "$^", "^$", "a|", "|", "()", "(?:)",
  "(|a)+", "(?:a|)*b", "(a*)*b", "(?=a)", "(?!)", "(?=)", "(?<=)", "(?<!)", "[--0]", "[a-]", "[-a]",
  "[a-b--c]", "[\\w-]", "[-\\w]", "\\p{Script_Extensions=Unknown}", "\\p{sc=Zzzz}", "\\p{Lc}", "\\p{LC}",
  "\\p{digit}", "\\p{punct}", "\\p{Block=Basic_Latin}", "\\p{RGI_Emoji}", "a{1}{2}", "\\0", "\\00", "\\8",
  "]", "}", "{", "a{", "a{1", "a{1,", "a{1,2", "(?", "(?:", "(", ")", "\\", "[", "[\\", "a\\", "\\p", "\\p{",
  "\\P{L", "\\p{L}+", "[\\p{L}-a]", "\\u{10FFFF}", "\\x", "\\c", "\\k", "\\k<", "\\k<a>", "(?<a>.)|(?<b>.)",
  "(?<a>.)|(?<a>.)", "[\\c_]", "\\c1", "\\-", "[\\-]", "\\/", "/", "[/]", "\\ ", "\\_", "\\é", "[\\é]",
  "^(a+)+$", "^(a|aa)+$", "(.*a){12}", "^(\\w+\\s?)*$", "\\u2028", "[\\u2028\\u2029]", "^[^\\n]*$",
  "\\p{Any}", "\\P{Any}", "[^\\p{Any}]", "[\\P{Any}]", "^\\p{Lu}\\p{Ll}+$", "a{0}", "a{0,0}b", "(?:a{0})+",
  "\\bfoo\\b", "(?<!\\w)\\d+(?!\\w)", "(?<=\\$)\\d+(\\.\\d\\d)?", "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
  "^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$", "^\\+?[0-9 ()-]{7,20}$", "😀+", "^.$", "^..$", "\u2028",
  "[\\d-]", "[a-\\b]", "[\\b-a]", "(?<𝒜>x)", "(?<a𝒜>x)", "(?<😀>x)", "\\p{Script=Kawi}", "\\p{sc=Tols}",
  "[^\\P{L}]", "^\\P{Lu}$", "^[\\p{Lu}\\p{Nd}]+$", "\\p{scx=Zyyy}", "\\p{Script_Extensions=Common}",
  "(?<=\\b)a", "(?<=a(?=b))b", "(?<!^)$", "(?=$)", "(?<=$)", "(?<=^)", "a(?<=ba)", "(?<=a|bc)d", "(?<=a{2,})b",
  "(?<=(?:ab)+)c", "^(?:a|ab)(?:c|bcd)(?:d*)$", "a{0,}", "a{,}", "a{1,}?", "x{0}?", "(?:)+", "(?:$)*",
  "(?:^)?a", "(?:\\b)+", "(?:(?=a))*", "(?:(?<=a))?b", "\\u{1F600}-\\u{1F64F}", "[\\u{1F600}-\\u{1F64F}]",
  "[😀-🙏]", "[\\uD83D\\uDE00-\\uD83D\\uDE4F]", "[\\uD83D-\\uDE4F]", "\\uD83D\\uDE4F\\uD83D", "[^\\uD83D]",
];

function hasBackreference(source) {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || next === "k")) return true;
      i++;
    } else if (c === "[" && !inClass) inClass = true;
    else if (c === "]" && inClass) inClass = false;
  }
  return false;
}

function isWellFormed(s) {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

function accepts(source) {
  try {
    return new RegExp(source, "u");
  } catch {
    return null;
  }
}

const patterns = new Map(); // source -> sampler or null
for (const source of fixed) patterns.set(source, null);
const grammarSources = [];
while (grammarSources.length < generatedCount) {
  const [source, sampler] = genDisjunction(0);
  if (patterns.has(source) || !isWellFormed(source)) continue;
  patterns.set(source, sampler);
  grammarSources.push(source);
}
for (let added = 0; added < mutatedCount; ) {
  const source = mutate(pick(grammarSources));
  if (patterns.has(source) || !isWellFormed(source)) continue;
  patterns.set(source, null);
  added++;
}

// Random text over syntax-heavy pieces: checks acceptance only (most of it is invalid).
const textPieces = ["(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "^", "$", ".", "\\", "-", ",", "<", ">", "=",
  "!", ":", "a", "z", "0", "1", "2", "9", "u", "x", "c", "k", "p", "P", "b", "B", "d", "D", "w", "s", "{1}", "{2,",
  "\\u{", "\\p{", "L}", "gc=", "sc=", "Latn}", "é", "😀", "\u2028", "\u200d", "_", "(?<", "(?", "\\k<", "\\u",
  "D83D", "DE00", "F", "/", "\\c", "\\0", "\\x"];
const syntaxOnly = new Set();
while (syntaxOnly.size < randomTextCount) {
  let source = "";
  for (let i = 1 + int(14); i > 0; i--) source += pick(textPieces);
  if (!patterns.has(source)) syntaxOnly.add(source);
}

const fixedSubjects = ["", "\n", "\r", "\u2028", "\u2029", "\v", "\f", "\u0085", "\ufeff", "😀", "a\nb", "aaaaaaaaaaaaaaaaaaaa!"];

function nearMiss(s) {
  const chars = [...s];
  const r = random();
  if (chars.length === 0 || r < 0.3) chars.splice(int(chars.length + 1), 0, pick(alphabet));
  else if (r < 0.65) chars.splice(int(chars.length), 1);
  else chars[int(chars.length)] = pick(alphabet);
  return chars.join("");
}

const syntax = [];
const matches = [];
let pairs = 0;
for (const source of syntaxOnly) {
  const regex = accepts(source);
  syntax.push({ pattern: source, accepted: regex !== null, backreference: regex !== null && hasBackreference(source) });
}
for (const [source, sampler] of patterns) {
  const regex = accepts(source);
  const backreference = regex !== null && hasBackreference(source);
  syntax.push({ pattern: source, accepted: regex !== null, backreference });
  if (regex === null || backreference) continue;
  const subjects = new Set();
  if (sampler) {
    for (let i = 0; i < 4; i++) {
      const s = sampler();
      subjects.add(s);
      subjects.add(nearMiss(s));
    }
  }
  subjects.add(pick(fixedSubjects));
  subjects.add(pick(fixedSubjects));
  for (let tries = 0; subjects.size < subjectsPerPattern && tries < 50; tries++) {
    subjects.add(chance(0.5) ? randomString(8) : nearMiss(pick([...subjects])));
  }
  const list = [...subjects].filter(isWellFormed).slice(0, subjectsPerPattern);
  matches.push({ pattern: source, subjects: list, matches: list.map((s) => regex.test(s)) });
  pairs += list.length;
}

const about = {
  generator: "Scripts/patterns/generate-corpus.mjs",
  seed,
  node: process.version,
  unicode: process.versions.unicode,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "syntax.json"), JSON.stringify({ ...about, patterns: syntax }, null, 0) + "\n");
writeFileSync(path.join(outDir, "matches.json"), JSON.stringify({ ...about, cases: matches }, null, 0) + "\n");
const accepted = syntax.filter((p) => p.accepted).length;
const trueVerdicts = matches.reduce((n, c) => n + c.matches.filter(Boolean).length, 0);
console.log(`${syntax.length} patterns (${accepted} accepted by node, ` +
  `${syntax.filter((p) => p.backreference).length} with backreferences), ${pairs} pairs (${trueVerdicts} match)`);
