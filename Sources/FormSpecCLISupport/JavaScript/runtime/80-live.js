// The live form `createForm` returns: FormSpecLive's LiveForm (LiveForm/LiveForm.swift,
// LiveField.swift, LiveForm+Checks.swift, LiveForm+Collections.swift) on the evaluator of
// 60-evaluate.js. Setting a field re-runs only the field and its dependents (`program.dependents`),
// then the form rules; every message and checklist line is the evaluator's and the report
// pieces' (70-report.js), never recomputed here.
//
// Where JavaScript differs from Swift: observation is `subscribe(listener)` (called once after each
// change that altered something); debounces wait on `options.scheduler` ({setTimeout,
// clearTimeout}; a manual one in tests), a keystroke restarting the field's timer instead of moving
// a deadline; async checks are `options.checks[name](text, {signal, field, check})`, aborted through
// the signal when their value is superseded (`true`/`false` there answers at once, as Swift's
// synchronous checks); a check that throws a `FormSpecError` shows its message as is (Swift's
// `CheckFailure`); `settle` and `validateNow` cannot be cancelled (Swift's return when the calling
// task is cancelled: a promise has no such thing). The "publish only what changed" shortcuts of
// Swift (FieldOutcome.ShownMatch) are left out: each evaluation publishes its field whole, the
// same result by construction.
//
// Names this piece declares: fsCreateLiveForm, FsLiveForm, FsNestedLiveForm (only in a module whose
// program has a group or a list), FsLiveField, fsLiveValueToJS, fsCheckFailureMessage.

/** A live field's public state (LiveField.swift). Updated by its form; read-only outside. */
class FsLiveField {
    constructor(form, field, index, chain) {
        this.form = form;
        this.name = field.name;
        this.type = field.type;
        this.index = index;
        this.label = field.localizedLabel(chain);
        // A multi-select (a list of choices) shows its items' options (`Program.optionsField`).
        this.options = form.program.fields[form.program.optionsField(index)].options
            .map((option) => fsLiveOption(option.localized(chain)));
        this.isActive = true;
        this.errors = [];
        this.warnings = [];
        this.checklist = [];
        this.isTouched = false;
        this.isDirty = false;
        this.isPending = false;
        this.isDebouncing = false;
        this.isValid = true; // Swift's hasNoError
    }

    /** The raw value as set (text as typed), as plain JS data; undefined when absent. */
    get value() { return fsLiveValueToJS(this.form.raw[this.index]); }

    /** The first error's message (the highest priority), or null. */
    get message() { return this.errors.length > 0 ? this.errors[0].message : null; }

    /** The value as text ("" when absent): what a text box shows. Setting it sets the value. */
    get text() {
        const raw = this.form.raw[this.index];
        if (raw === undefined || raw === null) return "";
        return typeof raw === "string" ? raw : fsCanonicalText(raw) ?? "";
    }

    set text(text) {
        // As `set`: text set on a list or group spreads, a field of an item the list no longer has
        // takes none.
        this.form.set(this.name, String(text));
    }

    /** Sets `key` to `value` when it differs; tells the form something changed. */
    update(key, value) {
        if (this[key] === value) return false;
        this[key] = value;
        this.form.version += 1;
        return true;
    }

    updateActive(value) { this.updateCounted("isActive", value); }
    updateValid(value) { this.updateCounted("isValid", value); }

    /** `isActive` and `isValid` make up the form's count of failing fields. */
    updateCounted(key, value) {
        const failing = this.isActive && !this.isValid;
        if (!this.update(key, value)) return;
        if (failing !== (this.isActive && !this.isValid)) this.form.summary.failing += failing ? -1 : 1;
    }

    updateSummary(key, counter, value) {
        if (this.update(key, value)) this.form.summary[counter] += value ? 1 : -1;
    }

    updateList(key, list, same) {
        const old = this[key];
        if (old.length === list.length && old.every((item, position) => same(item, list[position]))) return;
        this[key] = list;
        this.form.version += 1;
    }
}

function fsLiveOption(option) {
    return { value: option.value, label: option.label };
}

function fsSameIssue(a, b) {
    return a.rule === b.rule && a.message === b.message;
}

function fsSameRequirement(a, b) {
    return a.rule === b.rule && a.text === b.text && a.status === b.status;
}

/** How a rule's outcome shows in a checklist: not run counts as not met (Requirement.Status). */
function fsRequirementStatus(outcome) {
    return outcome === "passed" || outcome === "pending" ? outcome : "failed";
}

/**
 * A Value as plain JS data: numbers as numbers when a double holds them exactly, else as their
 * text (what `Input` takes for a number, which `JSON.stringify` writes and `validate` reads back
 * with every digit: a bigint would not stringify, and a rounded double would change the value).
 */
function fsLiveValueToJS(value) {
    if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
    if (value instanceof ExactDecimal) return ExactDecimal.fromDouble(value.double)?.equals(value) ? value.double : value.description;
    if (Array.isArray(value)) return value.map(fsLiveValueToJS);
    if (value instanceof FsObject) {
        const object = {};
        for (const [key, member] of value.members) fsPut(object, key, fsLiveValueToJS(member));
        return object;
    }
    return value;
}

/** JS data (what a page sets) as a Value; undefined stays undefined (absent). */
function fsLiveValue(value) {
    return value === undefined ? undefined : fsValueFromJS(value);
}

/** The message of a check that threw (CheckOutcome.swift's CheckMessages.failure), in `chain`'s locale. */
function fsCheckFailureMessage(reason, label, chain) {
    let template = "Could not check {label}: {reason}";
    for (const locale of chain.locales) {
        if (locale === "ja") template = "{label}を確認できませんでした: {reason}";
        else if (locale === "zh-Hans") template = "无法检查{label}：{reason}";
        else if (locale === "zh-Hant") template = "無法檢查{label}：{reason}";
        else if (locale !== "en") continue;
        break;
    }
    // One pass, with a function: a `$&` or a `{label}` in the label or reason is shown as it is.
    return template.replace(/\{(label|reason)\}/g, (_, key) => (key === "label" ? label : reason));
}

/**
 * Each field's check debounces (CheckOutcome.swift's CheckDebounces): the check rule's own
 * `debounce:`, else the enclosing rule's, else the field's, else 0.
 */
function fsCheckDebounces(program) {
    const collect = (rule, inherited, delays) => {
        const delay = rule.debounceMilliseconds ?? inherited;
        const kind = rule.rule.kind;
        if (kind === "check") {
            if (!delays.has(rule.rule.name)) delays.set(rule.rule.name, Math.max(0, delay ?? 0));
        } else if (kind === "all" || kind === "any") {
            for (const item of rule.rule.items) collect(item, delay, delays);
        } else if (kind === "not") {
            collect(rule.rule.item, delay, delays);
        }
    };
    return program.fields.map((field) => {
        const delays = new Map();
        for (const rule of field.rules) collect(rule, field.debounceMilliseconds, delays);
        return delays;
    });
}

/** A form being filled in, re-validated as the user types (LiveForm.swift). */
class FsLiveForm {
    constructor(program, options = {}) {
        options = fsOwnOptions(options);
        // The mode and today as `validate` reads them (its errors for bad ones).
        const { mode, today } = fsEvaluationContext(program, {
            mode: options.mode ?? (options.original != null ? "edit" : "new"), today: options.today,
            locale: options.locale,
        });
        this.program = program;
        this.today = today;
        this.modeValue = mode;
        this.localeValue = options.locale ?? undefined;
        this.checks = options.checks ?? {};
        const scheduler = options.scheduler ?? globalThis;
        // A scheduler's own functions are called as its methods (a manual clock's use `this`), the
        // global timers on the global object: a browser throws "Illegal invocation" for
        // `{setTimeout, clearTimeout}` called as methods of another object.
        const on = (name) => (scheduler[name] === globalThis[name] ? globalThis : scheduler);
        this.setTimer = (callback, milliseconds) => scheduler.setTimeout.call(on("setTimeout"), callback, milliseconds);
        this.clearTimer = (handle) => scheduler.clearTimeout.call(on("clearTimeout"), handle);
        this.listeners = new Set();
        this.disposed = false;
        this.version = 0;
        this.notified = 0;
        this.summary = { failing: 0, dirty: 0, pending: 0, debouncing: 0 };
        this.flags = { isValid: true, isPending: false, hasUnsavedChanges: false, isDebouncing: false, canSubmit: false };
        this.formErrors = [];

        const count = program.fields.length;
        this.dependents = program.dependents;
        this.debounces = fsCheckDebounces(program);
        this.fieldDebounce = program.fields.map((field) => Math.max(0, field.debounceMilliseconds ?? 0));
        // A top-level field (with what is inside it) is taken from `values` when they give it at
        // all, else from `original` (Swift's LiveForm.init).
        const root = (name) => name.split(".", 1)[0];
        const given = new Set(Object.keys(options.values ?? {}).map(root));
        const values = this.flattened(options.values ?? {});
        const original = options.original != null ? this.flattened(options.original) : undefined;
        // A relative date default starts the field at its date, as text the user can edit.
        const defaults = program.fields.map((_, index) => program.defaultInput(index, today));
        const initial = this.clearingItemsPastCount(program.fields.map((field, index) => {
            if (given.has(root(field.name))) return values.has(field.name) ? values.get(field.name) : defaults[index];
            if (original?.has(field.name)) return original.get(field.name);
            return defaults[index];
        }), defaults, today);
        const baseline = original === undefined ? initial
            : this.clearingItemsPastCount(program.fields.map((field, index) =>
                (original.has(field.name) ? original.get(field.name) : defaults[index])), defaults, today);
        this.raw = initial.slice();
        this.scratch = new EvaluationScratch(program, today);
        initial.forEach((raw, index) => { this.scratch.values[index] = program.read(raw, index, today); });
        this.scratch.collectsUnanswered = true;
        this.originalRaw = baseline;
        this.originalRead = baseline.map((raw, index) => program.read(raw, index, today));
        this.chain = new LocaleChain(this.localeValue, program.locale);
        this.texts = program.texts(this.chain);
        this.secretReaders = this.secretReadersFor(this.texts);
        this.outcomes = program.fields.map(() => fsEmptyOutcome);
        this.messageDebounce = new Array(count).fill(null);
        this.counts = new Array(count).fill(0);
        /** Per field, each async check's slot (CheckSlot): {generation, inFlight, task, completed}. */
        this.slots = program.fields.map(() => new Map());
        /** The check runs not finished: waiting out their debounce or running. */
        this.tasks = new Set();
        this.fields = program.fields.map((field, index) => new FsLiveField(this, field, index, this.chain));
        this.evaluateAll();
        this.notified = this.version;
    }

    // MARK: Reading

    /** The field at `name`, or undefined (Swift's subscript). */
    field(name) {
        const index = this.program.fieldIndex.get(name);
        return index === undefined ? undefined : this.fields[index];
    }

    get isValid() { return this.flags.isValid; }
    get isPending() { return this.flags.isPending; }
    get hasUnsavedChanges() { return this.flags.hasUnsavedChanges; }
    get isDebouncing() { return this.flags.isDebouncing; }
    get canSubmit() { return this.flags.canSubmit; }

    /** The locale of messages and labels (undefined: the spec's). Setting it re-renders them. */
    get locale() { return this.localeValue; }
    set locale(locale) {
        fsCheckLocale(locale);
        locale ??= undefined;
        if (locale === this.localeValue) return;
        this.localeValue = locale;
        this.chain = new LocaleChain(locale, this.program.locale);
        this.texts = this.program.texts(this.chain);
        this.secretReaders = this.secretReadersFor(this.texts);
        for (const field of this.fields) {
            const program = this.program.fields[field.index];
            field.update("label", program.localizedLabel(this.chain));
            const choices = this.program.fields[this.program.optionsField(field.index)];
            if (choices.options.length > 0) {
                field.updateList("options", choices.options.map((option) => fsLiveOption(option.localized(this.chain))),
                    (a, b) => a.value === b.value && a.label === b.label);
            }
        }
        this.evaluateAll();
        this.notify();
    }

    /** `new`, `edit` or `show`; setting it re-evaluates every field. */
    get mode() { return this.modeValue; }
    set mode(mode) {
        if (mode !== "new" && mode !== "edit" && mode !== "show") throw new FormSpecError("mode must be new, edit or show");
        if (mode === this.modeValue) return;
        this.modeValue = mode;
        this.evaluateAll();
        this.notify();
    }

    /** The current values by name, absent fields left out (groups and lists as their trees). */
    get values() {
        const result = {};
        const program = this.program;
        program.fields.forEach((field, index) => {
            if (program.isNested && field.name.includes(".")) return;
            const value = this.treeValue(index);
            if (value !== undefined) fsPut(result, field.name, fsLiveValueToJS(value));
        });
        return result;
    }

    /**
     * The original values by name: what dirtiness is measured against. Groups and lists are built
     * from their fields' original values, as `values` builds the current ones (after `markSaved`,
     * an edited item shows its saved value).
     */
    get originalValues() {
        const result = {};
        const program = this.program;
        program.fields.forEach((field, index) => {
            if (program.isNested && field.name.includes(".")) return;
            const value = this.treeValue(index, this.originalRaw, this.originalRead);
            if (value !== undefined) fsPut(result, field.name, fsLiveValueToJS(value));
        });
        return result;
    }

    /** The names of the fields whose value differs from the original, in spec order. */
    get changedFields() { return this.fields.filter((field) => field.isDirty).map((field) => field.name); }

    /** The current state as `validate`'s full report, pending checks not passed. */
    get report() {
        const program = this.program;
        const fields = {};
        const show = this.modeValue === "show";
        if (!show) {
            for (const field of this.fields) {
                if (!field.isActive) continue;
                const report = this.fieldReport(field.index);
                const shaped = { valid: report.valid, errors: report.errors };
                if (report.warnings.length > 0) shaped.warnings = report.warnings;
                shaped.checks = report.checks;
                fsPut(fields, field.name, shaped);
            }
        }
        const report = { form: program.form, valid: this.flags.isValid, fields, form_errors: show ? [] : this.formErrors };
        if (this.modeValue === "edit") report.changed = this.changedFields;
        return report;
    }

    /** How many times each field's rules ran, by name (evaluation is incremental). */
    get evaluationCounts() {
        const result = {};
        this.program.fields.forEach((field, index) => fsPut(result, field.name, this.counts[index]));
        return result;
    }

    get evaluationCount() { return this.counts.reduce((sum, count) => sum + count, 0); }

    resetEvaluationCounts() { this.counts.fill(0); }

    // MARK: Observing

    /** Calls `listener(form)` after every change; returns the function that unsubscribes it. */
    subscribe(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    /** Tells the listeners, when something changed since they last heard. */
    notify() {
        this.refreshSummary();
        if (this.notified === this.version) return;
        this.notified = this.version;
        // Each listener is told whatever another does: one that throws has its error reported (as
        // an EventTarget reports a listener's), not thrown through the form's update or a timer.
        for (const listener of [...this.listeners]) {
            // One that an earlier listener unsubscribed is not told (as an EventTarget does).
            if (!this.listeners.has(listener)) continue;
            try {
                listener(this);
            } catch (error) {
                queueMicrotask(() => { throw error; });
            }
        }
    }

    // MARK: Changing

    /**
     * `set(name, value, {touch})`: sets a field (text as typed; undefined for absent, so its
     * default applies); false when there is no such field. `set({name: value, …}, {touch})`: sets
     * several, re-evaluating each affected field once; returns the names that are no field.
     */
    set(name, value, options) {
        if (typeof name !== "string") return this.setMany(name ?? {}, value?.touch ?? true);
        const touch = options?.touch ?? true;
        const index = this.program.fieldIndex.get(name);
        if (index === undefined || this.takesNoValue(index)) return false;
        this.setField(index, fsLiveValue(value), touch);
        this.notify();
        return true;
    }

    /**
     * Sets field `index` to a Value: what `set` and a field's `text` do (the caller notifies). A
     * nested form's group or list spreads over the fields inside it (FsNestedLiveForm).
     */
    setField(index, value, touch) {
        this.apply(value, index, touch);
    }

    setMany(values, touch) {
        const program = this.program;
        const updates = new Map();
        for (const name of Object.keys(values)) updates.set(name, fsLiveValue(values[name]));
        // The lists set here count as they are set; a field of an item that does not exist is
        // left out, as a name that is no field (Swift's `set(_:touch:)`).
        const counts = new Map();
        for (const [name, value] of updates) {
            const index = program.fieldIndex.get(name);
            if (index !== undefined && program.fields[index].type === "list") counts.set(index, Array.isArray(value) ? value.length : 0);
        }
        // A group or list set here may make an object of what holds a field set beside it.
        const setsCollections = [...updates.keys()].some((name) => {
            const index = program.fieldIndex.get(name);
            return index !== undefined && !fsIsScalarType(program.fields[index].type);
        });
        const outside = [];
        for (const name of [...updates.keys()]) {
            const index = program.fieldIndex.get(name);
            if (index !== undefined && (setsCollections ? !this.isInExistingItems(index, counts) : this.takesNoValue(index, counts))) {
                updates.delete(name);
                outside.push(name);
            }
        }
        const unknown = [...this.setRaw(updates, touch), ...outside].sort();
        this.notify();
        return unknown;
    }

    /**
     * Sets raw values (a Map name -> Value|undefined), then re-validates each affected field once
     * (a nested form spreads its groups and lists first: FsNestedLiveForm).
     */
    setRaw(updates, touch) {
        const program = this.program;
        const affected = new Set();
        const typed = new Set();
        const unknown = [];
        for (const [name, value] of updates) {
            const index = program.fieldIndex.get(name);
            if (index === undefined) {
                unknown.push(name);
                continue;
            }
            if (this.store(value, index, touch)) {
                affected.add(index);
                typed.add(index);
                for (const dependent of this.fieldsAffected(index)) affected.add(dependent);
            }
        }
        // A list's count decides whether its items' fields count as changed (they read it).
        if (program.isNested) for (const index of affected) this.fields[index].updateSummary("isDirty", "dirty", this.isChanged(index));
        for (const index of [...affected].sort((a, b) => a - b)) this.evaluate(index, typed.has(index));
        if (affected.size > 0) this.updateFormErrors();
        return unknown.sort();
    }

    /** Marks a field touched (the user left it), without changing its value. */
    touch(name) {
        this.field(name)?.update("isTouched", true);
        this.notify();
    }

    /** Marks every field touched: on a submit attempt, to show every message. */
    touchAll() {
        for (const field of this.fields) field.update("isTouched", true);
        this.notify();
    }

    /** Puts every field back to its original value, untouched: "discard changes". */
    discardChanges() {
        this.resetValues(this.originalRaw.slice());
        this.notify();
    }

    /** Makes the current values the original ones (after a save): every field clean and untouched. */
    markSaved() {
        this.originalRaw = this.raw.slice();
        this.originalRead = this.scratch.values.slice();
        for (const field of this.fields) {
            field.updateSummary("isDirty", "dirty", false);
            field.update("isTouched", false);
        }
        this.updateFormErrors();
        this.notify();
    }

    /** Replaces every value and the original values (defaults for missing fields): the form as just opened. */
    reset(values = {}) {
        const program = this.program;
        const given = this.flattened(values);
        const defaults = program.fields.map((_, index) => program.defaultInput(index, this.today));
        const raw = this.clearingItemsPastCount(program.fields.map((field, index) =>
            (given.has(field.name) ? given.get(field.name) : defaults[index])), defaults, this.today);
        this.originalRaw = raw;
        this.originalRead = raw.map((value, index) => program.read(value, index, this.today));
        this.resetValues(raw.slice());
        this.notify();
    }

    /** Re-evaluates every field, forgetting finished check answers (so they run again). */
    revalidate() {
        for (const slots of this.slots) for (const slot of slots.values()) slot.completed = undefined;
        this.evaluateAll();
        this.notify();
    }

    /** Cancels every debounce and running check (what Swift does when a form goes away). */
    dispose() {
        // Nothing starts again: a late event handler's `set` checks and shows, but waits for nothing.
        this.disposed = true;
        this.fields.forEach((_, index) => {
            this.cancelChecks(index);
            this.endMessageDebounce(index);
        });
        this.listeners.clear();
    }

    resetValues(values) {
        values.forEach((value, index) => {
            this.store(value, index, false);
            this.fields[index].update("isTouched", false);
        });
        this.evaluateAll();
    }

    /**
     * `values` (JS data: an object by field name or path) as a Map path -> Value (a nested form's
     * groups and lists spread: FsNestedLiveForm).
     */
    flattened(values) {
        if (values === null || typeof values !== "object" || Array.isArray(values)) throw new FormSpecError("values must be an object");
        const members = [];
        for (const key of Object.keys(values)) if (values[key] !== undefined) members.push([key, fsValueFromJS(values[key])]);
        return new Map(members);
    }

    // MARK: Evaluation

    /**
     * Swift's `secretReaders`: the fields whose messages a secret's value masks (a text with
     * `{value}` in `texts`, or an external check's reason), evaluated again when a secret changes.
     */
    secretReadersFor(texts) {
        const program = this.program;
        if (program.secretFields.length === 0) return [];
        const readers = [];
        let rule = 0;
        program.fields.forEach((field, index) => {
            let reads = program.runsChecks(index);
            for (let count = 0; count < field.rules.length; count++, rule++) {
                if (texts.messages[rule].text === undefined || texts.requirements[rule].text === undefined) reads = true;
            }
            if (reads) readers.push(index);
        });
        return readers;
    }

    /** Swift's `fieldsAffected(byChangeOf:)`: field `index`'s dependents, and for a secret its readers. */
    fieldsAffected(index) {
        const dependents = this.dependents[index];
        if (this.program.fields[index].type !== "secret" || this.secretReaders.length === 0) return dependents;
        const affected = dependents.slice();
        for (const reader of this.secretReaders) if (reader !== index && !affected.includes(reader)) affected.push(reader);
        return affected;
    }

    /** Sets field `index`'s value and re-validates it, its dependents and the form rules: a keystroke. */
    apply(value, index, touch) {
        if (!this.store(value, index, touch)) return;
        this.evaluate(index, true);
        for (const dependent of this.fieldsAffected(index)) this.evaluate(dependent, false);
        this.updateFormErrors();
    }

    /**
     * Stores a raw value; returns whether its read value changed (so rules must re-run). An absent
     * value stores the field's default as an input would give it, as the form does for a field
     * with no initial value: `value` then shows what is checked (a cleared field, or the fields of
     * a new list item, start at their defaults again).
     */
    store(value, index, touch) {
        if (value === undefined) value = this.program.defaultInput(index, this.today);
        const field = this.fields[index];
        if (!fsLiveSameRaw(this.raw[index], value)) this.version += 1;
        this.raw[index] = value;
        if (touch) field.update("isTouched", true);
        const read = this.program.read(value, index, this.today);
        // Re-spelt to the same time (`09:00` for `09:00:00`), its messages' `{value}` changes.
        if (fsFieldValueIsIdentical(read, this.scratch.values[index])) return false;
        this.scratch.values[index] = read;
        field.updateSummary("isDirty", "dirty", this.isChanged(index));
        return true;
    }

    /** Whether field `index` differs from its original value, as a report's `changed` counts it. */
    isChanged(index) {
        return !fsFieldValueIsSame(this.scratch.values[index], this.originalRead[index]) && this.isInExistingItems(index);
    }

    /** Whether field `index` is in no list item that does not exist (always, in a flat form). */
    isInExistingItems(index, counts) { return true; }
    takesNoValue(index, counts) { return false; }

    /** `raw` as opened (a flat form has no items). */
    clearingItemsPastCount(raw, defaults, today) { return raw; }

    evaluateAll() {
        this.fields.forEach((field, index) => {
            field.updateSummary("isDirty", "dirty", this.isChanged(index));
            this.endMessageDebounce(index);
            this.evaluate(index, false);
        });
        this.updateFormErrors();
        this.refreshSummary();
    }

    /**
     * Runs field `index`'s rules against the current values and publishes the outcome. `typed`: the
     * user just changed this field, so its `debounce:` holds new messages back until typing pauses.
     */
    evaluate(index, typed) {
        const program = this.program;
        const scratch = this.scratch;
        this.counts[index] += 1;
        scratch.checkAnswers.length = 0;
        let active = program.evaluateLiveField(index, scratch, this.modeValue, this.today);
        let pending = false;
        // The evaluator lists the checks it needs: answer them and evaluate again.
        if (active && program.runsChecks(index)) {
            pending = this.resolveChecks(index);
            if (scratch.checkAnswers.length > 0) active = program.evaluateLiveField(index, scratch, this.modeValue, this.today);
        }
        if (!active) {
            this.cancelChecks(index);
            this.outcomes[index] = fsEmptyOutcome;
            this.endMessageDebounce(index);
            this.publish(index, false);
            return;
        }
        this.outcomes[index] = {
            results: scratch.resultsOf(index), failures: scratch.failureMessages.slice(), pending, valid: scratch.isValid(index),
        };
        if (typed && this.fieldDebounce[index] > 0) this.startMessageDebounce(index);
        this.publish(index, true);
    }

    /** Field `index`'s report, projected from its last outcome list. */
    fieldReport(index) {
        const outcome = this.outcomes[index];
        return this.program.fieldReport(index, outcome.results, outcome.failures, this.scratch.values, this.texts);
    }

    /** Copies field `index`'s last outcome into its public state, changing only what differs. */
    publish(index, active) {
        const field = this.fields[index];
        field.updateActive(active);
        if (!active) {
            field.updateValid(true);
            field.updateList("errors", [], fsSameIssue);
            field.updateList("warnings", [], fsSameIssue);
            field.updateList("checklist", [], fsSameRequirement);
            field.updateSummary("isPending", "pending", false);
            return;
        }
        const outcome = this.outcomes[index];
        field.updateValid(outcome.valid);
        field.updateSummary("isPending", "pending", outcome.pending);
        const report = this.fieldReport(index);
        if (this.messageDebounce[index] !== null) {
            // Typing: messages that no longer apply go at once, new ones wait for the pause.
            const kept = (shown, now) => shown.filter((issue) => now.some((other) => fsSameIssue(issue, other)));
            field.updateList("errors", kept(field.errors, report.errors), fsSameIssue);
            field.updateList("warnings", kept(field.warnings, report.warnings), fsSameIssue);
        } else {
            field.updateList("errors", report.errors, fsSameIssue);
            field.updateList("warnings", report.warnings, fsSameIssue);
        }
        const checklist = report.checks.map((check, position) => {
            const status = fsRequirementStatus(outcome.results[position].outcome);
            return { id: position, rule: check.rule, text: check.requirement, status, passed: status === "passed" };
        });
        field.updateList("checklist", checklist, fsSameRequirement);
    }

    updateFormErrors() {
        const program = this.program;
        if (program.formRules.length === 0) return;
        let errors = [];
        if (this.modeValue !== "show") {
            const changed = this.modeValue === "edit" ? this.fields.filter((field) => field.isDirty).map((field) => field.index) : [];
            program.evaluateFormRules(this.scratch, this.modeValue, changed, this.today);
            program.forEachFormError(this.scratch.failedFormRules, [], false, this.scratch.values, (source) => {
                errors.push(program.formError(source, this.texts));
            });
        }
        const old = this.formErrors;
        if (old.length !== errors.length || !old.every((issue, position) => fsSameIssue(issue, errors[position]))) {
            this.formErrors = errors;
            this.version += 1;
        }
        this.refreshSummary();
    }

    /** Sets the form-wide flags from the counts the fields keep. */
    refreshSummary() {
        const show = this.modeValue === "show";
        const summary = this.summary;
        const valid = show || (this.formErrors.length === 0 && summary.failing === 0);
        const pending = summary.pending > 0;
        const changed = summary.dirty > 0;
        const debouncing = summary.debouncing > 0;
        const flags = {
            isValid: valid, isPending: pending, hasUnsavedChanges: changed, isDebouncing: debouncing,
            canSubmit: !show && valid && !pending && !debouncing && (this.modeValue !== "edit" || changed),
        };
        for (const key of Object.keys(flags)) {
            if (this.flags[key] !== flags[key]) {
                this.flags = flags;
                this.version += 1;
                return;
            }
        }
    }

    // MARK: Message debounce

    /** Holds field `index`'s new messages back until its debounce has passed with no new keystroke. */
    startMessageDebounce(index) {
        if (this.disposed) return;
        if (this.messageDebounce[index] !== null) this.clearTimer(this.messageDebounce[index]);
        this.messageDebounce[index] = this.setTimer(() => {
            this.messageDebounce[index] = null;
            this.endMessageDebounce(index);
            this.publish(index, this.fields[index].isActive);
            this.refreshSummary();
            this.notify();
        }, this.fieldDebounce[index]);
        this.fields[index].updateSummary("isDebouncing", "debouncing", true);
    }

    /** Stops holding field `index`'s messages back (the caller publishes them). */
    endMessageDebounce(index) {
        const timer = this.messageDebounce[index];
        if (timer !== null) this.clearTimer(timer);
        this.messageDebounce[index] = null;
        this.fields[index].updateSummary("isDebouncing", "debouncing", false);
    }

    // MARK: External checks (LiveForm+Checks.swift)

    /**
     * Waits until no check for a current value is running and its result is applied. Checks still
     * waiting out their debounce are not waited for (`validateNow` starts them at once).
     * `includingSuperseded`: also wait for abandoned runs still executing. An abort of `signal`
     * ends the wait, not the checks (as cancelling the waiting task does in Swift).
     */
    async settle(includingSuperseded = false, signal = undefined) {
        let stop;
        const aborted = signal === undefined ? undefined : new Promise((resolve) => {
            stop = resolve;
            signal.addEventListener("abort", stop, { once: true });
        });
        try {
            while (!signal?.aborted) {
                let next;
                for (const task of this.tasks) {
                    if (task.running && (includingSuperseded || !task.superseded)) {
                        next = task;
                        break;
                    }
                }
                if (next === undefined) return;
                await (aborted === undefined ? next.finished : Promise.race([next.finished, aborted]));
            }
        } finally {
            if (stop !== undefined) signal.removeEventListener("abort", stop);
        }
    }

    /**
     * Runs every pending check now (skipping what is left of its debounce), waits for them, shows
     * every message and marks every field touched; resolves to the report: what a submit button does.
     * When `options.signal` aborts, resolves at once to the report as it is then, checks still
     * running shown pending (they go on, and their results still arrive).
     */
    async validateNow(options = {}) {
        const signal = fsOwnOptions(options).signal ?? undefined;
        if (signal !== undefined && !(signal instanceof AbortSignal)) {
            throw new FormSpecError("validateNow: signal must be an AbortSignal");
        }
        for (const field of this.fields) field.update("isTouched", true);
        this.messageDebounce.forEach((timer, index) => {
            if (timer === null) return;
            this.endMessageDebounce(index);
            this.publish(index, this.fields[index].isActive);
        });
        this.slots.forEach((slots, index) => {
            for (const [name, slot] of slots) {
                const check = fsHas(this.checks, name) ? this.checks[name] : undefined;
                if (slot.inFlight === undefined || slot.task?.running || typeof check !== "function") continue;
                this.schedule(index, name, slot.inFlight, check, 0);
            }
        });
        this.refreshSummary();
        this.notify();
        await this.settle(false, signal);
        return this.report;
    }

    /**
     * Answers the checks the evaluation of field `index` asked about (`scratch.unanswered`) into
     * `scratch.checkAnswers`: fixed ones at once, async ones from a finished result for this value,
     * or scheduled (and pending). Abandons runs no longer needed. Returns whether one is pending.
     */
    resolveChecks(index) {
        const value = this.scratch.values[index];
        if (value.kind !== "value") {
            this.cancelChecks(index);
            return false;
        }
        const scalar = value.scalar;
        const needed = this.scratch.unanswered.slice();
        for (const [name, slot] of this.slots[index]) {
            if (slot.inFlight !== undefined && !needed.some((call) => call.check === name)) this.cancel(index, name);
        }
        let pending = false;
        for (const call of needed) {
            const name = call.check;
            const check = fsHas(this.checks, name) ? this.checks[name] : undefined;
            let answer;
            if (typeof check === "boolean") {
                answer = { kind: check ? "passed" : "failed" };
            } else if (typeof check !== "function") {
                answer = { kind: "failure", message: `No check is registered for '${name}'` };
            } else {
                const slot = this.slots[index].get(name);
                const done = slot?.completed;
                if (done !== undefined && fsScalarExactlyEquals(done.value, scalar)) {
                    if (slot.inFlight !== undefined) this.cancel(index, name);
                    answer = done.outcome.kind === "passed"
                        ? { kind: done.outcome.passed ? "passed" : "failed" }
                        : { kind: "failure", message: this.checkMessage(done.outcome, index) };
                } else {
                    answer = { kind: "pending" };
                    pending = true;
                    if (slot?.inFlight === undefined || !fsScalarExactlyEquals(slot.inFlight, scalar)) {
                        this.schedule(index, name, scalar, check, this.debounces[index].get(name) ?? 0);
                    }
                }
            }
            this.scratch.checkAnswers.push({ field: index, check: name, answer });
        }
        return pending;
    }

    /** The message of a check that threw, in the current locale, the form's secrets masked. */
    checkMessage(outcome, index) {
        const reason = this.program.maskingSecrets(outcome.reason, this.scratch.values);
        if (outcome.custom) return reason;
        return fsCheckFailureMessage(reason, this.program.fields[index].localizedLabel(this.chain), this.chain);
    }

    /** Abandons every run of field `index`'s checks. */
    cancelChecks(index) {
        for (const [name, slot] of this.slots[index]) if (slot.inFlight !== undefined) this.cancel(index, name);
    }

    cancel(index, name) {
        const slot = this.slots[index].get(name);
        if (slot === undefined) return;
        slot.generation += 1;
        this.cancelTask(slot.task);
        slot.inFlight = undefined;
        slot.task = undefined;
    }

    /** Stops a run: its debounce timer, or the check itself through its signal (its result is dropped). */
    cancelTask(task) {
        if (task === undefined || task.superseded) return;
        task.superseded = true;
        if (task.timer !== null) {
            this.clearTimer(task.timer);
            task.timer = null;
        }
        if (!task.running) {
            this.tasks.delete(task);
            task.resolve();
        }
        task.controller.abort();
    }

    /** Starts checking `value` after `delay` ms, replacing (cancelling) any run for another value. */
    schedule(index, name, value, check, delay) {
        if (this.disposed) return;
        const slots = this.slots[index];
        let slot = slots.get(name);
        if (slot === undefined) {
            slot = { generation: 0, inFlight: undefined, task: undefined, completed: undefined };
            slots.set(name, slot);
        }
        this.cancelTask(slot.task);
        slot.generation += 1;
        const generation = slot.generation;
        const task = { timer: null, running: false, superseded: false, controller: new AbortController() };
        task.finished = new Promise((resolve) => { task.resolve = resolve; });
        const field = this.program.fields[index].name;
        const start = () => {
            task.timer = null;
            if (task.superseded) {
                this.tasks.delete(task);
                task.resolve();
                return;
            }
            task.running = true;
            let answer;
            try {
                answer = Promise.resolve(check(fsScalarDescription(value), { signal: task.controller.signal, field, check: name }));
            } catch (error) {
                answer = Promise.reject(error);
            }
            answer.then(
                (passed) => ({ kind: "passed", passed: passed === true }),
                (error) => (task.controller.signal.aborted ? undefined : {
                    kind: "threw",
                    reason: error instanceof Error ? error.message : String(error),
                    // By name too: another form's module on the page has a FormSpecError class of its own.
                    custom: error instanceof Error && error.name === "FormSpecError",
                }),
            ).then((outcome) => this.finish(task, index, name, generation, value, outcome));
        };
        // Even without a debounce the check runs later, never inside the `set` that asked for it.
        if (delay > 0) {
            task.timer = this.setTimer(start, delay);
        } else {
            task.running = true;
            queueMicrotask(start);
        }
        this.tasks.add(task);
        slot.inFlight = value;
        slot.task = task;
    }

    /** Applies a run's result, unless it is stale (the value changed, or the run was abandoned). */
    finish(task, index, name, generation, value, outcome) {
        this.tasks.delete(task);
        task.resolve();
        const slot = this.slots[index].get(name);
        if (outcome === undefined || slot === undefined || slot.generation !== generation) return;
        slot.inFlight = undefined;
        slot.task = undefined;
        slot.completed = { value, outcome };
        this.evaluate(index, false);
        this.refreshSummary();
        this.notify();
    }

    // MARK: Groups and lists (LiveForm+Collections.swift)

    // What a flat form answers: it has neither. A nested form is an FsNestedLiveForm (the `nested`
    // piece below, which a flat form's module leaves out).

    /** The current value of list or group `name` built from its fields (another field's own value; undefined for a name that is no field's, or a field without a value). */
    collectionValue(name) {
        const index = this.program.fieldIndex.get(name);
        return index === undefined ? undefined : fsLiveValueToJS(this.treeValue(index));
    }

    /** Field `index`'s value, current or from `raw`: on a flat form, its raw value. */
    treeValue(index, raw = this.raw) { return raw[index]; }

    /** The items of list `name` (undefined: `name` is no list). */
    items(name) { return undefined; }

    /** How many items list `name` can hold with fields of their own (undefined: `name` is no list). */
    itemCapacity(name) { return undefined; }

    /** Appends an item to list `name` (false: `name` is no list). */
    appendItem(name, item) { return false; }

    /** Inserts an item into list `name` at `position` (false: `name` is no list). */
    insertItem(name, position, item) { return false; }

    /** Removes the item at `position` from list `name` (false: `name` is no list). */
    removeItem(name, position) { return false; }

    /** Moves the item at `from` of list `name` to `to` (false: `name` is no list). */
    moveItem(name, from, to) { return false; }
}

/** `createForm`'s live form of `program`: a nested form's (FsNestedLiveForm) spreads its groups and lists. */
function fsCreateLiveForm(program, options) {
    return program.isNested ? new FsNestedLiveForm(program, options) : new FsLiveForm(program, options);
}

/** An inactive (or not yet evaluated) field's outcome. */
const fsEmptyOutcome = Object.freeze({ results: [], failures: [], pending: false, valid: true });

/** Whether two raw values are the same (text compared exactly, as everywhere in FormSpec). */
function fsLiveSameRaw(a, b) {
    if (a === b) return true;
    if (a === undefined || b === undefined) return false;
    return fsWriteJSON(a) === fsWriteJSON(b);
}

// The emitter's `nested` feature: the live form of a program with a group or a list; a flat form's
// module leaves it out.
/*! @feature nested */

/**
 * A live form whose program has groups or lists (LiveForm+Collections.swift): a group's object or
 * a list's array, set or given, spreads over the fields inside it; `values` builds it back from
 * them; items can be added, removed and moved.
 */
/** Whether a raw value is absent (never given, or `null`): what Swift's `LiveForm.isAbsent` tests. */
function fsIsAbsent(value) {
    return value === undefined || value === null;
}

class FsNestedLiveForm extends FsLiveForm {
    /** Swift's `isInExistingItems`: a field of an item that does not exist takes no value. */
    isInExistingItems(index, counts) { return this.program.isInExistingItems(index, this.scratch.values, counts); }

    /** Swift's `isInsideNoObject`: a field inside a group or item given as no object takes no value either. */
    takesNoValue(index, counts) {
        return !this.isInExistingItems(index, counts) || this.program.isInsideNoObject(index, this.raw);
    }

    /** Swift's `clearingItemsPastCount`: the fields of items past their list's count at their defaults. */
    clearingItemsPastCount(raw, defaults, today) {
        const program = this.program;
        raw = raw.slice();
        program.fields.forEach((field, list) => {
            if (field.type !== "list") return;
            const read = program.read(raw[list], list, today);
            const count = read.kind === "value" && read.scalar.kind === "integer" ? Number(read.scalar.value) : 0;
            program.nestedLayout.items[list].forEach((item, position) => {
                if (position < count) return;
                raw[item] = defaults[item];
                for (const child of this.inside(item)) raw[child] = defaults[child];
            });
        });
        return raw;
    }

    /** Sets field `index` to a Value (the caller notifies); a group or list spreads. */
    setField(index, value, touch) {
        if (fsIsScalarType(this.program.fields[index].type)) {
            // A field typed inside a group never given makes the group an object (`setRaw`).
            if (this.program.enclosingGroups(index).some((group) => fsIsAbsent(this.raw[group]))) {
                this.setRaw(new Map([[this.program.fields[index].name, value]]), touch);
            } else {
                super.setField(index, value, touch);
            }
        } else {
            // A group's object or a list's array spreads over the fields inside it (which are then
            // cleared when it is no object or array, so they are not checked, as in `validate`).
            this.setRaw(this.spreadUpdates(value, index), touch);
        }
    }

    /** Sets raw values (a Map name -> Value|undefined), each group or list spread first. */
    setRaw(updates, touch) {
        const program = this.program;
        for (const [name, value] of [...updates]) {
            const index = program.fieldIndex.get(name);
            if (index === undefined || fsIsScalarType(program.fields[index].type)) continue;
            // What the group or list holds wins over a path given beside it, as `validate` reads
            // them; its fields it does not hold keep a value the path gives (Swift's `setSlots`).
            for (const [path, spread] of this.spreadUpdates(value, index)) {
                if (spread !== undefined || !updates.has(path)) updates.set(path, spread);
            }
        }
        for (const [name, object] of this.objectsForTypedMembers(updates, this.raw)) {
            if (!updates.has(name)) updates.set(name, object);
        }
        return super.setRaw(updates, touch);
    }

    /**
     * Swift's `objectsForTypedMembers`: an empty object (a Map name -> FsObject) for each group that
     * `updates` types a field into while it is absent in `raw` and `updates` does not set it, as
     * `values` already shows it and `validate` of those values reads it.
     */
    objectsForTypedMembers(updates, raw) {
        const program = this.program;
        const objects = new Map();
        for (const [name, value] of updates) {
            const index = program.fieldIndex.get(name);
            if (fsIsAbsent(value) || index === undefined) continue;
            for (const group of program.enclosingGroups(index)) {
                const groupName = program.fields[group].name;
                if (!updates.has(groupName) && fsIsAbsent(raw[group])) objects.set(groupName, new FsObject([]));
            }
        }
        return objects;
    }

    /** `values` (JS data: an object by field name or path) as a Map path -> Value, groups and lists spread. */
    flattened(values) {
        // The members as given (a Map iterates as the `[key, value]` pairs `visitNested` reads).
        const members = super.flattened(values);
        const result = new Map();
        this.program.visitNested(members, (index, value) => result.set(this.program.fields[index].name, value), () => {});
        // A field given by its path inside a group not given makes it an object, as typing it does.
        for (const [name, object] of this.objectsForTypedMembers(result, [])) result.set(name, object);
        return result;
    }

    /**
     * The indexes of the fields inside group or list field `index` (`address.city`, `contacts.0`,
     * `contacts.0.phone`, …): the fields right after it named inside it, as the compiler lays them out.
     */
    *inside(index) {
        const fields = this.program.fields;
        const prefix = fields[index].name + ".";
        for (let child = index + 1; child < fields.length && fields[child].name.startsWith(prefix); child++) yield child;
    }

    /**
     * The updates that set list or group field `index` to `value`: the field itself, every field
     * inside it cleared, then those `value` holds.
     */
    spreadUpdates(value, index) {
        const program = this.program;
        const name = program.fields[index].name;
        const updates = new Map([[name, value]]);
        for (const child of this.inside(index)) updates.set(program.fields[child].name, undefined);
        if (value === undefined) return updates;
        program.visitNestedField(index, value, (field, item) => updates.set(program.fields[field].name, item), () => {});
        return updates;
    }

    /**
     * Field `index`'s value, a group or list built from the fields inside it, from each field's raw
     * and read values (`raw`, `reads`): the current ones by default, or the original ones.
     */
    treeValue(index, raw = this.raw, reads = this.scratch.values) {
        const program = this.program;
        const name = program.fields[index].name;
        const read = reads[index];
        switch (program.fields[index].type) {
            case "list": {
                if (read.kind !== "value" || read.scalar.kind !== "integer") return raw[index];
                const given = Array.isArray(raw[index]) ? raw[index] : [];
                const items = [];
                for (let position = 0; position < Number(read.scalar.value); position++) {
                    const item = program.fieldIndex.get(name + "." + position);
                    if (item !== undefined) items.push(this.treeValue(item, raw, reads) ?? null);
                    // Past the list's capacity: no field holds the item, the list's own value does.
                    else if (position < given.length) items.push(given[position]);
                }
                return items;
            }
            case "group": {
                // A group that is no object shows its own value (Swift's `RawLeaves`): an absent
                // one holds only defaults, for typing a field inside it makes it an object.
                if (read.kind !== "value") return raw[index];
                const members = [];
                // The group's own members, in spec order (not every field of the form: a list of
                // groups would cost its items times the form's fields).
                for (const [key, child] of program.nestedLayout.members[index] ?? []) {
                    const value = this.treeValue(child, raw, reads);
                    if (value !== undefined) members.push([key, value]);
                }
                return new FsObject(members);
            }
            default:
                return raw[index];
        }
    }

    /** The items of list `name` as they are now (Values); undefined when `name` is not a list. */
    items(name) {
        const index = this.program.fieldIndex.get(name);
        if (index === undefined || this.program.fields[index].type !== "list" || !this.isInExistingItems(index)) return undefined;
        const tree = this.treeValue(index);
        return Array.isArray(tree) ? tree : [];
    }

    /**
     * How many items list `name` can hold with fields of their own (its `max_items`, or the
     * compiler's capacity, as `LiveForm.itemCapacity(of:)`); undefined when `name` is not a list.
     */
    itemCapacity(name) {
        const index = this.program.fieldIndex.get(name);
        if (index === undefined || this.program.fields[index].type !== "list") return undefined;
        return this.program.nestedLayout.items[index].length;
    }

    /**
     * Appends an item to list `name` (undefined: an empty one, its fields at their defaults); false
     * when `name` is not a list. Nothing is touched: the new item's messages wait for the user. An
     * item past `itemCapacity(name)` is in the list's value (which then fails `max_items`) but has
     * no fields.
     */
    appendItem(name, item) {
        const items = this.items(name);
        if (items === undefined) return false;
        return this.replaceItems(name, [...items, this.itemValue(name, item)], [...items.keys(), undefined]);
    }

    /** Inserts an item into list `name` at `position` (clamped to the list); nothing is touched. */
    insertItem(name, position, item) {
        const items = this.items(name);
        if (items === undefined) return false;
        const origins = [...items.keys()];
        const at = Math.min(Math.max(0, position), items.length);
        items.splice(at, 0, this.itemValue(name, item));
        origins.splice(at, 0, undefined);
        return this.replaceItems(name, items, origins);
    }

    /** Removes the item at `position` from list `name`; false when there is none. The others keep their touched state. */
    removeItem(name, position) {
        const items = this.items(name);
        if (items === undefined || !(position >= 0 && position < items.length)) return false;
        const origins = [...items.keys()];
        items.splice(position, 1);
        origins.splice(position, 1);
        return this.replaceItems(name, items, origins);
    }

    /** Moves the item at `from` of list `name` to `to`; false when either is out of range. Its touched state moves with it. */
    moveItem(name, from, to) {
        const items = this.items(name);
        if (items === undefined || !(from >= 0 && from < items.length) || !(to >= 0 && to < items.length)) return false;
        const origins = [...items.keys()];
        items.splice(to, 0, items.splice(from, 1)[0]);
        origins.splice(to, 0, origins.splice(from, 1)[0]);
        return this.replaceItems(name, items, origins);
    }

    itemValue(name, item) {
        if (item !== undefined) return fsValueFromJS(item);
        const first = this.program.fieldIndex.get(name + ".0");
        return first !== undefined && this.program.fields[first].type === "group" ? new FsObject([]) : null;
    }

    /**
     * Sets list `name` to `items` without touching anything: each item's fields take the touched
     * state of the fields of the item it was (`origins[position]`; undefined for a new item,
     * untouched), so an item's state moves with it rather than staying at its position.
     */
    replaceItems(name, items, origins) {
        const program = this.program;
        const touched = this.fields.map((field) => field.isTouched);
        const index = program.fieldIndex.get(name);
        // An emptied list that was absent is absent again (`[]` is empty, as absent is).
        this.setRaw(this.spreadUpdates(items.length === 0 && this.originalRaw[index] === undefined ? undefined : items, index), false);
        const prefix = name + ".";
        for (const child of this.inside(program.fieldIndex.get(name))) {
            // `contacts.1.phone`: item 1, and `.phone` inside it.
            const path = program.fields[child].name.slice(prefix.length);
            const digits = path.split(".", 1)[0];
            if (!/^[0-9]+$/.test(digits)) continue;
            const origin = origins[Number(digits)];
            const before = origin === undefined ? undefined : program.fieldIndex.get(prefix + origin + path.slice(digits.length));
            this.fields[child].update("isTouched", before === undefined ? false : touched[before]);
            // A message held back while an item was typed into does not stay at its position for
            // the item moved there: it shows now, checked again (Swift's `replaceItems`).
            if (this.messageDebounce[child] !== null) {
                this.endMessageDebounce(child);
                this.evaluate(child, false);
            }
        }
        this.notify();
        return true;
    }
}
