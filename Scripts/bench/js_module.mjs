// The sign-up page's module (or any emitted module): its size in bytes and gzip -9, and, in fresh
// node processes, how long `import` takes and the first `validate` after it. Medians of --runs.
//
//   node Scripts/bench/js_module.mjs                                  # Examples/web/signup.js
//   node Scripts/bench/js_module.mjs MODULE.js --input '{"a":1}' --stubs '{"check":true}' --runs 9
//
// Run from the repository root. The default input and stubs are the sign-up page's.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
        input: { type: "string", default: '{"username":"annabel","email":"ann@example.com","password":"x"}' },
        stubs: { type: "string", default: '{"username_available":true}' },
        runs: { type: "string", default: "5" },
    },
});
const path = resolve(positionals[0] ?? "Examples/web/signup.js");
const bytes = readFileSync(path);
// GNU gzip's -9, as the README quotes it (zlib's level 9 differs by about 1 %).
const gzipped = execFileSync("gzip", ["-9c"], { input: bytes }).length;

// One fresh process a run: what a page's first load pays.
const child = `
const start = performance.now();
const module = await import(${JSON.stringify(pathToFileURL(path).href)});
const imported = performance.now();
module.validate(${values.input}, { stubs: ${values.stubs} });
console.log(JSON.stringify([imported - start, performance.now() - imported]));`;
const runs = Array.from({ length: Number(values.runs) }, () =>
    JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", child], { encoding: "utf8" })));
const median = (numbers) => {
    const sorted = [...numbers].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

console.log(positionals[0] ?? "Examples/web/signup.js");
console.log(`  ${bytes.length.toLocaleString("en")} bytes, ${gzipped.toLocaleString("en")} gzip -9`);
console.log(`  import ${median(runs.map((run) => run[0])).toFixed(1)} ms, first validate ${median(runs.map((run) => run[1])).toFixed(1)} ms (medians of ${runs.length}, node ${process.version})`);
