// Type-checks the TypeScript usage of the generated declarations:
//
//   node Examples/web/test/typecheck.mjs [--tsc PATH]
//
// For the page's flat form (signup.d.ts) and a nested one (test/nested/order.d.ts, from
// Specs/order.form.yaml: groups and lists, each field also by its path): the usage file must
// compile with `tsc --strict --exactOptionalPropertyTypes --noEmit`; the "-wrong" one must not, and tsc must report an error on
// exactly its lines marked `// error:` (so the declarations catch each mistake, and nothing else
// fails there). Exits 1 otherwise.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--tsc");
const tsc = at >= 0 ? process.argv[at + 1] : process.env.TSC ?? "tsc";
// `exactOptionalPropertyTypes` too: the declarations take `undefined` wherever the runtime does.
const flags = ["--strict", "--exactOptionalPropertyTypes", "--noEmit", "--target", "es2022", "--module", "es2022",
    "--moduleResolution", "node", "--lib", "es2022,dom"];

function check(file) {
    const result = spawnSync(tsc, [...flags, join(web, file)], { cwd: web, encoding: "utf8" });
    if (result.error) {
        console.error(`✗ cannot run ${tsc}: ${result.error.message}`);
        process.exit(2);
    }
    return { status: result.status, output: result.stdout + result.stderr };
}

let failed = false;

function checkPair(good, wrongFile) {
    const typed = check(good);
    if (typed.status === 0) {
        console.log(`✓ ${good} type-checks`);
    } else {
        failed = true;
        console.error(`✗ ${good} does not type-check:\n${typed.output}`);
    }

    const wrong = check(wrongFile);
    const marked = readFileSync(join(web, wrongFile), "utf8").split("\n")
        .flatMap((line, index) => (/\/\/ error:/.test(line) ? [index + 1] : []));
    const name = wrongFile.split("/").pop().replace(/[.]/g, "\\.");
    const errorLine = new RegExp(`${name}\\((\\d+),\\d+\\): error`, "g");
    const reported = [...new Set([...wrong.output.matchAll(errorLine)].map((m) => Number(m[1])))];
    const missed = marked.filter((line) => !reported.includes(line));
    const extra = reported.filter((line) => !marked.includes(line));
    if (wrong.status !== 0 && marked.length > 0 && missed.length === 0 && extra.length === 0) {
        console.log(`✓ ${wrongFile} fails to type-check, on exactly its ${marked.length} marked lines`);
    } else {
        failed = true;
        if (wrong.status === 0) console.error(`✗ ${wrongFile} type-checks, but must not`);
        if (missed.length > 0) console.error(`✗ ${wrongFile}: no error on marked line(s) ${missed.join(", ")}`);
        if (extra.length > 0) console.error(`✗ ${wrongFile}: unexpected error on line(s) ${extra.join(", ")}`);
        console.error(wrong.output);
    }
}

checkPair("typed-usage.ts", "typed-usage-wrong.ts");
checkPair("test/nested/typed-paths.ts", "test/nested/typed-paths-wrong.ts");
process.exit(failed ? 1 : 0);
