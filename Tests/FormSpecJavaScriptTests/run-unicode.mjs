// Checks the JavaScript runtime's text semantics (05-unicode-data.js, 10-unicode.js) against the
// Swift answers JavaScriptUnicodeTests writes:
//
//   node run-unicode.mjs CASES.jsonl      prints a JSON summary line {"checks", "differences"}
//
// Lines of CASES.jsonl:
// - {"kind": "contexts", "contexts": [{"template", "counts", "sampled"}]}: for every scalar X (with
//   `sampled`, those of `isSampled`), the `String.count` of the template's scalars with X for -1;
//   `counts` are runs [first, last, count] over the scalars in order.
// - {"kind": "properties", "masks": runs [first, last, mask]}: Character(X)'s properties (maskOf).
// - {"kind": "folds", "folds": [[scalar, [scalars]]]}: every scalar whose full folding is not itself.
// - {"kind": "string", "text", "count", "masks", "lengths", "length", "classes", "contains",
//   "folded", "other", "equal", "needle", "inside"}: a random string (see checkString).
import { readFileSync } from "node:fs";

const runtime = new URL("../../Sources/FormSpecCLISupport/JavaScript/runtime/", import.meta.url);

/** The runtime's Unicode pieces as a module exporting `names`. */
async function loadPieces(files, names) {
    const source = files.map((file) => readFileSync(new URL(file, runtime), "utf8")).join("\n") +
        `\nexport { ${names.join(", ")} };\n`;
    return import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
}

const js = await loadPieces(["05-unicode-data.js", "10-unicode.js"], [
    "fsGraphemeCount", "fsNextGraphemeEnd", "fsCharacters", "fsIsLetter", "fsIsNumber", "fsIsWhitespace",
    "fsIsUppercase", "fsIsLowercase", "fsIsDecimalDigit", "fsIsASCII", "fsScalarCount", "fsUTF8Count", "fsUTF8",
    "fsUTF8Scratch", "fsScratchBytes",
    "LengthRule", "ContainsRule", "CaseFolding",
]);

// ContainsRule.CharacterClass.allCases, in order.
const classNames = ["uppercase", "lowercase", "letter", "digit", "symbol", "whitespace"];

/** The property bits of the character text[start..<end], as the Swift test computes them. */
function maskOf(text, start, end) {
    const character = text.slice(start, end);
    let mask = 0;
    const bits = [js.fsIsLetter, js.fsIsNumber, js.fsIsWhitespace, js.fsIsUppercase, js.fsIsLowercase,
        js.fsIsDecimalDigit, js.fsIsASCII];
    bits.forEach((test, bit) => { if (test(character)) mask |= 1 << bit; });
    classNames.forEach((name, bit) => {
        if (js.ContainsRule.contains(name, text, start, end)) mask |= 1 << (7 + bit);
    });
    return mask;
}

const hex = (scalar) => "U+" + scalar.toString(16).toUpperCase().padStart(4, "0");
const show = (text) => [...text].map((c) => hex(c.codePointAt(0))).join(" ");

let checks = 0;
const differences = [];
function check(ok, description) {
    checks++;
    if (!ok && differences.length < 40) differences.push(description());
}

/** The scalars the later templates run on (JavaScriptUnicodeCases.isSampled). */
const isSampled = (scalar) => scalar < 0x20000 || (scalar >= 0xe0000 && scalar <= 0xe0fff);

/**
 * Calls `body(scalar, value)` for every scalar value (no surrogates; with `sampled`, only those of
 * `isSampled`) with its run's value.
 */
function eachScalar(runs, body, sampled = false) {
    let run = 0;
    for (let scalar = 0; scalar <= 0x10ffff; scalar++) {
        if (scalar === 0xd800) scalar = 0xe000;
        if (sampled && !isSampled(scalar)) continue;
        while (runs[run][1] < scalar) run++;
        if (runs[run][0] > scalar) throw new Error(`no run for ${hex(scalar)}`);
        body(scalar, runs[run][2]);
    }
}

function checkContexts(line) {
    for (const { template, counts, sampled } of line.contexts) {
        eachScalar(counts, (scalar, expected) => {
            const text = String.fromCodePoint(...template.map((value) => (value < 0 ? scalar : value)));
            const actual = js.fsGraphemeCount(text);
            check(actual === expected, () => `count(${show(text)}): swift ${expected}, js ${actual}`);
        }, sampled);
    }
}

function checkProperties(line) {
    eachScalar(line.masks, (scalar, expected) => {
        const text = String.fromCodePoint(scalar);
        const actual = maskOf(text, 0, text.length);
        check(actual === expected, () => `properties(${hex(scalar)}): swift ${expected.toString(2)}, js ${actual.toString(2)}`);
    });
}

function checkFolds(line) {
    const folds = new Map(line.folds.map(([scalar, folded]) => [scalar, String.fromCodePoint(...folded)]));
    for (let scalar = 0; scalar <= 0x10ffff; scalar++) {
        if (scalar === 0xd800) scalar = 0xe000;
        const text = String.fromCodePoint(scalar);
        const expected = folds.get(scalar) ?? text;
        const actual = js.CaseFolding.fullFold(text);
        check(actual === expected, () => `fullFold(${hex(scalar)}): swift ${show(expected)}, js ${show(actual)}`);
    }
}

/** The rules the Swift test ran on a string, in its order, with their verdicts. */
function checkString(line) {
    const { text } = line;
    const what = show(text);
    check(js.fsGraphemeCount(text) === line.count, () => `count(${what}): swift ${line.count}, js ${js.fsGraphemeCount(text)}`);
    const masks = [];
    for (let start = 0; start < text.length;) {
        const end = js.fsNextGraphemeEnd(text, start);
        masks.push(maskOf(text, start, end));
        start = end;
    }
    check(JSON.stringify(masks) === JSON.stringify(line.masks),
        () => `characters(${what}): swift ${JSON.stringify(line.masks)}, js ${JSON.stringify(masks)}`);
    check(js.fsCharacters(text).join("") === text && js.fsCharacters(text).length === line.count,
        () => `fsCharacters(${what})`);
    const lengths = [js.fsGraphemeCount(text), js.fsScalarCount(text), js.fsUTF8Count(text), text.length];
    check(JSON.stringify(lengths) === JSON.stringify(line.lengths) && js.fsUTF8(text).length === lengths[2],
        () => `lengths(${what}): swift ${line.lengths}, js ${lengths}`);
    const utf8 = js.fsUTF8(text);
    const scratch = js.fsUTF8Scratch(text);
    check(scratch === utf8.length && utf8.every((byte, index) => js.fsScratchBytes[index] === byte),
        () => `fsUTF8Scratch(${what}) is not TextEncoder's bytes`);
    // LengthRule: every unit, both bounds, limits around the unit's length.
    let verdicts = "";
    ["graphemes", "scalars", "utf8", "utf16"].forEach((unit, index) => {
        for (const bound of ["min", "max"]) {
            // Int.max is a BigInt literal in an emitted module.
            const limits = [line.lengths[index] - 1, line.lengths[index], line.lengths[index] + 1, 2n ** 63n - 1n];
            for (const limit of limits) {
                verdicts += new js.LengthRule({ bound, limit, unit }).passes(text) ? "1" : "0";
            }
        }
    });
    check(verdicts === line.length, () => `LengthRule(${what}): swift ${line.length}, js ${verdicts}`);
    // ContainsRule: each class at its count and one more, all classes at the least, the password rule.
    verdicts = "";
    const rules = [];
    classNames.forEach((name, index) => {
        rules.push({ classes: [name], count: line.classes[index] });
        rules.push({ classes: [name], count: line.classes[index] + 1 });
    });
    rules.push({ classes: classNames, count: Math.min(...line.classes) });
    rules.push({ classes: ["lowercase", "uppercase", "digit", "symbol"], count: 1 });
    rules.push({ classes: classNames, count: 2n ** 63n - 1n });
    for (const rule of rules) verdicts += new js.ContainsRule(rule).passes(text) ? "1" : "0";
    check(verdicts === line.contains, () => `ContainsRule(${what}): swift ${line.contains}, js ${verdicts}`);
    // Case folding.
    const folded = js.CaseFolding.fullFold(text);
    check(folded === line.folded, () => `fullFold(${what}): swift ${show(line.folded)}, js ${show(folded)}`);
    const equal = js.CaseFolding.equal(text, line.other);
    check(equal === line.equal, () => `equal(${what}; ${show(line.other)}): swift ${line.equal}`);
    const inside = js.CaseFolding.contains(text, line.needle);
    check(inside === line.inside, () => `contains(${what}; ${show(line.needle)}): swift ${line.inside}`);
}

const kinds = { contexts: checkContexts, properties: checkProperties, folds: checkFolds, string: checkString };
const counts = {};
for (const text of readFileSync(process.argv[2], "utf8").split("\n")) {
    if (text.length === 0) continue;
    const line = JSON.parse(text);
    kinds[line.kind](line);
    counts[line.kind] = (counts[line.kind] ?? 0) + 1;
}
console.log(JSON.stringify({ checks, lines: counts, differences }));
