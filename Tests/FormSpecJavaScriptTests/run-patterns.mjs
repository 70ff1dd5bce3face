// Runs compiled patterns through the JavaScript matcher (20-patterns.js) and compares each verdict
// with the Swift one JavaScriptPatternTests writes:
//
//   node run-patterns.mjs CASES.jsonl      prints a JSON summary line
//
// A line of CASES.jsonl: {"pattern": the compiled pattern as a program stores it, "subjects": [text],
// "matches": [Swift's `pattern.matches(subject)`]}. Each subject runs twice: `matches` (the DFA where
// one is stored) and the PikeVM alone; again on the generated validator's ASCII matcher
// (25-ascii-matcher.js) when every conjunct is one DFA; and again when the pattern has integers past
// 2^53, with them as BigInts (as the emitted module writes them). The summary: {"patterns", "subjects", "checks",
// "kinds", "differences"}.
import { readFileSync } from "node:fs";

// The runtime's pattern piece with the Unicode ones it reads, as a module exporting Pattern.
const runtime = new URL("../../Sources/FormSpecCLISupport/JavaScript/runtime/", import.meta.url);
const source = ["05-unicode-data.js", "10-unicode.js", "20-patterns.js", "25-ascii-matcher.js"]
    .map((file) => readFileSync(new URL(file, runtime), "utf8")).join("\n") + "\nexport { Pattern, fsASCIIMatcher };\n";
const js = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

const show = (text) => JSON.stringify(text);
let patterns = 0, subjects = 0, checks = 0;
const differences = [];
// What the automata exercise: the engines and NFA state kinds each pattern uses.
const kinds = { dfaOnly: 0, asciiMatcher: 0, lookarounds: 0, pikeVMOnly: 0, scalarSets: 0, counters: 0, required: 0, bigint: 0 };

const hasHugeNumbers = (json) => JSON.stringify(json, (key, value) => value).match(/\d{17,}/) !== null;
/** `json` with every number past 2^53 a BigInt, as the emitted module has it. */
const withBigInts = (json) => Array.isArray(json) ? json.map(withBigInts)
    : typeof json === "number" && !Number.isSafeInteger(json) && Number.isInteger(json) ? BigInt(json)
    : json !== null && typeof json === "object" ? Object.fromEntries(Object.entries(json).map(([k, v]) => [k, withBigInts(v)]))
    : json;

for (const text of readFileSync(process.argv[2], "utf8").split("\n")) {
    if (text.length === 0) continue;
    const line = JSON.parse(text);
    const pattern = new js.Pattern(line.pattern);
    patterns++;
    const conjuncts = pattern.conjuncts;
    const automata = conjuncts.flatMap((conjunct) => [conjunct.main, ...conjunct.lookarounds]);
    const dfaOnly = conjuncts.every((conjunct) => conjunct.lookarounds.length === 0 && conjunct.main.dfa);
    if (dfaOnly) kinds.dfaOnly++;
    const ascii = dfaOnly ? conjuncts.map((conjunct) => [js.fsASCIIMatcher(conjunct.main.dfa), conjunct.expected]) : null;
    if (ascii?.some(([matcher]) => matcher.constructor.name === "ASCIIMatcher")) kinds.asciiMatcher++;
    if (conjuncts.some((conjunct) => conjunct.lookarounds.length > 0)) kinds.lookarounds++;
    if (automata.some((automaton) => automaton.dfa === null)) kinds.pikeVMOnly++;
    if (automata.some((automaton) => automaton.nfa.sets.length > 0)) kinds.scalarSets++;
    if (automata.some((automaton) => automaton.nfa.counters.length > 0)) kinds.counters++;
    if (conjuncts.some((conjunct) => conjunct.required.length > 0)) kinds.required++;
    const huge = hasHugeNumbers(line.pattern) ? new js.Pattern(withBigInts(line.pattern)) : null;
    if (huge) kinds.bigint++;
    line.subjects.forEach((subject, index) => {
        subjects++;
        const expected = line.matches[index];
        const verdicts = { matches: pattern.matches(subject), pikeVM: pattern.run(subject, true) };
        // The emitted module writes integers past 2^53 as BigInt literals (counters up to Int.max).
        if (huge) verdicts.bigint = huge.matches(subject);
        if (ascii) verdicts.ascii = ascii.every(([matcher, expected]) => matcher.isMatchText(subject) === expected);
        for (const [engine, actual] of Object.entries(verdicts)) {
            checks++;
            if (actual !== expected && differences.length < 40) {
                differences.push(`/${line.pattern.source}/${line.pattern.flags ?? ""} on ${show(subject)} (${engine}): swift ${expected}, js ${actual}`);
            }
        }
    });
}
console.log(JSON.stringify({ patterns, subjects, checks, kinds, differences }));
