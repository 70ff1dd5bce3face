// Checks the runtime's maker of a list's items (runtime/55-repeated-items.js) against the Swift
// runtime's: the fields it makes from a program's JSON are the compiler's fields, written out one
// by one by the Swift test (JavaScriptRepeatedItemsTests.swift).
//
//   node run-expand.mjs PROGRAM.json FIELDS.json     exits 0 when they agree; else prints where not
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { deepStrictEqual } from "node:assert/strict";
import { bundle } from "../../Sources/FormSpecCLISupport/JavaScript/bundle.mjs";

const [programPath, fieldsPath] = process.argv.slice(2);
const programJSON = readFileSync(programPath, "utf8");
const folder = mkdtempSync(join(tmpdir(), "formspec-expand-"));
try {
    // The runtime pieces as on disk (the embedded runtime is made from them), with the maker exported.
    const modulePath = join(folder, "module.mjs");
    writeFileSync(modulePath, bundle(programJSON) + "\nexport { fsExpandFields };\n");
    const { fsExpandFields } = await import(pathToFileURL(modulePath).href);
    // Both read by JSON.parse, so numbers compare alike.
    const made = JSON.parse(JSON.stringify(fsExpandFields(JSON.parse(programJSON).fields)));
    const expected = JSON.parse(readFileSync(fieldsPath, "utf8"));
    deepStrictEqual(made.length, expected.length, "field count");
    for (let index = 0; index < expected.length; index++) deepStrictEqual(made[index], expected[index], `field ${index} (${expected[index].name})`);
} finally {
    rmSync(folder, { recursive: true, force: true });
}
