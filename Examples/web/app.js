// The sign-up page: the live form of signup.js (generated from signup.form.yaml) wired to the
// inputs of index.html. No framework, nothing inline (the page runs under `default-src 'self'`).
//
// Each field shows its checklist (met requirements struck through) and one message: the first
// error, once the user has typed in the field or left it. The username's messages and its
// availability check wait for typing to pause (`debounce: 500ms` in the spec). Register is enabled
// only when the form can be submitted.
import { createForm } from "./signup.js";

/** Usernames the fake server knows. */
const taken = new Set(["admin", "alice_01", "formspec"]);

/**
 * The `username_available` check: a stand-in for a server call (`fetch("/api/available?…",
 * {signal})`). Answers after a delay; a newer value aborts the question.
 */
function usernameAvailable(value, { signal }) {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(!taken.has(value.toLowerCase())), 600);
        signal.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(signal.reason);
        });
    });
}

const form = createForm({ checks: { username_available: usernameAvailable } });
const element = document.getElementById("signup");
const register = document.getElementById("register");
const status = document.getElementById("status");

/** Each field's elements, by field name. */
const views = new Map();
for (const root of element.querySelectorAll(".field")) {
    const name = root.dataset.field;
    const field = form.field(name);
    const view = {
        root,
        label: root.querySelector("label"),
        input: root.querySelector("input"),
        message: root.querySelector(".message"),
        checklist: root.querySelector(".checklist"),
    };
    view.input.value = field.text;
    // Every keystroke (and paste, autofill, …) sets the value as typed.
    view.input.addEventListener("input", () => form.set(name, view.input.value));
    // Leaving a field shows its message even if nothing was typed ("Username is required").
    view.input.addEventListener("blur", () => form.touch(name));
    views.set(name, view);
}

/** Shows `lines` in the list, rebuilding its items only when the texts change. */
function showChecklist(list, lines) {
    const items = list.children;
    let same = items.length === lines.length;
    for (let i = 0; same && i < lines.length; i++) same = items[i].textContent === lines[i].text;
    if (!same) list.replaceChildren(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line.text })));
    for (let i = 0; i < lines.length; i++) items[i].className = lines[i].status;
}

function render() {
    for (const field of form.fields) {
        const view = views.get(field.name);
        if (view === undefined) continue;
        view.label.textContent = field.label;
        const message = field.isTouched ? field.message : null;
        view.message.textContent = message ?? "";
        view.root.classList.toggle("invalid", message !== null);
        view.input.setAttribute("aria-invalid", String(message !== null));
        showChecklist(view.checklist, field.checklist);
    }
    register.disabled = !form.canSubmit;
}

form.subscribe(render);
render();

element.addEventListener("submit", async (event) => {
    event.preventDefault();
    register.disabled = true;
    // Runs a check still waiting out its debounce at once, and shows every message.
    const report = await form.validateNow();
    status.textContent = report.valid
        ? `Welcome, ${form.field("username").text}! Your account is ready.`
        : "Please fix the fields marked above.";
    render();
});

// For tests: the page is wired up.
document.body.dataset.ready = "true";
