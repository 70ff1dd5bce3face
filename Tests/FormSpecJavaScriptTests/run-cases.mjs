// Runs validation cases through an emitted JavaScript module and compares each answer with the
// Swift runtime's bytes, written into the case by the Swift test (JavaScriptCases.swift).
//
//   node run-cases.mjs MODULE.mjs CASES.jsonl      one module; prints a JSON summary line
//   node run-cases.mjs --dir DIR [SPEC] [--show N] development: every DIR/SPEC.program.json with
//                                                  its DIR/SPEC.cases.jsonl, bundled from the
//                                                  runtime pieces on disk (see bundle.mjs)
//
// `FORMSPEC_JS_CASES_DIR=DIR swift test --filter JavaScriptDifferential` writes such a DIR.
// A case line: {"name", "input": JSON text, "options": {...}, "expect": {"full", "errors"} or
// {"error"}}. The summary: {"cases": N, "differences": [{"name", "what", "expected", "actual"}]}.
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL, fileURLToPath } from "node:url";

/** Runs `cases` through `module`; returns the differences. */
export function runCases(module, cases) {
    const differences = [];
    for (const testCase of cases) {
        const actual = {};
        try {
            const options = { ...testCase.options };
            const full = module.validateJSON(testCase.input, { ...options, report: "full" });
            const errors = module.validateJSON(testCase.input, { ...options, report: "errors" });
            actual.full = module.reportJSON(full);
            actual.errors = module.reportJSON(errors);
            // The report objects themselves serialise to the same bytes (LANGUAGE.md §13).
            const stringified = JSON.stringify(full);
            if (stringified !== actual.full) actual.stringify = stringified;
        } catch (error) {
            actual.error = error instanceof Error && error.name === "FormSpecError" ? error.message : `crash: ${error?.stack ?? error}`;
        }
        // `validate` of the object (the module's own validator for a form it has one for, else
        // the runtime's reader of plain objects) answers as `validateJSON` of its JSON text.
        let parsed;
        try {
            parsed = JSON.parse(testCase.input);
        } catch {
            parsed = undefined;
        }
        if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
            const text = JSON.stringify(parsed);
            for (const report of ["full", "errors"]) {
                const options = { ...testCase.options, report };
                const answer = (run) => {
                    try {
                        return module.reportJSON(run());
                    } catch (error) {
                        return error instanceof Error && error.name === "FormSpecError" ? `error: ${error.message}` : `crash: ${error?.stack ?? error}`;
                    }
                };
                const expected = answer(() => module.validateJSON(text, options));
                const object = answer(() => module.validate(parsed, options));
                if (object !== expected) {
                    differences.push({ name: testCase.name, what: `validate(object) ${report}`, input: testCase.input,
                        options: testCase.options, expected, actual: object });
                }
            }
        }
        if (actual.stringify !== undefined) {
            differences.push({ name: testCase.name, what: "JSON.stringify(report)", input: testCase.input,
                options: testCase.options, expected: actual.full, actual: actual.stringify });
        }
        for (const what of ["full", "errors", "error"]) {
            if ((testCase.expect[what] ?? null) !== (actual[what] ?? null)) {
                differences.push({ name: testCase.name, what, input: testCase.input, options: testCase.options,
                    expected: testCase.expect[what] ?? null, actual: actual[what] ?? null });
            }
        }
    }
    return differences;
}

function readCases(path) {
    return readFileSync(path, "utf8").split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line));
}

async function main(args) {
    if (args[0] === "--dir") {
        const dir = args[1];
        const showAt = args.indexOf("--show");
        const show = showAt >= 0 ? Number(args[showAt + 1]) : 3;
        const only = args.slice(2).filter((arg, index, all) => arg !== "--show" && all[index - 1] !== "--show");
        const { bundle } = await import(new URL("../../Sources/FormSpecCLISupport/JavaScript/bundle.mjs", import.meta.url));
        const scratch = mkdtempSync(join(tmpdir(), "formspec-js-"));
        let total = 0, failing = 0;
        for (const file of readdirSync(dir).filter((name) => name.endsWith(".program.json")).sort()) {
            const spec = file.slice(0, -".program.json".length);
            if (only.length > 0 && !only.includes(spec)) continue;
            const cases = readCases(join(dir, `${spec}.cases.jsonl`));
            let differences;
            try {
                const modulePath = join(scratch, `${spec}.mjs`);
                writeFileSync(modulePath, bundle(readFileSync(join(dir, file), "utf8")));
                differences = runCases(await import(pathToFileURL(modulePath)), cases);
            } catch (error) {
                differences = [{ name: "(module)", what: "load", expected: null, actual: String(error?.stack ?? error) }];
            }
            total += cases.length;
            failing += differences.length;
            console.log(`${spec}: ${cases.length} cases, ${differences.length} differences`);
            for (const difference of differences.slice(0, show)) console.log(JSON.stringify(difference, null, 1));
        }
        console.log(`total: ${total} cases, ${failing} differences`);
        process.exit(failing === 0 ? 0 : 1);
    }
    if (args.length !== 2) {
        console.error("usage: node run-cases.mjs MODULE.mjs CASES.jsonl | --dir DIR [SPEC...] [--show N]");
        process.exit(2);
    }
    const module = await import(pathToFileURL(resolve(args[0])));
    const cases = readCases(args[1]);
    console.log(JSON.stringify({ cases: cases.length, differences: runCases(module, cases) }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
