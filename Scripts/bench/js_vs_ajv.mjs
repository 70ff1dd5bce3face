// The emitted JavaScript module against ajv's compiled validator, in node, on the same records:
// validations per second (median of interleaved rounds) and the ratio, after checking that both
// give every record the same verdict. Also the module's size (raw, gzip) and its load time.
//
//   swift build --product formspec
//   .build/debug/formspec compile Benchmarks/signup-bench.form.yaml --emit js -o /tmp/formspec-js-bench
//   node Scripts/bench/js_vs_ajv.mjs                       # 20k records, 7 rounds
//   node Scripts/bench/js_vs_ajv.mjs --records 50000 --rounds 9 --module /tmp/formspec-js-bench/signup_bench.js
//   node Scripts/bench/js_vs_ajv.mjs --delete             # records whose left-out member was deleted
//
// ajv is Debian's node-ajv (6.x, /usr/share/nodejs/ajv), with allErrors (FormSpec reports every
// failing rule) and $data (for the password confirmation). The JSON Schema below says what
// Benchmarks/signup-bench.form.yaml says; its inputs are ASCII, so ajv's code-point lengths and
// FormSpec's grapheme lengths agree.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

// Debian installs ajv's own dependencies beside it in /usr/share/nodejs, which a node from
// elsewhere does not search: run again with it on NODE_PATH.
if (!(process.env.NODE_PATH ?? "").split(":").includes("/usr/share/nodejs")) {
    const { spawnSync } = await import("node:child_process");
    const env = { ...process.env, NODE_PATH: ["/usr/share/nodejs", process.env.NODE_PATH].filter(Boolean).join(":") };
    process.exit(spawnSync(process.execPath, process.argv.slice(1), { env, stdio: "inherit" }).status ?? 1);
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : fallback;
};
const modulePath = resolve(option("--module", "/tmp/formspec-js-bench/signup_bench.js"));
const recordCount = Number(option("--records", "20000"));
const rounds = Number(option("--rounds", "7"));
const ajvPath = option("--ajv", "/usr/share/nodejs/ajv");
const deletes = args.includes("--delete");

const schema = {
    type: "object",
    required: ["username", "password", "confirm_password", "email", "age"],
    properties: {
        username: { type: "string", minLength: 3, maxLength: 20, pattern: "^[a-z0-9_]+$" },
        password: {
            type: "string",
            minLength: 8,
            allOf: [{ pattern: "[a-z]" }, { pattern: "[A-Z]" }, { pattern: "[0-9]" }, { pattern: "[^A-Za-z0-9]" }],
        },
        confirm_password: { type: "string", const: { $data: "1/password" } },
        email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$" },
        age: { type: "integer", minimum: 13, maximum: 120 },
    },
};

/**
 * Deterministic records: about half valid, the rest failing one or more rules; one in ten leaves a
 * member out. It is left out when the record is made, as `JSON.parse` or a page's state would have
 * it. With `--delete` it is deleted afterwards instead, which puts the object in V8's dictionary
 * mode, where every read of it is slower (for both validators).
 */
function records(count) {
    let state = 42;
    const next = (n) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % n;
    };
    const names = ["alice_01", "bob", "carol_smith", "dave99", "x", "Eve!", "a_very_long_username_indeed"];
    const passwords = ["Passw0rd!", "Tr0ub4dor&3", "short1!", "alllowercase1!", "NOLOWER1!", "NoDigits!!", "NoSymbol12"];
    const emails = ["alice@example.com", "bob@mail.example.org", "not-an-email", "c@d.e", "first.last@example.co"];
    const out = [];
    for (let index = 0; index < count; index++) {
        const password = passwords[next(passwords.length)];
        const record = {
            username: names[next(names.length)],
            password,
            confirm_password: next(6) === 0 ? password + "x" : password,
            email: emails[next(emails.length)],
            age: [25, 13, 120, 12, 121, 40][next(6)],
        };
        if (next(10) === 0) {
            const left = ["username", "email", "age"][next(3)];
            if (deletes) {
                delete record[left];
            } else {
                out.push(Object.fromEntries(Object.entries(record).filter(([key]) => key !== left)));
                continue;
            }
        }
        out.push(record);
    }
    return out;
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

const source = readFileSync(modulePath);
const loadStart = performance.now();
const formspec = await import(pathToFileURL(modulePath).href);
const loadMilliseconds = performance.now() - loadStart;
const firstStart = performance.now();
formspec.validate({}, { report: "errors" });
const firstMilliseconds = performance.now() - firstStart;

const Ajv = createRequire(import.meta.url)(ajvPath);
const ajv = new Ajv({ allErrors: true, $data: true });
const ajvValidate = ajv.compile(schema);

const inputs = records(recordCount);
let disagreements = 0;
for (const input of inputs) {
    const ours = formspec.validate(input, { report: "errors" }).valid;
    if (ours !== ajvValidate(input)) disagreements++;
}
if (disagreements > 0) {
    console.error(`${disagreements} of ${inputs.length} records get different verdicts: the schemas do not agree`);
    process.exit(1);
}

const runners = {
    "formspec --report errors": () => {
        let valid = 0;
        for (const input of inputs) if (formspec.validate(input, { report: "errors" }).valid) valid++;
        return valid;
    },
    "formspec --report full": () => {
        let valid = 0;
        for (const input of inputs) if (formspec.validate(input).valid) valid++;
        return valid;
    },
    "ajv (allErrors)": () => {
        let valid = 0;
        for (const input of inputs) if (ajvValidate(input)) valid++;
        return valid;
    },
};
const rates = Object.fromEntries(Object.keys(runners).map((name) => [name, []]));
for (const run of Object.values(runners)) run(); // warm up
for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(runners)) {
        const start = performance.now();
        run();
        rates[name].push(inputs.length / ((performance.now() - start) / 1000));
    }
}

const ajvRate = median(rates["ajv (allErrors)"]);
console.log(`node ${process.version}, ${inputs.length} records${deletes ? " (left-out members deleted)" : ""}, ` +
    `${rounds} interleaved rounds, same verdicts on every record`);
for (const [name, values] of Object.entries(rates)) {
    const rate = median(values);
    console.log(`${name.padEnd(26)} ${Math.round(rate).toLocaleString("en").padStart(12)} validations/s  ${(rate / ajvRate).toFixed(2)}x ajv`);
}
console.log(`module ${modulePath}: ${source.length} bytes, ${gzipSync(source, { level: 9 }).length} gzip; ` +
    `import ${loadMilliseconds.toFixed(1)} ms, first validate ${firstMilliseconds.toFixed(1)} ms`);
