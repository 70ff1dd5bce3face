// A typed use of the generated module: `tsc --strict --noEmit` checks it against signup.d.ts
// (see README.md). Not part of the page; it shows what TypeScript knows about the form.
import { createForm, form, reportJSON, validate, validateJSON, FormSpecError } from "./signup.js";
import type { CheckFunction, FieldPath, FullReport, Input, Issue, LiveField, Requirement } from "./signup.js";

const input: Input = { username: "alice_01", email: "alice@example.com", password: "Passw0rd!", confirm_password: "Passw0rd!" };

// One-shot validation: the full report by default, its fields keyed by field path.
const report: FullReport = validate(input, { locale: "ja", stubs: { username_available: true } });
const usernameErrors: readonly Issue[] | undefined = report.fields.username?.errors;
const firstMessage: string | undefined = usernameErrors?.[0]?.message;
const checklist: string[] = (report.fields.password?.checks ?? []).map((check) => `${check.passed ? "✓" : "✗"} ${check.requirement}`);
const text: string = reportJSON(report);

// The short report: only what fails.
const short = validateJSON('{"username": "al"}', { report: "errors", stubs: { username_available: false } });
const failing: FieldPath[] = Object.keys(short.errors ?? {}) as FieldPath[];

try {
    validateJSON("[]");
} catch (error) {
    if (error instanceof FormSpecError) console.log(error.message);
}

// The live form, with the external check as an async function.
const available: CheckFunction = async (value, { signal, field }) => {
    const response = await fetch(`/api/available?${field}=${encodeURIComponent(value)}`, { signal });
    return response.ok;
};
const live = createForm({
    checks: { username_available: available },
    locale: "en",
    // The timers debounces wait on (the default; tests pass a manual clock).
    scheduler: { setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds), clearTimeout },
});
live.set("username", "alice");
const unknown: string[] = live.set({ email: "alice@example.com", password: "Passw0rd!" });
const username: LiveField | undefined = live.field("username");
const message: string | null = username?.message ?? null;
const lines: readonly Requirement[] = username?.checklist ?? [];
const met: boolean = lines.every((line) => line.status === "passed");
const unsubscribe: () => void = live.subscribe((current) => {
    if (current.canSubmit) console.log(`${form}: ready`);
});
live.validateNow().then((final) => console.log(final.valid, final.fields.email?.valid));
unsubscribe();

export { firstMessage, checklist, text, failing, unknown, message, met };
