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

// --- Fixed edge cases (the issue's examples and more).
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

// Node 20 (V8 11.3) predates ES2025 modifier groups, and its flags apply to the whole pattern. So a
// pattern with modifier groups, or with flags, is run by node as an equivalent pattern with neither
// (see `emulate`): each atom under `i` or `s` becomes the class of exactly the scalars node matches
// with those flags, `^`/`$` under `m` and `\b`/`\B` under `i` become lookarounds. Only the modifier
// groups' own early errors (a repeated flag, `(?-:`, an unknown flag) are decided here rather than
// by node; everything else about the syntax is node's verdict on the rewritten pattern.
function accepts(source, flags = "") {
  if (!hasModifiers(source)) {
    try {
      const regex = new RegExp(source, "u" + flags);
      return flags === "" ? regex : { test: (s) => regex.test(s), emulated: emulate(source, flags) };
    } catch {
      return null;
    }
  }
  const rewritten = emulate(source, flags);
  if (rewritten === null) return null;
  try {
    return new RegExp(rewritten, "u");
  } catch {
    return null;
  }
}


const modifierOpener = /^\(\?([ims]*)(?:-([ims]*))?:/;

function hasModifiers(source) {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(" && source[i + 1] === "?" && /[-a-zA-Z]/.test(source[i + 2] ?? "")) return true;
  }
  return false;
}

// Every non-surrogate scalar, in order, for computing the set an atom matches.
let everything = null;
function allScalars() {
  if (everything === null) {
    const parts = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) parts.push(String.fromCodePoint(cp));
    everything = parts.join("");
  }
  return everything;
}

const atomSets = new Map();
// The class matching exactly the scalars node matches with `atom` under `flags` (`i`, `s`).
function atomClass(atom, flags) {
  const key = `${flags}\u0000${atom}`;
  if (atomSets.has(key)) return atomSets.get(key);
  const text = allScalars();
  const runs = new RegExp(`(?:${atom})+`, `gu${flags}`);
  let out = "";
  for (let m = runs.exec(text); m; m = runs.exec(text)) {
    const first = m[0].codePointAt(0);
    const lastChar = [...m[0]].pop();
    const last = lastChar.codePointAt(0);
    out += first === last ? `\\u{${first.toString(16)}}` : `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`;
  }
  const result = `[${out}]`;
  atomSets.set(key, result);
  return result;
}

// ECMAScript's WordCharacters under `iu`, as node computes them.
let foldedWord = null;
function foldedWordClass() {
  if (foldedWord === null) {
    const extra = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if ((cp < 0xd800 || cp > 0xdfff) && /^\b/iu.test(String.fromCodePoint(cp))) extra.push(cp);
    }
    foldedWord = `[\\w${extra.map((cp) => `\\u{${cp.toString(16)}}`).join("")}]`;
  }
  return foldedWord;
}

// Reads one escape at `i` (a backslash); returns its end.
function escapeEnd(source, i) {
  const c = source[i + 1] ?? "";
  if (c === "u" && source[i + 2] === "{") return source.indexOf("}", i) + 1 || source.length;
  if (c === "u") {
    if (/^[0-9a-fA-F]{4}\\u[0-9a-fA-F]{4}/.test(source.slice(i + 2)) &&
        /^[dD][89abAB]/.test(source.slice(i + 2, i + 4)) && /^[dD][c-fC-F]/.test(source.slice(i + 8, i + 10))) {
      return i + 12;
    }
    return i + 6;
  }
  if (c === "x") return i + 4;
  if (c === "c") return i + 3;
  if (c === "p" || c === "P") return source.indexOf("}", i) + 1 || source.length;
  if (c === "k") return source.indexOf(">", i) + 1 || source.length;
  if (/[1-9]/.test(c)) {
    let j = i + 1;
    while (/[0-9]/.test(source[j] ?? "")) j++;
    return j;
  }
  return i + 1 + (c.codePointAt(0) > 0xffff ? 2 : 1);
}

// The pattern rewritten without modifier groups and for no flags but `u`; `null` when a modifier
// group breaks ES2025's early errors. With `expand` false only the modifiers are rewritten (to
// `(?:`), which is enough for deciding the syntax.
function emulate(source, flags, expand = true) {
  const stack = [new Set(flags)];
  let out = "";
  let i = 0;
  const current = () => stack[stack.length - 1];
  const atom = (text) => {
    const f = current();
    const relevant = (f.has("i") ? "i" : "") + (f.has("s") ? "s" : "");
    if (!expand || relevant === "") return text;
    try {
      new RegExp(text, "u");
    } catch {
      return text; // invalid anyway: node rejects the whole rewritten pattern
    }
    return atomClass(text, relevant);
  };
  while (i < source.length) {
    const c = source[i];
    if (c === "\\") {
      const end = escapeEnd(source, i);
      const text = source.slice(i, end);
      const kind = source[i + 1];
      if ((kind === "b" || kind === "B") && expand && current().has("i")) {
        const w = foldedWordClass();
        out += kind === "b" ? `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))` : `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
      } else if (kind === "b" || kind === "B" || kind === "k" || /[1-9]/.test(kind ?? "")) {
        out += text;
      } else {
        out += atom(text);
      }
      i = end;
    } else if (c === "[") {
      let j = i + 1;
      if (source[j] === "^") j++;
      while (j < source.length && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
      const text = source.slice(i, j + 1);
      out += atom(text);
      i = j + 1;
    } else if (c === ".") {
      out += atom(".");
      i++;
    } else if ((c === "^" || c === "$") && expand && current().has("m")) {
      out += c === "^" ? "(?<![^\\n\\r\\u2028\\u2029])" : "(?![^\\n\\r\\u2028\\u2029])";
      i++;
    } else if (c === "(") {
      const m = source.slice(i).match(modifierOpener);
      const isModifier = m && !(m[1] === "" && m[2] === undefined);
      if (isModifier) {
        const add = m[1];
        const remove = m[2] ?? "";
        if (m[2] !== undefined && add === "" && remove === "") return null;
        if (new Set(add + remove).size !== add.length + remove.length) return null;
        const next = new Set(current());
        for (const f of add) next.add(f);
        for (const f of remove) next.delete(f);
        stack.push(next);
        out += "(?:";
        i += m[0].length;
      } else {
        if (source[i + 1] === "?" && /[a-zA-Z-]/.test(source[i + 2] ?? "")) return null;
        stack.push(new Set(current()));
        const opener = source.slice(i).match(/^\((?:\?(?:[:=!]|<[=!]|<[^>]*>))?/)[0];
        out += opener;
        i += opener.length;
      }
    } else if (c === ")") {
      if (stack.length > 1) stack.pop();
      out += c;
      i++;
    } else if ("*+?{}|".includes(c) || c === "^" || c === "$") {
      // Quantifiers (and `{` as a quantifier's start) pass through; a lone `{` or `}` is invalid
      // in `u` mode and stays invalid.
      if (c === "{") {
        const q = source.slice(i).match(/^\{\d+(?:,\d*)?\}/);
        if (q) {
          out += q[0];
          i += q[0].length;
          continue;
        }
      }
      out += c;
      i++;
    } else {
      const cp = source.codePointAt(i);
      const text = String.fromCodePoint(cp);
      out += atom(text);
      i += text.length;
    }
  }
  // V8 tries a search from inside a surrogate pair too, where a lookbehind reads the lone lead
  // surrogate; starting every search at the input's start and stepping whole scalars avoids that.
  return expand ? `^[^]*?(?:${out})` : out;
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
  // Modifier groups get their subjects with the flagged cases below.
  if (regex === null || backreference || hasModifiers(source)) continue;
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

// --- Flags and modifier groups. Generated after everything above so the unflagged corpus does not
// change. Subjects lean on the scalars case folding treats specially: the Kelvin sign and long s
// (which fold into ASCII), sigma's three forms, Cherokee (which folds to upper case), the sharp s
// pair, titlecase digraphs, and Turkish dotted and dotless i (which must not fold specially).
const caseAlphabet = [
  ..."abksxyzABKSXYZ019_ -.\n\r", "\u2028", "\u2029", "\u212a", "\u017f", "Σ", "σ", "ς", "Ꭰ", "ꭰ", "Ᏸ", "ᏸ",
  "I", "i", "İ", "ı", "ß", "ẞ", "Ǆ", "ǅ", "ǆ", "µ", "Μ", "μ", "Ω", "ω", "\u2126", "θ", "ϑ", "ϴ", "ΐ", "\u1fd3",
  "ﬅ", "ﬆ", "𐐀", "𐐨", "é", "É", "😀", "ǰ", "ſt",
];
function caseString(maxLength) {
  let out = "";
  for (let n = int(maxLength + 1); n > 0; n--) out += pick(caseAlphabet);
  return out;
}
function caseVariants(s) {
  return [s.toUpperCase(), s.toLowerCase(), [...s].map((c) => (chance(0.5) ? c.toUpperCase() : c)).join("")];
}

const flagChoices = ["i", "s", "m", "im", "is", "ms", "ims"];
const modifierChoices = ["i", "-i", "s", "-s", "m", "-m", "im", "i-s", "s-i", "-im", "ims", "m-is", "i-", "is-m"];

const fixedFlagged = [
  ["a", "i"], ["^k$", "i"], ["^K$", "i"], ["^\\u212a$", "i"], ["^s$", "i"], ["^\\u017f$", "i"],
  ["^[a-z]+$", "i"], ["^[A-Z]+$", "i"], ["^[^a-z]$", "i"], ["^[^k]$", "i"], ["^\\w$", "i"], ["^\\W$", "i"],
  ["^[\\w]$", "i"], ["^[\\W]$", "i"], ["^[^\\w]$", "i"], ["^[^\\W]$", "i"], ["\\bk", "i"], ["k\\b", "i"],
  ["\\B\\u212a", "i"], ["^\\p{Lu}$", "i"], ["^\\P{Lu}$", "i"], ["^[^\\p{Lu}]$", "i"], ["^\\p{Ll}+$", "i"],
  ["^[\\p{Lu}\\d]$", "i"], ["^σ$", "i"], ["^ς$", "i"], ["^Σ+$", "i"], ["^[σ]$", "i"], ["^[^ς]$", "i"],
  ["^ꭰ$", "i"], ["^Ꭰ$", "i"], ["^ᏸ$", "i"], ["^i$", "i"], ["^I$", "i"], ["^İ$", "i"], ["^ı$", "i"],
  ["^[i-k]$", "i"], ["^ß$", "i"], ["^ẞ$", "i"], ["^ss$", "i"], ["^ǅ$", "i"], ["^[ǆ]$", "i"], ["^µ$", "i"],
  ["^ω$", "i"], ["^θ$", "i"], ["^ΐ$", "i"], ["^ﬆ$", "i"], ["^𐐀$", "i"], ["^[𐐨-𐑏]$", "i"], ["^é$", "i"],
  ["^.$", "s"], ["^.$", ""], ["a.b", "s"], ["^[^]$", "s"], ["^a$", "m"], ["^b", "m"], ["a$", "m"],
  ["^$", "m"], ["(?<=^)b", "m"], ["a(?=$)", "m"], ["^a.b$", "ms"], ["^K.$", "ims"], ["\\bS\\b", "im"],
  ["(?i:a)", ""], ["(?i:k)b", ""], ["^(?i:[a-z])b$", ""], ["^(?-i:a)b$", "i"], ["^(?i:\\u212a)$", ""],
  ["^(?s:.)$", ""], ["^(?-s:.)$", "s"], ["(?m:^b)", ""], ["(?m:a$)", ""], ["^(?-m:^)a", "m"],
  ["^(?i-s:a.)b$", "s"], ["(?i:\\bk)", ""], ["^(?i:\\W)$", ""], ["^(?i:(?-i:a)b)$", ""],
  ["^(?i:σ)(?-i:ς)$", ""], ["(?im-s:^k.)", "s"], ["^(?i:[^a-z])$", ""], ["(?<=(?i:K))x", ""],
  ["^(?ims:.)+$", ""], ["(?i:ß|ss)$", ""], ["^(?i:ı)$", ""], ["^(?i:İ)$", ""],
];
const flaggedSyntax = [
  "(?i:a)", "(?-i:a)", "(?im-s:a)", "(?ims:a)", "(?i-:a)", "(?-ims:a)", "(?ii:a)", "(?i-i:a)", "(?-ii:a)",
  "(?-:a)", "(?x:a)", "(?ix:a)", "(?i)", "(?i", "(?i:", "(?i:a", "(?-", "(?I:a)", "(?u:a)", "(?g:a)",
  "(?s-m-i:a)", "(?i:(?-i:a))", "(?i:)", "(?m:^)", "(?i:a)+", "(?i:a){2}", "(?s:.)*", "[(?i:a)]", "\\(?i:a)",
  "(?=(?i:a))", "(?<=(?s:.))", "(?i:\\1)(a)", "(?i:(?<n>a))\\k<n>", "(?ms-i:^.$)", "(?smi:a)", "(?msm:a)",
];

for (const source of flaggedSyntax) {
  const regex = accepts(source);
  syntax.push({ pattern: source, accepted: regex !== null, backreference: regex !== null && hasBackreference(source) });
}

let flaggedCases = 0;
let emulationChecks = 0;
function addFlagged(source, flags, sampler) {
  const regex = accepts(source, flags);
  if (!hasModifiers(source) && flags === "") return;
  if (regex === null) {
    if (hasModifiers(source)) syntax.push({ pattern: source, accepted: false, backreference: false });
    return;
  }
  if (hasModifiers(source)) syntax.push({ pattern: source, accepted: true, backreference: hasBackreference(source) });
  if (hasBackreference(source)) return;
  const subjects = new Set();
  if (sampler) {
    for (let i = 0; i < 3; i++) {
      const s = sampler();
      subjects.add(s);
      for (const v of caseVariants(s)) subjects.add(v);
    }
  }
  for (let tries = 0; subjects.size < subjectsPerPattern && tries < 50; tries++) {
    subjects.add(chance(0.6) ? caseString(6) : nearMissCase(pick([...subjects, "a"])));
  }
  const list = [...subjects].filter(isWellFormed).slice(0, subjectsPerPattern);
  const verdicts = list.map((s) => regex.test(s));
  // Where node runs the flags itself, the emulation used for modifier groups must agree with it.
  if (regex.emulated !== undefined) {
    const emulated = new RegExp(regex.emulated, "u");
    list.forEach((s, k) => {
      emulationChecks++;
      if (emulated.test(s) !== verdicts[k]) {
        throw new Error(`emulation of /${source}/${flags} disagrees with node on ${JSON.stringify(s)}`);
      }
    });
  }
  matches.push({ pattern: source, flags, subjects: list, matches: verdicts });
  flaggedCases++;
  pairs += list.length;
}
function nearMissCase(s) {
  const chars = [...s];
  if (chars.length === 0 || chance(0.4)) chars.splice(int(chars.length + 1), 0, pick(caseAlphabet));
  else chars[int(chars.length)] = pick(caseAlphabet);
  return chars.join("");
}

for (const [source, flags] of fixedFlagged) {
  const before = matches.length;
  addFlagged(source, flags, null);
  // Fixed cases also get every single scalar of the case alphabet as a subject.
  if (matches.length > before) {
    const testCase = matches[matches.length - 1];
    const regex = accepts(source, flags);
    for (const c of caseAlphabet) {
      if (testCase.subjects.includes(c)) continue;
      testCase.subjects.push(c);
      testCase.matches.push(regex.test(c));
      pairs++;
    }
  }
}
// Whole-pattern flags over grammar patterns (their samplers give subjects).
for (let n = 0; n < 500; n++) {
  const source = pick(grammarSources);
  addFlagged(source, pick(flagChoices), patterns.get(source));
}
// Modifier groups: grammar patterns whose non-capturing groups carry modifiers.
for (let n = 0; n < 500; n++) {
  let [source, sampler] = genDisjunction(0);
  source = source.replace(/\(\?:/g, (whole, offset) => {
    if (source[offset - 1] === "\\" || !chance(0.8)) return whole;
    return `(?${pick(modifierChoices)}:`;
  });
  if (!hasModifiers(source)) source = `(?${pick(modifierChoices)}:${source})`;
  // A counted group directly inside `{1,1000}` can exceed FormSpec's automaton size limit with or
  // without flags (a limit, not a disagreement): leave those to the unflagged corpus.
  if (!isWellFormed(source) || patterns.has(source) || /\{\d+(?:,\d*)?\}\??\)\{1,1000\}/.test(source)) continue;
  addFlagged(source, chance(0.5) ? "" : pick(flagChoices), sampler);
}
console.log(`${flaggedCases} cases with flags or modifier groups; ${emulationChecks} subjects checked against the emulation`);

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
