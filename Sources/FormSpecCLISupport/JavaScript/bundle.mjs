// Development tool: builds the module `formspec compile --emit js` would write, from a compiled
// program and the runtime pieces on disk (so a runtime edit can be tried without rebuilding the
// CLI, which embeds the pieces).
//
//   node Sources/FormSpecCLISupport/JavaScript/bundle.mjs PROGRAM.json > form.mjs
//
// PROGRAM.json is `formspec compile SPEC --emit json`. The module is: a header, `const PROGRAM =`
// the program, then every `runtime/*.js` piece in file-name order (the last, `90-exports.js`,
// holds the module's exports). Pieces share one module scope: each declares only its own names.
// It keeps every `/*! @feature */` part, which the emitter leaves out of a program that does not
// use it (JavaScriptRuntimeEmbeddingTests.swift).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** The runtime pieces, in order: [file name, source]. */
export function runtimePieces() {
    const folder = join(here, "runtime");
    return readdirSync(folder)
        .filter((name) => name.endsWith(".js"))
        .sort()
        .map((name) => [name, readFileSync(join(folder, name), "utf8")]);
}

/**
 * The program's compact JSON with integers beyond ±2^53 as BigInt literals, as
 * JavaScriptEmitter.bigIntegerLiterals writes them (a JS number would round them).
 */
function bigIntegerLiterals(json) {
    // Strings first (skipped whole), then number tokens.
    return json.replace(/"(?:[^"\\]|\\.)*"|-?\d{16,}(?![.eE\d])/g, (token) =>
        token.startsWith('"') || BigInt(token) <= 2n ** 53n && BigInt(token) >= -(2n ** 53n) ? token : token + "n");
}

/** The module text for a program (its JSON text). */
export function bundle(programJSON) {
    JSON.parse(programJSON); // fails on anything but JSON
    const program = bigIntegerLiterals(programJSON.replace(/\n\s*/g, ""));
    let out = "// Built by bundle.mjs (development). Do not edit.\n";
    out += `const PROGRAM = ${program};\n`;
    for (const [name, source] of runtimePieces()) out += `// ${name}\n${source}\n`;
    return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    if (process.argv.length !== 3) {
        console.error("usage: node bundle.mjs PROGRAM.json > form.mjs");
        process.exit(2);
    }
    process.stdout.write(bundle(readFileSync(process.argv[2], "utf8")));
}
