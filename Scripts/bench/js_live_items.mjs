// A live form's list operations in the emitted JavaScript module, on the nested bench's order with
// its line items' `max_items` raised (a list of up to N groups): setting the list, appending an
// item, reading `values`, and a keystroke in item 7. Medians of --runs, in one node process.
//
//   swift build --product formspec
//   node Scripts/bench/js_live_items.mjs --max-items 1000 --items 200 --runs 5
//
// Run from the repository root (or pass --formspec).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
    options: {
        formspec: { type: "string", default: ".build/debug/formspec" },
        "max-items": { type: "string", default: "1000" },
        items: { type: "string", default: "200" },
        runs: { type: "string", default: "5" },
    },
});
const folder = mkdtempSync(join(tmpdir(), "formspec-live-items-"));
try {
    const spec = readFileSync("Benchmarks/nested-order-bench.form.yaml", "utf8")
        .replace("max_items: 20", `max_items: ${Number(options["max-items"])}`);
    writeFileSync(join(folder, "order.form.yaml"), spec);
    execFileSync(options.formspec, ["compile", join(folder, "order.form.yaml"), "--emit", "js", "-o", folder]);
    const module = await import(pathToFileURL(join(folder, "nested_order_bench.js")).href);
    const item = (n) => ({ sku: "ABC-1234", quantity: 1 + (n % 99), unit_cents: 100 });
    const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const time = (run) => { const start = performance.now(); run(); return performance.now() - start; };
    const results = { set: [], append: [], values: [], keystroke: [] };
    for (let run = 0; run < Number(options.runs); run++) {
        const form = module.createForm();
        const items = Array.from({ length: Number(options.items) }, (_, n) => item(n));
        results.set.push(time(() => form.set("line_items", items)));
        results.append.push(time(() => form.appendItem("line_items", item(7))));
        results.values.push(time(() => form.values));
        results.keystroke.push(time(() => form.set("line_items.7.sku", "ABC-123")));
    }
    const row = Object.fromEntries(Object.entries(results).map(([name, list]) => [name + " ms", median(list).toFixed(2)]));
    console.log(JSON.stringify({ "max_items": Number(options["max-items"]), items: Number(options.items), ...row }));
} finally {
    rmSync(folder, { recursive: true, force: true });
}
