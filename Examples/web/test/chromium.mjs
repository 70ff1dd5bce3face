// The sign-up page in a real browser: serves Examples/web on loopback, starts headless Chromium,
// types into the page as a person would (key events, one character at a time) and checks what the
// screen shows after each step: each field's message, its struck-through checklist lines, and
// whether Register is enabled. Saves a screenshot of the end state.
//
//   node Examples/web/test/chromium.mjs [--screenshot FILE] [--chromium PATH] [--timeout SECONDS]
//
// Exits 0 when every step holds, 1 with the failed expectation otherwise (2 when Chromium cannot be
// started). Talks to Chromium over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
// NUL-terminated JSON on file descriptors 3 and 4), so it needs nothing but node and Chromium.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

function option(name, fallback) {
    const at = process.argv.indexOf(name);
    return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}
const screenshotPath = resolve(option("--screenshot", join(here, "output", "signup.png")));
const chromiumPath = option("--chromium", process.env.CHROMIUM ?? "/usr/bin/chromium");
const timeoutSeconds = Number(option("--timeout", "60"));

class StepFailure extends Error {}

// MARK: DevTools protocol over the pipe

/** A Chromium process and its DevTools connection. */
class Browser {
    constructor(executable) {
        this.profile = mkdtempSync(join(tmpdir(), "formspec-chromium-"));
        this.process = spawn(
            executable,
            [
                "--headless",
                "--no-sandbox",
                "--remote-debugging-pipe",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--force-color-profile=srgb",
                `--user-data-dir=${this.profile}`,
                "about:blank",
            ],
            // fd 3: what Chromium reads (our commands); fd 4: what it writes (answers and events).
            { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"], detached: true },
        );
        this.stderr = "";
        this.process.stderr.on("data", (chunk) => {
            this.stderr = (this.stderr + chunk).slice(-4000);
        });
        this.exited = new Promise((resolve) => this.process.once("exit", (code, signal) => resolve({ code, signal })));
        this.process.once("error", (error) => this.fail(error));
        this.process.stdio[3].on("error", (error) => this.fail(error));
        this.nextID = 0;
        this.waiting = new Map();
        this.listeners = new Set();
        this.buffer = "";
        this.process.stdio[4].on("data", (chunk) => this.receive(chunk));
        this.exited.then(({ code, signal }) => this.fail(new Error(`Chromium exited (${signal ?? code})`)));
    }

    fail(error) {
        this.failure ??= error;
        for (const { reject } of this.waiting.values()) reject(error);
        this.waiting.clear();
    }

    receive(chunk) {
        this.buffer += chunk.toString("utf8");
        let end;
        while ((end = this.buffer.indexOf("\0")) >= 0) {
            const message = JSON.parse(this.buffer.slice(0, end));
            this.buffer = this.buffer.slice(end + 1);
            if (message.id !== undefined) {
                const call = this.waiting.get(message.id);
                this.waiting.delete(message.id);
                if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
                else call?.resolve(message.result);
            } else {
                for (const listener of this.listeners) listener(message);
            }
        }
    }

    /** Sends a command (to a page when `sessionId` is given); resolves to its result. */
    send(method, params = {}, sessionId) {
        if (this.failure) return Promise.reject(this.failure);
        const id = ++this.nextID;
        const message = { id, method, params };
        if (sessionId) message.sessionId = sessionId;
        return new Promise((resolve, reject) => {
            this.waiting.set(id, { resolve, reject, method });
            this.process.stdio[3].write(JSON.stringify(message) + "\0");
        });
    }

    /** Resolves with the first event `method` (of `sessionId`) that `accept` takes. */
    event(method, sessionId, accept = () => true) {
        return new Promise((resolve) => {
            const listener = (message) => {
                if (message.method === method && message.sessionId === sessionId && accept(message.params)) {
                    this.listeners.delete(listener);
                    resolve(message.params);
                }
            };
            this.listeners.add(listener);
        });
    }

    async close() {
        const running = () => this.process.pid !== undefined && this.process.exitCode === null && this.process.signalCode === null;
        if (running() && !this.failure) {
            // Politely first: Chromium then stops its helper processes itself.
            this.send("Browser.close").catch(() => {});
            await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        }
        if (running()) {
            try {
                // The whole process group: /usr/bin/chromium is a wrapper script.
                process.kill(-this.process.pid, "SIGKILL");
            } catch {}
            await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
        }
        rmSync(this.profile, { recursive: true, force: true });
    }
}

/** One tab, attached to. */
class Page {
    constructor(browser, sessionId) {
        this.browser = browser;
        this.sessionId = sessionId;
        this.problems = [];
        browser.listeners.add((message) => {
            if (message.sessionId !== sessionId) return;
            if (message.method === "Runtime.exceptionThrown") {
                const details = message.params.exceptionDetails;
                this.problems.push(`uncaught: ${details.exception?.description ?? details.text}`);
            } else if (message.method === "Runtime.consoleAPICalled" && ["error", "warning", "assert"].includes(message.params.type)) {
                this.problems.push(`console.${message.params.type}: ${message.params.args.map((a) => a.value ?? a.description).join(" ")}`);
            } else if (message.method === "Log.entryAdded" && ["error", "warning"].includes(message.params.entry.level)) {
                this.problems.push(`${message.params.entry.source}: ${message.params.entry.text} ${message.params.entry.url ?? ""}`.trim());
            }
        });
    }

    static async open(browser) {
        const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
        const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
        const page = new Page(browser, sessionId);
        await page.send("Page.enable");
        await page.send("Runtime.enable");
        await page.send("Log.enable");
        await page.send("Emulation.setDeviceMetricsOverride", { width: 640, height: 1000, deviceScaleFactor: 1, mobile: false });
        return page;
    }

    send(method, params) {
        return this.browser.send(method, params, this.sessionId);
    }

    async navigate(url) {
        const loaded = this.browser.event("Page.loadEventFired", this.sessionId);
        const { errorText } = await this.send("Page.navigate", { url });
        if (errorText) throw new Error(`cannot load ${url}: ${errorText}`);
        await loaded;
    }

    /** The value of a JavaScript expression in the page (awaited when it is a promise). */
    async evaluate(expression) {
        const { result, exceptionDetails } = await this.send("Runtime.evaluate", {
            expression,
            returnByValue: true,
            awaitPromise: true,
        });
        if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
        return result.value;
    }

    /** Clicks the middle of the element `selector` with the mouse. */
    async click(selector) {
        const box = await this.evaluate(`(() => {
            const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2};
        })()`);
        for (const type of ["mousePressed", "mouseReleased"]) {
            await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
        }
    }

    /** Types `text` one key at a time into the focused element, as a keyboard does. */
    async type(text) {
        for (const character of text) {
            if (/^[\x20-\x7e]$/.test(character)) {
                const params = { key: character, text: character, unmodifiedText: character };
                if (/^[a-z0-9]$/i.test(character)) {
                    params.code = /\d/.test(character) ? `Digit${character}` : `Key${character.toUpperCase()}`;
                    params.windowsVirtualKeyCode = character.toUpperCase().charCodeAt(0);
                }
                await this.send("Input.dispatchKeyEvent", { type: "keyDown", ...params });
                await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...params });
            } else {
                // No key for it on this keyboard: as an input method commits it.
                await this.send("Input.insertText", { text: character });
            }
        }
    }

    /** Presses a key that types nothing (`Backspace`, `Tab`) `times` times. */
    async press(key, times = 1) {
        const codes = { Backspace: 8, Tab: 9, Enter: 13 };
        for (let i = 0; i < times; i++) {
            const params = { key, code: key, windowsVirtualKeyCode: codes[key] };
            await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...params });
            if (key === "Enter") await this.send("Input.dispatchKeyEvent", { type: "char", text: "\r", ...params });
            await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...params });
        }
    }

    async screenshot(path) {
        const { data } = await this.send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true });
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, Buffer.from(data, "base64"));
    }
}

// MARK: What the screen shows

/** Everything the assertions read, as a person would see it. */
const readScreen = `(() => {
    const fields = {};
    for (const root of document.querySelectorAll(".field")) {
        fields[root.dataset.field] = {
            value: root.querySelector("input").value,
            message: root.querySelector(".message").textContent,
            checklist: [...root.querySelectorAll(".checklist li")].map((item) => ({
                text: item.textContent,
                struck: getComputedStyle(item).textDecorationLine.includes("line-through"),
                pending: item.classList.contains("pending"),
            })),
        };
    }
    const button = document.getElementById("register");
    return {fields, register: !button.disabled, status: document.getElementById("status").textContent};
})()`;

function describe(screen) {
    const lines = [];
    for (const [name, field] of Object.entries(screen.fields)) {
        lines.push(`  ${name}: ${JSON.stringify(field.value)}  message: ${JSON.stringify(field.message)}`);
        for (const line of field.checklist) lines.push(`      ${line.struck ? "✓ (struck)" : line.pending ? "… (pending)" : "✗"} ${line.text}`);
    }
    lines.push(`  Register: ${screen.register ? "enabled" : "disabled"}   status: ${JSON.stringify(screen.status)}`);
    return lines.join("\n");
}

/**
 * What a step expects: per field, `message` (exact text, "" for none) and `struck` (the exact
 * list of struck-through checklist texts) or `pending` (texts shown as pending); `register`.
 */
function mismatches(screen, expected) {
    const found = [];
    for (const [name, want] of Object.entries(expected.fields ?? {})) {
        const field = screen.fields[name];
        if (field === undefined) {
            found.push(`no field ${name} on the page`);
            continue;
        }
        if (want.message !== undefined && field.message !== want.message) {
            found.push(`${name}: message ${JSON.stringify(field.message)}, expected ${JSON.stringify(want.message)}`);
        }
        const struck = field.checklist.filter((line) => line.struck).map((line) => line.text);
        if (want.struck !== undefined && JSON.stringify(struck) !== JSON.stringify(want.struck)) {
            found.push(`${name}: struck through ${JSON.stringify(struck)}, expected ${JSON.stringify(want.struck)}`);
        }
        const pending = field.checklist.filter((line) => line.pending).map((line) => line.text);
        if (want.pending !== undefined && JSON.stringify(pending) !== JSON.stringify(want.pending)) {
            found.push(`${name}: pending ${JSON.stringify(pending)}, expected ${JSON.stringify(want.pending)}`);
        }
        if (want.lines !== undefined && field.checklist.length !== want.lines) {
            found.push(`${name}: ${field.checklist.length} checklist lines, expected ${want.lines}`);
        }
    }
    if (expected.register !== undefined && screen.register !== expected.register) {
        found.push(`Register is ${screen.register ? "enabled" : "disabled"}, expected ${expected.register ? "enabled" : "disabled"}`);
    }
    if (expected.status !== undefined && screen.status !== expected.status) {
        found.push(`status ${JSON.stringify(screen.status)}, expected ${JSON.stringify(expected.status)}`);
    }
    return found;
}

/** Waits until the screen shows `expected` (debounces and checks take real time); fails after `within` ms. */
async function expectScreen(page, step, expected, within = 4000) {
    const deadline = Date.now() + within;
    let screen, found;
    for (;;) {
        screen = await page.evaluate(readScreen);
        found = mismatches(screen, expected);
        if (found.length === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (found.length > 0) {
        throw new StepFailure(`step "${step}" failed:\n  - ${found.join("\n  - ")}\nthe screen:\n${describe(screen)}`);
    }
    console.log(`✓ ${step}`);
}

/** Checks the screen now, once (for what must hold right after a keystroke). */
async function expectNow(page, step, expected) {
    await expectScreen(page, step, expected, 0);
}

// MARK: The steps

const required = { username: "Username is required", email: "Email is required", password: "Password is required" };
const usernameLength = "A minimum of 6 characters";
const available = "Not taken yet";
const length8 = "A minimum of 8 characters";
const strong = "A lowercase letter, an uppercase letter, a digit and a symbol";
const matches = "Matches the confirmation";

async function run(page, url) {
    await page.navigate(url);
    await page.evaluate(`new Promise((resolve) => {
        const ready = () => document.body.dataset.ready === "true" ? resolve() : setTimeout(ready, 20);
        ready();
    })`);

    await expectNow(page, "the empty form: no messages yet, nothing struck, Register disabled", {
        fields: {
            username: { message: "", struck: [], lines: 3 },
            email: { message: "", struck: [], lines: 2 },
            password: { message: "", struck: [], lines: 4 },
            confirm_password: { message: "", struck: [], lines: 1 },
        },
        register: false,
    });

    // A username too short: the checklist follows each keystroke, the message waits for the pause.
    await page.click("#username");
    let typed = Date.now();
    await page.type("ali");
    const quick = Date.now() - typed < 350;
    if (quick) {
        await expectNow(page, "typing 'ali': checklist live, message held back while typing", {
            fields: { username: { message: "", struck: [required.username] } },
            register: false,
        });
    } else {
        console.log("  (typing took too long to see the debounce hold the message back: not checked)");
    }
    await expectScreen(page, "after the pause: the username is too short", {
        fields: { username: { message: "Username must be at least 6 characters", struck: [required.username], pending: [] } },
        register: false,
    });

    // Fixed, but taken: the availability check runs after the debounce, then answers "taken".
    await page.type("ce_01");
    await expectScreen(page, "'alice_01' is long enough, its availability is being checked", {
        fields: { username: { message: "", struck: [required.username, usernameLength], pending: [available] } },
        register: false,
    });
    await expectScreen(page, "'alice_01' is taken", {
        fields: { username: { message: "That username is taken", struck: [required.username, usernameLength], pending: [] } },
        register: false,
    });

    // Another name: the old answer goes at once, the new one comes after the check.
    await page.press("Backspace", 2);
    await page.type("23");
    await expectScreen(page, "'alice_23' is free", {
        fields: { username: { message: "", struck: [required.username, usernameLength, available], pending: [] } },
        register: false,
    });

    // Email: leaving it empty shows the required message; a malformed one its format message.
    await page.click("#email");
    await page.press("Tab");
    await expectScreen(page, "leaving the email empty", { fields: { email: { message: required.email, struck: [] } } });
    await page.click("#email");
    await page.type("alice@example");
    await expectScreen(page, "'alice@example' is not an address", {
        fields: { email: { message: "Enter a valid email address", struck: [required.email] } },
    });
    await page.type(".com");
    await expectScreen(page, "'alice@example.com' is", {
        fields: { email: { message: "", struck: [required.email, "A valid email address"] } },
        register: false,
    });

    // Password: short, then weak, then strong but unconfirmed (report: first shows one message).
    await page.click("#password");
    await page.type("pass");
    await expectScreen(page, "a short password", {
        fields: { password: { message: "Password must be at least 8 characters long", struck: [required.password] } },
    });
    await page.type("word");
    await expectScreen(page, "a weak password", {
        fields: { password: { message: "Password is too weak", struck: [required.password, length8] } },
    });
    await page.press("Backspace", 8);
    await page.type("Passw0rd!");
    await expectScreen(page, "a strong password, not confirmed yet", {
        fields: { password: { message: "Passwords don't match", struck: [required.password, length8, strong] } },
        register: false,
    });

    // The confirmation, with a typo fixed: typing it re-checks the password's same_as rule.
    await page.click("#confirm_password");
    await page.type("Passw0rd?");
    await expectScreen(page, "a confirmation with a typo", {
        fields: {
            password: { message: "Passwords don't match", struck: [required.password, length8, strong] },
            confirm_password: { message: "", struck: ["Please confirm your password"] },
        },
        register: false,
    });
    await page.press("Backspace");
    await page.type("!");
    await expectScreen(page, "everything valid: Register enabled", {
        fields: {
            username: { message: "", struck: [required.username, usernameLength, available] },
            email: { message: "", struck: [required.email, "A valid email address"] },
            password: { message: "", struck: [required.password, length8, strong, matches] },
            confirm_password: { message: "", struck: ["Please confirm your password"] },
        },
        register: true,
    });

    await page.click("#register");
    await expectScreen(page, "Register", { status: "Welcome, alice_23! Your account is ready." });
}

// MARK: Main

async function main() {
    const { server, url } = await serve(root);
    let browser;
    let status = 0;
    const timer = setTimeout(async () => {
        console.error(`✗ timed out after ${timeoutSeconds} s`);
        await browser?.close();
        server.close();
        process.exit(1);
    }, timeoutSeconds * 1000);
    try {
        browser = new Browser(chromiumPath);
        let page;
        try {
            page = await Page.open(browser);
        } catch (error) {
            console.error(`✗ cannot start Chromium (${chromiumPath}): ${error.message}\n${browser.stderr}`);
            status = 2;
            return status;
        }
        try {
            await run(page, url);
            if (page.problems.length > 0) throw new StepFailure(`the page reported problems:\n  - ${page.problems.join("\n  - ")}`);
        } catch (error) {
            status = 1;
            console.error(error instanceof StepFailure ? `✗ ${error.message}` : `✗ ${error.stack ?? error}`);
            if (page.problems.length > 0 && !(error instanceof StepFailure && error.message.startsWith("the page"))) {
                console.error(`the page reported:\n  - ${page.problems.join("\n  - ")}`);
            }
        }
        try {
            await page.screenshot(screenshotPath);
            console.log(`screenshot: ${screenshotPath}`);
        } catch (error) {
            console.error(`✗ no screenshot: ${error.message}`);
            status = status || 1;
        }
    } finally {
        clearTimeout(timer);
        await browser?.close();
        server.close();
    }
    return status;
}

process.exit(await main());
