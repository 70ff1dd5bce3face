// The JavaScript live form (`createForm`, runtime/80-live.js) behaves as Swift's LiveForm: the
// scenarios of Tests/FormSpecLiveTests, ported. Run with `node --test Tests/JavaScript/`.
//
// Each spec is compiled by the built CLI (`formspec compile --emit js`; FORMSPEC_CLI, else
// .build/debug/formspec), so this tests the module users get (after a runtime edit, regenerate the
// embedded runtime and rebuild). Debounces wait on a manual clock; async checks are answered by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const cli = process.env.FORMSPEC_CLI ?? join(root, ".build/debug/formspec");
const scratch = mkdtempSync(join(tmpdir(), "formspec-live-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

const modules = new Map();
let sources = 0;

/** The module of `Specs/NAME.form.yaml`, or of spec source text (anything with a newline). */
async function load(spec) {
    if (!modules.has(spec)) {
        assert.ok(existsSync(cli), `no formspec CLI at ${cli} (build it, or set FORMSPEC_CLI)`);
        let path = join(root, "Specs", `${spec}.form.yaml`);
        if (spec.includes("\n")) {
            path = join(scratch, `spec${++sources}.form.yaml`);
            writeFileSync(path, spec);
        }
        // The module as users get it: `formspec compile --emit js`, one folder per spec.
        const folder = join(scratch, `module${modules.size}`);
        execFileSync(cli, ["compile", path, "--emit", "js", "-o", folder], { encoding: "utf8" });
        const file = readdirSync(folder).find((name) => name.endsWith(".js"));
        modules.set(spec, await import(pathToFileURL(join(folder, file))));
    }
    return modules.get(spec);
}

/** A clock that moves only when told to (Swift's TestClock): the scheduler of a live form. */
class ManualClock {
    constructor() {
        this.now = 0;
        this.timers = new Map();
        this.next = 1;
    }
    setTimeout(callback, milliseconds) {
        const id = this.next++;
        this.timers.set(id, { due: this.now + milliseconds, callback });
        return id;
    }
    clearTimeout(id) {
        this.timers.delete(id);
    }
    /** Moves on by `milliseconds`, running every timer due on the way, earliest first. */
    advance(milliseconds) {
        const target = this.now + milliseconds;
        for (;;) {
            let first;
            for (const [id, timer] of this.timers) {
                if (timer.due <= target && (first === undefined || timer.due < first[1].due)) first = [id, timer];
            }
            if (first === undefined) break;
            this.timers.delete(first[0]);
            this.now = first[1].due;
            first[1].callback();
        }
        this.now = target;
    }
}

/** An async check whose calls the test answers by hand, one by one (Support.swift's CheckGate). */
class CheckGate {
    constructor() {
        this.asked = [];
        this.calls = [];
        this.waiters = [];
        this.cancellations = 0;
        // Like a check that ignores cancellation: an aborted call still answers when told to.
        this.check = (value, { signal, field }) => new Promise((resolve, reject) => {
            this.asked.push(value);
            signal.addEventListener("abort", () => { this.cancellations += 1; });
            const call = { value, field, pass: () => resolve(true), fail: () => resolve(false), throw: (error) => reject(error) };
            const waiter = this.waiters.shift();
            if (waiter) waiter(call);
            else this.calls.push(call);
        });
    }
    /** The next call (waits for it). */
    nextCall() {
        const call = this.calls.shift();
        return call ? Promise.resolve(call) : new Promise((resolve) => this.waiters.push(resolve));
    }
}

/** Lets pending promise callbacks run. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

function type(form, field, text, start = "") {
    let current = start;
    for (const character of text) {
        current += character;
        form.set(field, current);
    }
}

const statuses = (field) => field.checklist.map((line) => line.status);
const messages = (field) => field.errors.map((issue) => issue.message);

// MARK: LiveFormTests.swift

test("a confirmation mismatch appears, then clears when the password changes to match", async () => {
    const { createForm } = await load("registration");
    const form = createForm();
    const password = form.field("password");
    const confirm = form.field("confirm_password");
    type(form, "username", "alice");
    assert.equal(form.field("username").message, null);
    type(form, "password", "Passw0rd");
    assert.equal(password.message, null);
    assert.deepEqual(password.checklist.map((line) => `${line.passed ? "✓" : "✗"} ${line.text}`),
        ["✓ Password is required", "✓ A minimum of 8 characters", "✓ One uppercase letter"]);
    type(form, "confirm_password", "Passw0rd!");
    assert.equal(confirm.message, "Passwords do not match");
    assert.equal(confirm.checklist.at(-1).passed, false);
    assert.equal(form.isValid, false);
    form.set("password", "Passw0rd!");
    assert.equal(confirm.message, null);
    assert.equal(confirm.checklist.at(-1).passed, true);
    assert.ok(form.isValid && form.canSubmit);
    form.set("password", "Passw0rd!2");
    assert.equal(confirm.message, "Passwords do not match");
    assert.equal(form.canSubmit, false);
});

test("the checklist ticks off as the password is typed (report: first)", async () => {
    const { createForm } = await load("signup");
    const form = createForm({ scheduler: new ManualClock() });
    const password = form.field("password");
    assert.deepEqual(password.checklist.map((line) => line.text), [
        "Password is required", "A minimum of 8 characters",
        "A lowercase letter, an uppercase letter, a digit and a symbol", "Matches the confirmation",
    ]);
    form.set("password", "p");
    assert.deepEqual(password.checklist.map((line) => line.passed), [true, false, false, false]);
    assert.equal(password.message, "Password must be at least 8 characters long");
    type(form, "password", "assword", "p");
    assert.deepEqual(password.checklist.map((line) => line.passed), [true, true, false, false]);
    assert.equal(password.message, "Password is too weak");
    form.set("password", "Passw0rd!");
    assert.equal(password.message, "Passwords don't match");
    type(form, "confirm_password", "Passw0rd!");
    assert.equal(password.message, null);
    assert.ok(password.checklist.every((line) => line.passed));
});

test("only a field and the fields that read it are re-evaluated", async () => {
    const { createForm } = await load("registration");
    const form = createForm();
    assert.deepEqual(form.evaluationCounts, { username: 1, password: 1, confirm_password: 1 });
    type(form, "username", "alice");
    assert.deepEqual(form.evaluationCounts, { username: 6, password: 1, confirm_password: 1 });
    type(form, "password", "Secret");
    assert.deepEqual(form.evaluationCounts, { username: 6, password: 7, confirm_password: 7 });
    type(form, "confirm_password", "Sec");
    assert.deepEqual(form.evaluationCounts, { username: 6, password: 7, confirm_password: 10 });
    form.set("confirm_password", "Sec");
    assert.equal(form.evaluationCount, 23);
    form.resetEvaluationCounts();
    assert.equal(form.evaluationCount, 0);
});

test("conditions read by other fields are dependencies", async () => {
    const { createForm } = await load("contact");
    const form = createForm();
    const phone = form.field("phone");
    assert.equal(phone.isActive, false);
    form.resetEvaluationCounts();
    form.set("contact_method", "phone");
    assert.equal(phone.isActive, true);
    assert.equal(phone.message, "Enter your phone number so we can call back");
    const counts = form.evaluationCounts;
    assert.ok(counts.contact_method === 1 && counts.phone === 1 && counts.email === 1);
    assert.ok(counts.name === 0 && counts.body === 0 && counts.reference === 0);
    assert.ok(!("order_number" in form.report.fields));
    assert.ok("phone" in form.report.fields);
});

test("the live report is byte for byte what validate gives for the same values", async () => {
    const inputs = [
        ["signup", [{ username: "al", password: "abc" }, { username: "alice_01", password: "Passw0rd!", confirm_password: "Passw0rd!" }]],
        ["contact", [
            { name: " 123 ", contact_method: "email", email: "x@example.com", topic: "sales", body: "Hi!!!" },
            { contact_method: "phone", phone: "+41 7", topic: "billing", order_number: "1234", reference: "T-12" },
        ]],
        ["settings", [{ max_price_level: "0" }, { display_order: "nope", show_check_in_only: "yes" }]],
        ["checkout", [{}]],
        ["emergency_contacts", [{ patient_phone: "+31612345678", contacts: [{ name: "Ann", phone: "+31687654321" }, { name: "Bob", phone: "oops" }] }]],
    ];
    for (const [name, records] of inputs) {
        const { createForm, validate, reportJSON } = await load(name);
        for (const locale of [undefined, "ja"]) {
            const form = createForm({ locale, today: "2024-06-01", scheduler: new ManualClock() });
            for (const record of records) {
                for (const field of Object.keys(record).sort()) form.set(field, record[field]);
                const expected = validate(form.values, { locale, today: "2024-06-01" });
                assert.equal(reportJSON(form.report), reportJSON(expected), `${name} ${JSON.stringify(record)} ${locale}`);
            }
        }
    }
});

test("edit mode: dirty and clean round trip, Save needs a real change", async () => {
    const { createForm } = await load("student_profile");
    const original = { name: "Mei", sex: "female", birthday: "2001-04-03" };
    const form = createForm({ mode: "edit", original });
    const name = form.field("name");
    assert.equal(name.value, "Mei");
    assert.ok(!name.isDirty && !form.hasUnsavedChanges && !form.canSubmit);
    assert.deepEqual(form.formErrors.map((issue) => issue.message), ["Nothing to save"]);
    type(form, "name", " Lin", "Mei");
    assert.ok(name.isDirty && name.isTouched && form.hasUnsavedChanges);
    assert.deepEqual(form.changedFields, ["name"]);
    assert.deepEqual(form.formErrors, []);
    assert.ok(form.canSubmit);
    assert.deepEqual(form.report.changed, ["name"]);
    form.set("name", "Mei");
    assert.ok(!name.isDirty && !form.hasUnsavedChanges && !form.canSubmit);
    form.set("name", "Mei Lin Chen Wang");
    assert.ok(form.hasUnsavedChanges && !form.isValid && !form.canSubmit);
    form.discardChanges();
    assert.ok(name.value === "Mei" && !name.isTouched && !form.hasUnsavedChanges);
    form.set("name", "Mei L");
    assert.ok(form.canSubmit);
    form.markSaved();
    assert.ok(!form.hasUnsavedChanges && !form.canSubmit);
    assert.equal(form.originalValues.name, "Mei L");
});

test("edit mode: an unreadable stored value edited into another unreadable one is a change", async () => {
    const { createForm, validate } = await load("student_profile");
    const original = { name: "Mei", sex: "female", birthday: "someday" };
    const form = createForm({ mode: "edit", original });
    assert.ok(!form.hasUnsavedChanges);
    form.set("birthday", "soon");
    assert.ok(form.hasUnsavedChanges && form.field("birthday").isDirty);
    assert.deepEqual(form.changedFields, ["birthday"]);
    form.set("birthday", "someday");
    assert.ok(!form.hasUnsavedChanges);
    assert.deepEqual(form.changedFields, []);
    const report = validate({ name: "Mei", sex: "female", birthday: "soon" }, { original });
    assert.deepEqual(report.changed, ["birthday"]);
    assert.deepEqual(report.form_errors, []);
});

test("text set on a field of a removed item is dropped, as set drops it", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm();
    assert.ok(form.appendItem("contacts") && form.appendItem("contacts"));
    const stale = form.field("contacts.1.name");
    assert.ok(form.removeItem("contacts", 1));
    const before = JSON.stringify(form.values);
    stale.text = "ghost";
    assert.equal(stale.text, "");
    assert.equal(JSON.stringify(form.values), before);
    assert.equal(form.set("contacts.1.name", "ghost"), false);
});

test("a number a double cannot hold keeps every digit in values, as text", async () => {
    const { createForm, validate } = await load(`
formspec: 1
form: big
fields:
  n:
    type: integer
    rules:
      - max: 9223372036854775807
        message: "{label} {value} is too big"
  ratio: {type: number}
`);
    const form = createForm();
    form.set("n", 9223372036854775808n);
    assert.equal(form.field("n").value, "9223372036854775808");
    form.set("ratio", "0.30000000000000000001");
    assert.equal(form.values.ratio, "0.30000000000000000001");
    form.set("n", 42n);
    assert.equal(form.values.n, 42);
    form.set("n", 9223372036854775807n);
    assert.equal(form.values.n, "9223372036854775807");
    JSON.stringify(form.values);  // no bigint left to throw on
    form.set("n", 9223372036854775808n);
    assert.equal(validate(form.values).fields.n.errors[0].message, "N 9223372036854775808 is too big");
    assert.equal(form.field("n").message, "N 9223372036854775808 is too big");
});

test("discarding changes in new mode goes back to the initial values", async () => {
    const { createForm } = await load("registration");
    const form = createForm({ values: { username: "alice" } });
    form.set("username", "bob");
    form.set("password", "Passw0rd");
    assert.deepEqual(form.changedFields, ["username", "password"]);
    form.discardChanges();
    assert.deepEqual(form.values, { username: "alice" });
    assert.ok(!form.hasUnsavedChanges && form.fields.every((field) => !field.isTouched));
    assert.throws(() => createForm({ mode: "draft" }), { name: "FormSpecError", message: "mode must be new, edit or show" });
    assert.throws(() => createForm({ today: "tomorrow" }), { name: "FormSpecError" });
});

test("in new mode canSubmit needs only validity", async () => {
    const { createForm } = await load("password_confirm");
    const form = createForm();
    assert.equal(form.canSubmit, false);
    form.set("password", "hunter22");
    form.set("confirm_password", "hunter22");
    assert.equal(form.canSubmit, true);
});

test("show mode checks nothing", async () => {
    const { createForm } = await load("signup");
    const form = createForm({ mode: "show", values: { username: "x" } });
    assert.ok(form.isValid && !form.canSubmit);
    assert.ok(form.fields.every((field) => field.errors.length === 0 && field.checklist.length === 0));
    assert.deepEqual(form.report.fields, {});
    form.mode = "new";
    assert.equal(form.field("username").message, "Username must be at least 6 characters");
});

test("defaults come from the spec; clearing a field brings its default back", async () => {
    const { createForm } = await load("settings");
    const form = createForm();
    assert.equal(form.field("show_check_in_only").value, false);
    assert.equal(form.field("display_order").value, "alphabetical");
    assert.equal(form.field("max_price_level").value, 5);
    assert.equal(form.field("max_price_level").text, "5");
    assert.ok(form.isValid && !form.hasUnsavedChanges);
    form.field("max_price_level").text = "9";
    assert.equal(form.field("max_price_level").message, "Price level must be at most 5");
    assert.ok(form.hasUnsavedChanges);
    form.set("max_price_level", undefined);
    assert.equal(form.field("max_price_level").value, 5);
    assert.ok(form.isValid && !form.hasUnsavedChanges);
});

test("switching the locale re-renders messages and labels", async () => {
    const { createForm } = await load("multilingual");
    const form = createForm();
    form.set("email", "not an email");
    form.set("phone", "abc");
    assert.equal(form.field("name").message, "Please enter your name");
    assert.equal(form.field("email").message, "Enter a valid email address");
    form.locale = "ja";
    assert.equal(form.field("name").message, "お名前を入力してください");
    assert.equal(form.field("email").message, "メールアドレスの形式が正しくありません");
    assert.equal(form.field("phone").message, "A phone number has only digits, spaces, + and -");
    form.locale = "zh-Hant";
    assert.equal(form.field("name").message, "請輸入姓名");
    form.locale = undefined;
    assert.equal(form.field("name").message, "Please enter your name");
});

test("form rules are re-evaluated on every change", async () => {
    const { createForm } = await load(`formspec: 1
form: reach
fields:
  email: {}
  phone: {}
  note: {}
form_rules:
  - at_least_one_of: [email, phone]
    message: Give an email or a phone number
`);
    const form = createForm();
    assert.deepEqual(form.formErrors.map((issue) => issue.message), ["Give an email or a phone number"]);
    assert.equal(form.isValid, false);
    form.set("note", "x");
    assert.equal(form.isValid, false);
    form.set("phone", "555");
    assert.ok(form.formErrors.length === 0 && form.isValid);
    form.set("phone", "");
    assert.equal(form.isValid, false);
});

test("unknown fields are ignored", async () => {
    const { createForm } = await load("signup");
    const form = createForm();
    assert.equal(form.set("nope", "x"), false);
    assert.deepEqual(form.set({ username: "alice_01", colour: "red" }), ["colour"]);
    assert.equal(form.field("username").value, "alice_01");
    assert.equal(form.field("nope"), undefined);
});

test("setting several fields re-evaluates each once", async () => {
    const { createForm } = await load("registration");
    const form = createForm();
    form.resetEvaluationCounts();
    form.set({ password: "Passw0rd", confirm_password: "Passw0rd" });
    assert.deepEqual(form.evaluationCounts, { username: 0, password: 1, confirm_password: 1 });
    assert.equal(form.field("confirm_password").message, null);
});

test("touched only when the user interacts", async () => {
    const { createForm } = await load("signup");
    const form = createForm({ scheduler: new ManualClock() });
    assert.ok(form.fields.every((field) => !field.isTouched));
    form.set("username", "al", { touch: false });
    assert.equal(form.field("username").isTouched, false);
    form.touch("password");
    assert.equal(form.field("password").isTouched, true);
    form.touchAll();
    assert.ok(form.fields.every((field) => field.isTouched));
});

test("subscribers hear of real changes only, and can unsubscribe", async () => {
    const { createForm } = await load("registration");
    const form = createForm();
    let calls = 0;
    const unsubscribe = form.subscribe((changed) => {
        assert.equal(changed, form);
        calls += 1;
    });
    form.set("username", "al");
    assert.equal(calls, 1);
    const errors = form.field("username").errors;
    form.set("username", "al"); // the same value: nothing changes
    assert.equal(calls, 1);
    form.touch("username"); // already touched
    assert.equal(calls, 1);
    form.set("username", "alice");
    assert.equal(calls, 2);
    assert.notEqual(form.field("username").errors, errors);
    // Unchanged lists keep their identity (a UI can compare by reference).
    const checklist = form.field("password").checklist;
    form.set("username", "alice2");
    assert.equal(form.field("password").checklist, checklist);
    unsubscribe();
    form.set("username", "bob");
    assert.equal(calls, 3);
});

test("a value rule reading another field is re-checked when that field changes", async () => {
    const { createForm } = await load(`formspec: 1
form: account
fields:
  username: {}
  password:
    type: secret
    rules:
      - not_contains_field: username
`);
    const form = createForm();
    form.set("password", "secret-bob-1");
    form.set("username", "alice");
    assert.equal(form.field("password").message, null);
    form.set("username", "bob");
    assert.equal(form.field("password").message, "Password must not contain Username");
    assert.equal(form.isValid, false);
});

// MARK: AsyncCheckTests.swift

const accountSpec = `formspec: 1
form: account
fields:
  username:
    label: Username
    required: true
    rules:
      - min_length: 3
        message: At least 3 characters
        requirement: 3 or more characters
      - check: username_available
        debounce: 500ms
        message: That username is taken
        requirement: Available
  email:
    label: Email
    rules:
      - format: email
      - check: email_deliverable
        debounce: 1s
        message: That address bounces
`;

async function accountForm(usernameAvailable, options = {}) {
    const { createForm } = await load(accountSpec);
    const clock = new ManualClock();
    const form = createForm({ checks: { username_available: usernameAvailable, email_deliverable: true }, scheduler: clock, ...options });
    return { form, clock, username: form.field("username") };
}

test("a scheduler of the global timers themselves works where a browser checks `this`", async () => {
    const real = { set: globalThis.setTimeout, clear: globalThis.clearTimeout };
    // As a browser's: the timers throw unless called on the global object.
    function setTimeout(callback, milliseconds) {
        if (this !== globalThis && this !== undefined) throw new TypeError("Illegal invocation");
        return real.set(callback, milliseconds);
    }
    function clearTimeout(handle) {
        if (this !== globalThis && this !== undefined) throw new TypeError("Illegal invocation");
        return real.clear(handle);
    }
    Object.assign(globalThis, { setTimeout, clearTimeout });
    try {
        const { form, username } = await accountForm(() => true, { scheduler: { setTimeout, clearTimeout } });
        form.set("username", "alice_03");
        form.set("username", "alice_04");  // clears the first debounce
        assert.ok(username.isPending);
        await form.validateNow();
        assert.ok(!username.isPending && username.isValid);
    } finally {
        Object.assign(globalThis, { setTimeout: real.set, clearTimeout: real.clear });
    }
});

test("a check waits out its debounce and is pending meanwhile", async () => {
    const gate = new CheckGate();
    const { form, clock, username } = await accountForm(gate.check);
    form.set("username", "alice");
    assert.ok(username.isPending && form.isPending && !form.canSubmit);
    assert.deepEqual(statuses(username), ["passed", "passed", "pending"]);
    assert.equal(username.message, null);
    clock.advance(499);
    await tick();
    assert.deepEqual(gate.asked, []);
    clock.advance(1);
    const call = await gate.nextCall();
    assert.equal(call.value, "alice");
    assert.equal(call.field, "username");
    assert.ok(username.isPending);
    call.fail();
    await form.settle();
    assert.ok(!username.isPending);
    assert.equal(username.message, "That username is taken");
    assert.deepEqual(statuses(username), ["passed", "passed", "failed"]);
    assert.equal(form.canSubmit, false);
    // Re-evaluating for another reason reuses the answer for the same value.
    form.locale = "ja";
    assert.ok(!username.isPending && username.message === "That username is taken");
    assert.deepEqual(gate.asked, ["alice"]);
});

test("a run superseded during its debounce is never started", async () => {
    const gate = new CheckGate();
    const { form, clock } = await accountForm(gate.check);
    form.set("username", "ali");
    clock.advance(300);
    form.set("username", "alice");
    clock.advance(300);
    await tick();
    assert.deepEqual(gate.asked, []);
    clock.advance(200);
    (await gate.nextCall()).pass();
    await form.settle();
    assert.deepEqual(gate.asked, ["alice"]);
    assert.equal(form.field("username").isPending, false);
    assert.equal(form.canSubmit, true);
});

test("a late result for an old value is dropped, and its run aborted", async () => {
    const gate = new CheckGate();
    const { form, clock, username } = await accountForm(gate.check);
    form.set("username", "alice");
    clock.advance(500);
    const old = await gate.nextCall();
    assert.equal(old.value, "alice");
    form.set("username", "alice2");
    assert.equal(gate.cancellations, 1);
    assert.ok(username.isPending);
    clock.advance(500);
    const current = await gate.nextCall();
    assert.equal(current.value, "alice2");
    current.pass();
    old.fail(); // arrives last, for a value no longer current
    await form.settle(true);
    assert.equal(username.message, null);
    assert.ok(username.checklist.every((line) => line.passed));
    assert.equal(form.canSubmit, true);
});

test("a result for an old value arriving before the new run is dropped", async () => {
    const gate = new CheckGate();
    const { form, clock, username } = await accountForm(gate.check);
    form.set("username", "alice");
    clock.advance(500);
    const old = await gate.nextCall();
    form.set("username", "bob");
    old.fail();
    await form.settle(true);
    assert.ok(username.isPending);
    assert.equal(username.message, null);
    assert.equal(username.checklist.at(-1).status, "pending");
});

test("emptying the field cancels its check", async () => {
    const gate = new CheckGate();
    const { form, clock } = await accountForm(gate.check);
    form.set("username", "alice");
    form.set("username", "");
    assert.equal(form.field("username").isPending, false);
    assert.equal(form.field("username").message, "Username is required");
    assert.equal(clock.timers.size, 0);
    clock.advance(1000);
    await form.settle();
    assert.deepEqual(gate.asked, []);
});

test("a check that throws gives a field error; a FormSpecError its own message", async () => {
    const gate = new CheckGate();
    const { FormSpecError } = await load(accountSpec);
    const { form, clock, username } = await accountForm(gate.check);
    form.set("username", "alice");
    clock.advance(500);
    (await gate.nextCall()).throw(new Error("the network is down"));
    await form.settle();
    assert.deepEqual(username.errors, [{ rule: "check", message: "Could not check Username: the network is down" }]);
    assert.equal(username.checklist.at(-1).status, "failed");
    assert.ok(!form.isValid && !form.isPending);
    form.locale = "zh-Hans";
    assert.equal(username.message, "无法检查Username：the network is down");
    form.locale = "en";
    // Shown as written: no `$&` replacement pattern, no placeholder inside the reason.
    form.set("username", "alice$");
    clock.advance(500);
    (await gate.nextCall()).throw(new Error("limit $& {label} $$ reached {reason}"));
    await form.settle();
    assert.equal(username.message, "Could not check Username: limit $& {label} $$ reached {reason}");
    form.locale = "zh-Hans";
    form.set("username", "alice_");
    clock.advance(500);
    (await gate.nextCall()).throw(new FormSpecError("Try again in a minute"));
    await form.settle();
    assert.equal(username.message, "Try again in a minute");
    assert.equal(username.errors[0].rule, "check");
    // Another form's module has a class of its own: its error is still shown as is.
    const other = await load("signup");
    assert.notEqual(other.FormSpecError, FormSpecError);
    form.set("username", "alice_2");
    clock.advance(500);
    (await gate.nextCall()).throw(new other.FormSpecError("Taken on the other form"));
    await form.settle();
    assert.equal(username.message, "Taken on the other form");
});

test("the debounce comes from the check rule, then the field", async () => {
    const gate = new CheckGate();
    const { createForm } = await load(accountSpec);
    const clock = new ManualClock();
    const form = createForm({ checks: { username_available: async () => true, email_deliverable: gate.check }, scheduler: clock });
    form.set("email", "a@b.co");
    clock.advance(999);
    await tick();
    assert.deepEqual(gate.asked, []);
    clock.advance(1);
    (await gate.nextCall()).fail();
    await form.settle();
    assert.equal(form.field("email").message, "That address bounces");
});

test("validateNow skips the debounce, touches every field and answers the report", async () => {
    const asked = [];
    const { form } = await accountForm(async (value) => {
        asked.push(value);
        return value !== "taken";
    });
    form.set("username", "taken");
    assert.ok(form.isPending);
    const report = await form.validateNow();
    assert.deepEqual(asked, ["taken"]);
    assert.equal(report.valid, false);
    assert.deepEqual(report.fields.username.errors.map((issue) => issue.message), ["That username is taken"]);
    assert.ok(form.fields.every((field) => field.isTouched));
    assert.equal(form.isPending, false);
});

test("validateNow does not wait for a superseded run that ignores its abort", async () => {
    const gate = new CheckGate();
    const { form, clock } = await accountForm(gate.check);
    form.set("username", "alice");
    clock.advance(500);
    const stuck = await gate.nextCall();
    form.set("username", "bob");
    const submitted = form.validateNow();
    const current = await gate.nextCall();
    assert.equal(current.value, "bob");
    current.pass();
    const report = await submitted;
    assert.equal(report.valid, true);
    assert.equal(form.canSubmit, true);
    stuck.fail();
    await form.settle(true);
    assert.equal(form.canSubmit, true);
});

test("an aborted validateNow answers at once with the check pending, and the check goes on", async () => {
    const gate = new CheckGate();
    const { form } = await accountForm(gate.check);
    form.set("username", "alice");
    const controller = new AbortController();
    const submitted = form.validateNow({ signal: controller.signal });
    const call = await gate.nextCall();
    controller.abort();
    const report = await submitted;
    assert.equal(report.fields.username.checks.at(-1).passed, false);
    assert.ok(form.field("username").isPending && !form.canSubmit);
    assert.ok(form.fields.every((field) => field.isTouched));
    // The check was not cancelled: its answer still arrives.
    assert.equal(gate.cancellations, 0);
    call.fail();
    await form.settle();
    assert.equal(form.field("username").message, "That username is taken");
    // A signal aborted before the call: the report at once.
    form.set("username", "bob");
    const early = await form.validateNow({ signal: AbortSignal.abort() });
    assert.equal(early.fields.username.checks.at(-1).passed, false);
    assert.ok(form.field("username").isPending);
    (await gate.nextCall()).pass();
    await form.settle();
    assert.equal(form.isValid, true);
    await assert.rejects(form.validateNow({ signal: "stop" }), {
        name: "FormSpecError", message: "validateNow: signal must be an AbortSignal",
    });
});

test("a check given as true or false answers at once", async () => {
    const { form } = await accountForm(false);
    form.set("username", "taken");
    assert.equal(form.field("username").isPending, false);
    assert.equal(form.field("username").message, "That username is taken");
    const free = await accountForm(true);
    free.form.set("username", "free");
    assert.equal(free.form.canSubmit, true);
});

test("a check without an answer is a field error, not a crash", async () => {
    const { createForm } = await load(accountSpec);
    const form = createForm({ checks: { email_deliverable: true }, scheduler: new ManualClock() });
    form.set("username", "alice");
    assert.deepEqual(form.field("username").errors, [{ rule: "check", message: "No check is registered for 'username_available'" }]);
});

test("initial values are checked too", async () => {
    const { form, clock } = await accountForm(async (value) => value !== "taken", { mode: "edit", original: { username: "taken" } });
    assert.ok(form.isPending);
    clock.advance(500);
    await form.settle();
    assert.equal(form.field("username").message, "That username is taken");
});

test("dispose cancels every debounce and check", async () => {
    const gate = new CheckGate();
    const { form, clock } = await accountForm(gate.check);
    form.set("username", "alice");
    assert.equal(clock.timers.size, 1);
    form.dispose();
    assert.equal(clock.timers.size, 0);
    clock.advance(1000);
    await tick();
    assert.deepEqual(gate.asked, []);
});

// MARK: MessageDebounceTests.swift

const debouncedSpec = `formspec: 1
form: signup
fields:
  username:
    label: Username
    required: true
    debounce: 500ms
    rules:
      - min_length: 6
        message: At least 6 characters
        requirement: 6 or more characters
      - check: username_available
        message: That username is taken
  email:
    label: Email
    rules:
      - format: email
        message: Not an email
`;

async function debouncedForm(check = (value) => value !== "taken1") {
    const { createForm } = await load(debouncedSpec);
    const clock = new ManualClock();
    // A function is asynchronous: the sync check of the Swift test is a boolean-returning function here.
    return { form: createForm({ checks: { username_available: check }, scheduler: clock }), clock };
}

test("the message waits for a pause in typing while the rules run at once", async () => {
    const { form, clock } = await debouncedForm();
    const username = form.field("username");
    form.set("username", "a");
    assert.deepEqual(statuses(username), ["passed", "failed", "failed"]);
    assert.ok(!username.isValid && !form.isValid);
    assert.equal(username.message, null);
    assert.ok(username.isDebouncing && form.isDebouncing && !form.canSubmit);
    clock.advance(300);
    form.set("username", "al");
    clock.advance(300);
    await form.settle();
    assert.equal(username.message, null);
    clock.advance(200);
    await form.settle();
    assert.equal(username.message, "At least 6 characters");
    assert.equal(username.isDebouncing, false);
});

test("a message that no longer applies goes at once", async () => {
    const { form, clock } = await debouncedForm(async () => true);
    const username = form.field("username");
    form.set("username", "al");
    clock.advance(500);
    assert.equal(username.message, "At least 6 characters");
    form.set("username", "alice_01");
    assert.equal(username.message, null);
    assert.ok(username.isValid);
    assert.equal(form.canSubmit, false);
    clock.advance(500);
    await form.settle();
    assert.equal(form.canSubmit, true);
});

test("fields without a debounce show their messages at once", async () => {
    const { form } = await debouncedForm();
    form.set("email", "nope");
    assert.equal(form.field("email").message, "Not an email");
    assert.equal(form.field("email").isDebouncing, false);
});

test("validateNow shows every message", async () => {
    const { form } = await debouncedForm(async (value) => value !== "taken1");
    form.set("username", "taken1");
    assert.equal(form.field("username").message, null);
    const report = await form.validateNow();
    assert.equal(report.valid, false);
    assert.equal(form.field("username").message, "That username is taken");
    assert.equal(form.isDebouncing, false);
});

test("the report is never held back", async () => {
    const { form } = await debouncedForm();
    form.set("username", "al");
    assert.deepEqual(form.report.fields.username.errors.map((issue) => issue.message), ["At least 6 characters"]);
});

test("a field's debounce also delays its checks", async () => {
    const asked = [];
    const { form, clock } = await debouncedForm(async (value) => {
        asked.push(value);
        return true;
    });
    form.set("username", "alice_01");
    assert.equal(form.field("username").isPending, true);
    clock.advance(499);
    await tick();
    assert.deepEqual(asked, []);
    clock.advance(1);
    await form.settle();
    assert.deepEqual(asked, ["alice_01"]);
    assert.equal(form.canSubmit, true);
});

test("a message showing the value follows every keystroke in every locale", async () => {
    const { createForm } = await load(`formspec: 1
form: f
fields:
  name:
    rules:
      - max_length: 3
        message: "Too long"
        requirement: "At most 3"
      - not_one_of: [abcd, abcde]
        message: {en: "Too long", ja: "'{value}' は使えません"}
`);
    const form = createForm();
    form.set("name", "abcd");
    assert.deepEqual(messages(form.field("name")), ["Too long", "Too long"]);
    form.locale = "ja";
    assert.equal(form.field("name").errors.at(-1).message, "'abcd' は使えません");
    form.set("name", "abcde");
    assert.equal(form.field("name").errors.at(-1).message, "'abcde' は使えません");
});

test("the sign-up spec debounces its username's messages", async () => {
    const { createForm } = await load("signup");
    const clock = new ManualClock();
    const form = createForm({ scheduler: clock });
    const username = form.field("username");
    form.set("username", "ali");
    assert.deepEqual(statuses(username), ["passed", "failed"]);
    assert.ok(!username.isValid);
    assert.equal(username.message, null);
    assert.ok(username.isDebouncing && !form.canSubmit);
    clock.advance(499);
    assert.equal(username.message, null);
    clock.advance(1);
    assert.equal(username.message, "Username must be at least 6 characters");
    form.set("username", "alice_01");
    form.set("password", "Passw0rd!");
    form.set("confirm_password", "Passw0rd!");
    assert.ok(form.isValid && form.isDebouncing && !form.canSubmit);
    clock.advance(500);
    assert.equal(form.canSubmit, true);
});

// MARK: LiveCollectionTests.swift

const contacts = { patient_phone: "+31612345678", contacts: [{ name: "Ann", phone: "+31687654321" }, { name: "Bob", phone: "oops" }] };

test("nested values given at creation reach their fields by path", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ values: contacts });
    assert.equal(form.field("contacts.0.name").value, "Ann");
    assert.equal(form.field("contacts.1.phone").message, "Write the number with its country code (+31 6 1234 5678)");
    assert.equal(form.field("contacts.1.phone").isActive, true);
    assert.equal(form.field("contacts.2.phone").isActive, false);
    assert.equal(form.isValid, false);
});

test("an item's field is set by its path and only it is re-checked", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ values: contacts });
    form.resetEvaluationCounts();
    assert.equal(form.set("contacts.1.phone", "+31687654322"), true);
    assert.equal(form.field("contacts.1.phone").message, null);
    assert.ok(form.isValid);
    assert.equal(form.field("contacts.1.phone").isDirty, true);
    assert.equal(form.field("contacts.0.phone").isDirty, false);
    assert.equal(form.evaluationCounts["contacts.0.phone"], 0);
    assert.ok(form.report.valid);
});

test("list items are appended, inserted, moved and removed, and the values follow", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ values: { patient_phone: "+31612345678", contacts: [{ name: "Ann", phone: "+31687654321" }] } });
    assert.ok(form.appendItem("contacts", { name: "Bob", phone: "+31687654322" }));
    assert.equal(form.field("contacts.1.name").value, "Bob");
    assert.equal(form.field("contacts.1.name").isActive, true);
    assert.ok(form.insertItem("contacts", 0, { name: "Cy", phone: "+31687654323" }));
    assert.equal(form.field("contacts.0.name").value, "Cy");
    assert.equal(form.field("contacts.2.name").value, "Bob");
    assert.ok(form.moveItem("contacts", 2, 0));
    assert.equal(form.field("contacts.0.name").value, "Bob");
    assert.ok(form.isValid);
    assert.equal(form.itemCapacity("contacts"), 3);
    assert.equal(form.itemCapacity("patient_phone"), undefined);
    assert.equal(form.itemCapacity("nothing"), undefined);
    // Past the capacity an item is in the list's value, which fails, and has no fields.
    assert.ok(form.appendItem("contacts"));
    assert.equal(form.field("contacts").message, "Three contacts at most");
    assert.equal(form.field("contacts.3.name"), undefined);
    assert.ok(form.removeItem("contacts", 3));
    assert.ok(form.removeItem("contacts", 0));
    assert.equal(form.field("contacts.0.name").value, "Cy");
    assert.equal(form.field("contacts.2.name").isActive, false);
    assert.ok(form.isValid);
    assert.equal(form.removeItem("contacts", 5), false);
    assert.equal(form.appendItem("patient_phone"), false);
    form.set("contacts.0.name", "Cyd");
    const values = form.values;
    assert.equal(values.contacts.length, 2);
    assert.equal(values.contacts[0].name, "Cyd");
    assert.deepEqual(Object.keys(values).sort(), ["contacts", "patient_phone"]);
});

test("a form without groups or lists answers the list calls: no list, nothing changed", async () => {
    // Its module leaves out the nested forms' live form (the runtime's `nested` feature).
    const { createForm } = await load("signup");
    const form = createForm({ values: { username: "annabel" }, scheduler: new ManualClock() });
    let notified = 0;
    form.subscribe(() => notified++);
    assert.equal(form.items("username"), undefined);
    assert.equal(form.itemCapacity("username"), undefined);
    assert.equal(form.appendItem("username"), false);
    assert.equal(form.appendItem("nickname", ["x"]), false);
    assert.equal(form.insertItem("username", 0, "x"), false);
    assert.equal(form.removeItem("username", 0), false);
    assert.equal(form.moveItem("username", 0, 0), false);
    assert.equal(notified, 0);
    assert.deepEqual(form.values, { username: "annabel" });
    // A field's value is its own; an object or array set on it is that value, unread.
    assert.equal(form.collectionValue("username"), "annabel");
    assert.equal(form.collectionValue("nickname"), undefined);
    assert.equal(form.set({ username: { first: ["ann"] }, nickname: "x" }).join(), "nickname");
    assert.deepEqual(form.values, { username: { first: ["ann"] } });
    assert.deepEqual(form.collectionValue("username"), { first: ["ann"] });
    assert.equal(form.field("username").isValid, false);
    assert.equal(form.report.fields.username.errors[0].rule, "type");
});

test("a multi-select is set as a whole array", async () => {
    const { createForm } = await load("pizza");
    const form = createForm({ values: { size: "small" } });
    assert.equal(form.field("toppings").message, "Pick at least one topping");
    form.set("toppings", ["ham", "ham"]);
    assert.equal(form.field("toppings").message, "Each topping only once");
    form.set("toppings", ["ham", "olive"]);
    assert.ok(form.isValid);
    assert.deepEqual(form.collectionValue("toppings"), ["ham", "olive"]);
});

test("a check in a list item is asked per item, under the item's path", async () => {
    const { createForm } = await load(`formspec: 1
form: team
fields:
  members:
    type: list
    of: group
    rules:
      - max_items: 3
    fields:
      email:
        rules:
          - check: email_known
            message: Unknown address
`);
    const gate = new CheckGate();
    const form = createForm({ checks: { email_known: gate.check }, scheduler: new ManualClock() });
    form.set("members", [{ email: "a@x.io" }, { email: "b@x.io" }]);
    const calls = [await gate.nextCall(), await gate.nextCall()];
    const byField = Object.fromEntries(calls.map((call) => [call.field, call]));
    assert.deepEqual(Object.keys(byField).sort(), ["members.0.email", "members.1.email"]);
    byField["members.1.email"].fail();
    byField["members.0.email"].pass();
    await form.settle();
    assert.equal(form.field("members.1.email").message, "Unknown address");
    assert.equal(form.field("members.0.email").message, null);
    assert.equal(form.isValid, false);
});

// MARK: LiveItemStateTests.swift

const annOnly = { contacts: [{ name: "Ann", phone: "+31687654321" }] };

const people = `formspec: 1
form: people
fields:
  people:
    type: list
    of: group
    rules:
      - max_items: 3
    fields:
      role:
        type: choice
        options: [a, b]
        default: a
      nick:
        default: anon
        rules:
          - min_length: 5
`;

test("appending or inserting an item touches nothing", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ values: annOnly });
    assert.ok(form.appendItem("contacts"));
    assert.equal(form.field("contacts.1.name").isTouched, false);
    assert.equal(form.field("contacts.0.name").isTouched, false);
    assert.equal(form.field("contacts.2.name").isTouched, false);
    assert.equal(form.field("contacts").isTouched, false);
    assert.ok(form.insertItem("contacts", 0));
    assert.ok(form.fields.every((field) => !field.isTouched));
});

test("removing and moving items keeps each item's touched state with the item", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ values: { contacts: [{ name: "Ann" }, { name: "Bob" }, { name: "Cy" }] } });
    form.touch("contacts.0.name");
    assert.ok(form.moveItem("contacts", 0, 1));
    assert.equal(form.field("contacts.0.name").value, "Bob");
    assert.equal(form.field("contacts.0.name").isTouched, false);
    assert.equal(form.field("contacts.1.name").isTouched, true);
    assert.ok(form.removeItem("contacts", 0));
    assert.equal(form.field("contacts.0.name").value, "Ann");
    assert.equal(form.field("contacts.0.name").isTouched, true);
    assert.ok(form.removeItem("contacts", 0));
    assert.ok(form.fields.every((field) => !field.isTouched));
});

test("the fields of a new item start at their defaults, as those of an item given at creation", async () => {
    const { createForm } = await load(people);
    const form = createForm();
    assert.ok(form.appendItem("people"));
    assert.equal(form.field("people.0.nick").text, "anon");
    assert.equal(form.field("people.0.role").value, "a");
    assert.equal(form.field("people.0.nick").message, "Nick must be at least 5 characters");
    const given = createForm({ values: { people: [{}] } });
    assert.equal(given.field("people.0.nick").text, "anon");
    assert.deepEqual(form.values, given.values);
});

test("clearing a field with a default shows the default, as the form opened with", async () => {
    const { createForm } = await load("student_profile");
    const form = createForm({ today: "2026-03-10" });
    form.set("birthday", "2001-05-17");
    form.set("birthday", undefined);
    assert.equal(form.field("birthday").value, "2026-03-10");
    assert.equal(form.field("birthday").isDirty, false);
});

test("text set on a list spreads as set does: the fields inside it are not checked", async () => {
    const { createForm } = await load("emergency_contacts");
    const byText = createForm({ values: annOnly });
    const bySet = createForm({ values: annOnly });
    byText.field("contacts").text = "hello";
    bySet.set("contacts", "hello");
    assert.equal(byText.field("contacts").message, "Contacts must be a list");
    assert.equal(byText.field("contacts.0.name").isActive, false);
    assert.deepEqual(byText.report, bySet.report);
    assert.deepEqual(byText.values, bySet.values);
});

test("after a save, the original values hold the edited items", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ mode: "edit", original: annOnly });
    form.set("contacts.0.name", "Zoe");
    form.markSaved();
    assert.deepEqual(form.originalValues.contacts, form.values.contacts);
    assert.equal(form.originalValues.contacts[0].name, "Zoe");
    assert.equal(form.hasUnsavedChanges, false);
});

test("validate refuses a stub that names no check of the form, as the CLI's --stub does", async () => {
    const module = await load("coupon");
    assert.throws(() => module.validate({ coupon: "SAVE10" }, { stubs: { coupon_valid: true, referal_known: true } }), {
        name: "FormSpecError", message: "stubs: the spec has no external check named 'referal_known'",
    });
    const report = module.validate({ coupon: "SAVE10" }, { stubs: { coupon_valid: true, referral_known: true } });
    assert.equal(typeof report.valid, "boolean");
});

test("validate without a check's outcome says how to give it here: the stubs option, not the CLI's --stub", async () => {
    const { validate } = await load("coupon");
    assert.throws(() => validate({ coupon: "SAVE10" }), {
        name: "FormSpecError",
        message: `external check 'coupon_valid' (field 'coupon') has no outcome: give it in the options, as stubs: { "coupon_valid": true } (or false)`,
    });
});

test("validateJSON skips a leading byte order mark, as the CLI does before a document", async () => {
    const { validateJSON, reportJSON } = await load("signup");
    const text = '{"username":"alice_01","password":"short"}';
    const expected = reportJSON(validateJSON(text, { report: "full" }));
    assert.equal(reportJSON(validateJSON("\uFEFF" + text, { report: "full" })), expected);
    // Only one, and only first: anything else is not JSON.
    assert.throws(() => validateJSON("\uFEFF\uFEFF" + text), { name: "FormSpecError" });
    assert.throws(() => validateJSON(" \uFEFF" + text), { name: "FormSpecError" });
});

test("a check's reason has the form's secrets masked, as in Swift", async () => {
    const { createForm, FormSpecError } = await load(`formspec: 1
form: f
fields:
  user:
    rules:
      - check: breached
  password:
    type: secret
    rules:
      - check: strong
`);
    const form = createForm({
        checks: {
            strong: async (text) => { throw new FormSpecError(`${text} appears in a breach`); },
            breached: async (text) => { throw new Error(`lookup failed for ${text}!`); },
        },
    });
    form.set("password", "Hunter2x");
    form.set("user", "my Hunter2x");
    const report = await form.validateNow();
    assert.deepEqual(report.fields.password.errors.map((issue) => issue.message), ["•••• appears in a breach"]);
    assert.equal(form.field("user").message, "Could not check User: lookup failed for my ••••!");
    // Every occurrence, for every secret; another letter case is the app's own text.
    form.set("user", "Hunter2x, Hunter2x, HUNTER2X");
    await form.validateNow();
    assert.equal(form.field("user").message, "Could not check User: lookup failed for ••••, ••••, HUNTER2X!");
});

test("a time spelt anew shows its new spelling in {value}, and stays clean (was: the old spelling)", async () => {
    const { createForm, validate, reportJSON } = await load(`formspec: 1
form: times
fields:
  at:
    type: time
    rules: [{at_least: "10:00", message: "{label} {value} is too early"}]
`);
    const form = createForm({ mode: "edit", original: { at: "09:00:00" } });
    form.touchAll();
    assert.equal(form.field("at").message, "At 09:00:00 is too early");
    form.set("at", "09:00");
    assert.equal(form.field("at").message, "At 09:00 is too early");
    assert.equal(reportJSON(form.report), reportJSON(validate(form.values, { mode: "edit", original: { at: "09:00:00" } })));
    assert.deepEqual(form.changedFields, []);
});

test("a locale or stubs of the wrong kind are a FormSpecError that says what to give (was: a TypeError)", async () => {
    const { createForm, validate } = await load("registration");
    const wrongLocale = { name: "FormSpecError", message: 'locale must be a language tag (a string), like "en" or "zh-Hant"' };
    assert.throws(() => validate({}, { locale: 5 }), wrongLocale);
    assert.throws(() => createForm({ locale: 5 }), wrongLocale);
    const form = createForm();
    assert.throws(() => { form.locale = ["en"]; }, wrongLocale);
    assert.throws(() => validate({}, { stubs: "x" }), {
        name: "FormSpecError", message: 'stubs must be an object of check names and outcomes, like { "coupon": true }',
    });
});

// The edge cases a tester found in Swift's live form with collections, held in JavaScript too.
const crewSpec = `formspec: 1
form: crew
fields:
  owner: {}
  address:
    fields:
      city: {required: true}
  people:
    type: list
    of: group
    rules: [{max_items: 3}]
    fields:
      name:
        required: true
        debounce: 500ms
      phone: {}
      home:
        fields:
          city: {required: true}
      skills:
        type: list
        of: text
        rules: [{max_items: 3}]
`;

test("a value typed into an absent group stays in values, also through an item operation", async () => {
    const { createForm, validate, reportJSON } = await load(crewSpec);
    const form = createForm({ scheduler: new ManualClock() });
    assert.equal(form.set("address.city", "Paris"), true);
    assert.deepEqual(form.values.address, { city: "Paris" });
    assert.equal(form.appendItem("people"), true);
    assert.equal(form.set("people.0.home.city", "Oslo"), true);
    assert.equal(form.appendItem("people"), true);
    assert.deepEqual(form.values.people[0].home, { city: "Oslo" });
    assert.equal(form.field("people.0.home.city").value, "Oslo");
    assert.equal(reportJSON(form.report), reportJSON(validate(form.values)));
});

test("an edit form opened with fewer items than the original has no ghost items or members", async () => {
    const { createForm } = await load(crewSpec);
    const original = { people: [{ name: "Ann", phone: "555" }, { name: "Bob" }] };
    const form = createForm({ mode: "edit", values: { people: [{ name: "Cy" }] }, original, scheduler: new ManualClock() });
    assert.equal(form.values.people.length, 1);
    assert.deepEqual(form.values.people, [{ name: "Cy" }]);
    assert.equal(form.field("people.1.name").isActive, false);
});

test("a field of an item that does not exist takes no value, and changes nothing", async () => {
    const { createForm } = await load(crewSpec);
    const values = { people: [{ name: "Ann" }] };
    const form = createForm({ mode: "edit", values, original: values, scheduler: new ManualClock() });
    assert.equal(form.set("people.2.phone", "555"), false);
    assert.deepEqual(form.set({ "people.2.phone": "555", owner: "Zed" }), ["people.2.phone"]);
    assert.equal(form.appendItem("people.2.skills", "w"), false);
    // Items the same call adds count: the second item exists once the list has two.
    assert.deepEqual(form.set({ people: [{ name: "Ann" }, {}], "people.1.phone": "777" }), []);
    assert.equal(form.field("people.1.phone").value, "777");
    assert.deepEqual(form.changedFields.sort(), ["owner", "people", "people.1", "people.1.phone"].sort());
    // As validate reads the same values: the item's own members win, a path fills the others.
    assert.deepEqual(form.values.people, [{ name: "Ann" }, { phone: "777" }]);
});

test("a removed item's message debounce does not stay at its position, and an emptied list is absent again", async () => {
    const { createForm } = await load(crewSpec);
    const clock = new ManualClock();
    const form = createForm({ values: { people: [{ name: "Ann" }, { name: "Bob" }, { name: "Cy" }] }, scheduler: clock });
    form.set("people.1.name", undefined);
    assert.equal(form.field("people.1.name").isDebouncing, true);
    assert.equal(form.removeItem("people", 1), true);
    assert.equal(form.field("people.1.name").isDebouncing, false);
    assert.equal(form.isDebouncing, false);
    const blank = createForm({ scheduler: clock });
    assert.equal(blank.appendItem("people"), true);
    assert.equal(blank.removeItem("people", 0), true);
    assert.deepEqual(blank.values, blank.originalValues);
});

test("a required group left absent is present once a field inside it is typed, as in Swift (found by a tester)", async () => {
    const module = await load(`formspec: 1
form: grp
fields:
  address:
    type: group
    required: true
    fields:
      city: {required: true}
  people:
    type: list
    of: group
    fields:
      ship:
        type: group
        required: true
        fields:
          to: {required: true}
`);
    const form = module.createForm();
    form.set("address.city", "Paris");
    assert.deepEqual(form.values.address, { city: "Paris" });
    assert.deepEqual(form.report.fields.address.errors, []);
    assert.equal(JSON.stringify(form.report), JSON.stringify(module.validate(form.values)));
    // A group inside a list item too: the item exists, the group is made by typing into it.
    form.appendItem("people", {});
    form.set("people.0.ship.to", "Utrecht");
    assert.deepEqual(form.values.people, [{ ship: { to: "Utrecht" } }]);
    assert.equal(form.isValid, true);
    assert.equal(JSON.stringify(form.report), JSON.stringify(module.validate(form.values)));
    // Cleared again, the address stays given (empty), as `values` shows it.
    form.set("address.city", undefined);
    assert.deepEqual(form.values.address, {});
    assert.equal(JSON.stringify(form.report), JSON.stringify(module.validate(form.values)));
    // Given by its path when the form opens, too.
    const opened = module.createForm({ values: { "address.city": "Paris" } });
    assert.equal(opened.report.fields.address.valid, true);
});

test("an untouched group shows no object made of its fields' defaults, as in Swift (found by a reviewer)", async () => {
    const module = await load(`formspec: 1
form: grp
fields:
  address:
    type: group
    required: true
    fields:
      city: {required: true}
      country: {default: NL}
`);
    const form = module.createForm();
    assert.equal(form.values.address, undefined);
    assert.deepEqual(form.report.fields.address.errors.map((error) => error.rule), ["required"]);
    assert.equal(JSON.stringify(form.report), JSON.stringify(module.validate(form.values)));
    form.set("address.city", "Paris");
    assert.deepEqual(form.values.address, { city: "Paris", country: "NL" });
    assert.equal(JSON.stringify(form.report), JSON.stringify(module.validate(form.values)));
});

test("messages follow the secret as it changes, a check's reason too, as in Swift (found by a tester)", async () => {
    const module = await load(`formspec: 1
form: f
fields:
  hint:
    rules:
      - max_length: 3
        message: "The hint {value} is too long"
        requirement: At most 3 characters
  user:
    rules:
      - check: breached
  password:
    type: secret
`);
    const form = module.createForm({
        checks: { breached: (value) => { throw new module.FormSpecError(`${value} is on a breach list`); } },
    });
    form.set("hint", "hunter2");
    form.set("user", "hunter2");
    await form.settle();
    assert.equal(form.field("hint").message, "The hint hunter2 is too long");
    form.set("password", "hunter2");
    assert.equal(form.field("hint").message, "The hint •••• is too long");
    assert.equal(form.field("user").message, "•••• is on a breach list");
    assert.equal(form.report.fields.user.errors[0].message, "•••• is on a breach list");
    form.set("password", "other");
    assert.equal(form.field("hint").message, "The hint hunter2 is too long");
    assert.equal(form.field("user").message, "hunter2 is on a breach list");
    form.set({ password: "hunter2", hint: "hunter2" });
    assert.equal(form.field("hint").message, "The hint •••• is too long");
});

test("a listener that throws does not keep the others from being told; dispose starts nothing again (found by a tester)", async () => {
    const module = await load(`formspec: 1
form: f
fields:
  name:
    debounce: 300ms
    rules:
      - min_length: 3
`);
    const clock = new ManualClock();
    const form = module.createForm({ scheduler: clock });
    const told = [];
    const unsubscribe = form.subscribe(() => { told.push("first"); throw new Error("a page's bug"); });
    form.subscribe(() => told.push("second"));
    // The error is reported as a microtask that throws (as EventTarget reports a listener's).
    const reported = [];
    const queue = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (report) => { try { report(); } catch (error) { reported.push(error.message); } };
    try {
        form.set("name", "ab");
    } finally {
        globalThis.queueMicrotask = queue;
    }
    unsubscribe();
    assert.deepEqual(told, ["first", "second"]);
    assert.deepEqual(reported, ["a page's bug"]);
    // A listener another one unsubscribes during a notification is not told in that round.
    let third;
    form.subscribe(() => { told.push("remover"); third(); });
    third = form.subscribe(() => told.push("third"));
    form.set("name", "abc");
    assert.deepEqual(told.slice(2), ["second", "remover"]);
    assert.equal(clock.timers.size, 1);  // the debounce of the message
    form.dispose();
    assert.equal(clock.timers.size, 0);
    form.set("name", "abcd");
    assert.equal(clock.timers.size, 0);
    assert.equal(form.field("name").isDebouncing, false);
});

test("a multi-select's list field has its items' options, as in Swift (found by a tester)", async () => {
    const { createForm } = await load("pizza");
    const form = createForm();
    assert.deepEqual(form.field("toppings").options.map((option) => option.value), ["cheese", "ham", "mushroom", "olive"]);
    assert.deepEqual(form.field("toppings").options.map((option) => option.label), ["Cheese", "Ham", "Mushrooms", "Olives"]);
    assert.deepEqual(form.field("notes").options, []);
});

test("a field inside an item given as no object takes no value, as in Swift (found by a tester)", async () => {
    const { createForm } = await load("emergency_contacts");
    const form = createForm({ mode: "edit", original: { contacts: [{ name: "Ann" }] } });
    form.set("contacts.0", 5);
    assert.equal(form.set("contacts.0.name", "Bo"), false);
    assert.deepEqual(form.set({ "contacts.0.name": "Bo" }), ["contacts.0.name"]);
    assert.deepEqual(form.values.contacts, [5]);
    assert.deepEqual(form.set({ "contacts.0": { name: "Cy" }, "contacts.0.relation": "friend" }), []);
    assert.equal(form.field("contacts.0.name").value, "Cy");
});

// MARK: Options read as own members only

test("keys set on Object.prototype are never read as options", async () => {
    const { validate, createForm } = await load("contact");
    const names = ["mode", "report", "locale", "today", "original", "stubs", "strict", "values", "checks", "signal"];
    const polluted = { mode: "show", report: "errors", locale: "ja", today: "x", original: "{", stubs: 5, strict: true,
        values: 5, checks: 5, signal: 5 };
    const expected = JSON.stringify(validate({ name: "Ann" }));
    const form = createForm();
    form.set("name", "Ann");
    const live = JSON.stringify(form.report);
    try {
        for (const name of names) Object.prototype[name] = polluted[name];
        assert.equal(JSON.stringify(validate({ name: "Ann" })), expected);
        assert.equal(JSON.stringify(validate({ name: "Ann" }, {})), expected);
        const pollutedForm = createForm();
        pollutedForm.set("name", "Ann");
        assert.equal(JSON.stringify(pollutedForm.report), live);
        assert.equal(pollutedForm.isValid, false);
        assert.equal(JSON.stringify(await pollutedForm.validateNow()), live);
    } finally {
        for (const name of names) delete Object.prototype[name];
    }
});

test("a required rule that is a warning leaves the live form valid", async () => {
    const { createForm } = await load("contact");
    const form = createForm();
    form.set({ name: "Ann Lee", contact_method: "email", email: "ann@mail.test", topic: "sales", body: "A quote for 40 seats." });
    assert.deepEqual(form.field("company").warnings.map((issue) => issue.message),
        ["Tell us your company so we can route your quote"]);
    assert.equal(form.field("company").isValid, true);
    assert.equal(form.canSubmit, true);
});
