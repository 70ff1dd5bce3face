// Reports: Evaluation/Report.swift, ReportProjection.swift and the report writer of
// JSON/JSONWriter.swift. A report is a plain object shaped as the JSON document Swift writes
// (`warnings` only when there is one, `changed` only in edit mode), so `fsReportJSON` writes its
// members in order.
//
// Names this piece declares:
//   fsValidate(program, value, options)   `validate` of a Value: the report for `options.report`
//                                         ("full", the default, or "errors"); throws FormSpecError.
//                                         Internal option `checks(check, fieldName, scalar)` -> true |
//                                         false | undefined answers checks before `stubs`.
//   fsValidateJS(program, input, options) `validate` of a JS value: reads a flat form's fields
//                                         straight from a plain object (no Value of the whole input)
//   fsGeneratedReport(program, input, plan)   the module's own validator's report (`VALIDATE_REPORT`,
//                                         feature `generated-validator`), undefined when it leaves
//                                         the input to the evaluator
//   fsValidationPlan(program, options)    the options prepared ({errorsOnly, context}), kept while
//                                         the next call passes the same ones
//   fsReportJSON(report)                  Report.json(.full | .errors)'s bytes, as a string
//   fsErrorsReport(report)                a full report's `errors` shape (Report.json(.errors))
//   fsEvaluationContext(program, options) the EvaluationContext of `validate`'s options
//   fsCheckLocale(locale)                 throws unless `locale` is a string (or absent)
//   program.report(scratch, texts, mode, strict)        the full report of an evaluated scratch
//   program.errorsReport(scratch, texts, mode, strict)  its `errors` shape, made from the scratch
//                                         (JSONWriter.appendErrors(of: scratch…))
//   program.directReport(values, texts, today, environment, errorsOnly)   either shape straight
//                                         from the values, without an outcome list, for the
//                                         programs directReportsApply() accepts (new mode, not
//                                         strict): `validate`'s usual case
//   program.fieldReport(index, results, failures, values, texts, withChecks = true)
//       -> {valid, errors, warnings, checks} (all four always present, as Swift's FieldReport)
//   program.checklist(index, results, start, end, texts, shown)   a field's checklist lines
//   program.collectIssues(index, results, start, end, failures, values, texts, shown, errors)
//       the one projection of a field's outcomes (results[start..<end]) to its issues: errors
//       appended to `errors`, the warnings returned (undefined when none); `shown` an FsShownValue
//   program.forEachFormError(failedFormRules, unknownKeys, strict, values, body(source))
//       source: {kind: "formRule", index} | {kind: "unknownKey", key}
//   program.formError(source, texts) -> {rule, message}
//   program.shownValue(index, values) -> Scalar | undefined (a secret's value masked)
//   program.maskingSecrets(reason, values) -> a check's reason, the secrets' values masked

/** What stands in a message for a value that must not be shown. */
const fsMaskedValue = "••••";

Object.assign(Program.prototype, {
    /** Validates one input (a Value) as `plan` says (`fsValidationPlan`). */
    validateValue(input, plan) {
        if (!(input instanceof FsObject)) throw fsNotAnObject(input);
        const context = plan.context;
        context.forgetToday();
        const today = context.todayFor(this);
        const scratch = this.acquireScratch(today);
        try {
            scratch.load(input.members, this, today, context.strict);
            return this.evaluateAndReport(scratch, plan);
        } finally {
            this.releaseScratch(scratch);
        }
    },

    /**
     * Validates a plain JS object as `plan` says, for a form without groups or lists: each member
     * read into its field's slot as `validate(fsValueFromJS(input))` would read it (same Values,
     * same errors, keys in `Object.keys` order), without making a Value of the whole input.
     */
    validateObject(input, plan) {
        const context = plan.context;
        context.forgetToday();
        const today = context.todayFor(this);
        const strict = context.strict;
        const scratch = this.acquireScratch(today);
        try {
            scratch.reset(this, today);
            const keys = Object.keys(input);
            let ancestors;
            for (let position = 0; position < keys.length; position++) {
                const key = keys[position];
                const member = input[key];
                if (member === undefined) continue;
                let raw;
                if (typeof member === "string") raw = member.isWellFormed() ? member : member.toWellFormed();
                else if (typeof member === "number" && Number.isSafeInteger(member)) raw = BigInt(member);
                else raw = fsValueFromJS(member, 1, (ancestors ??= [input]));
                let index = this.fieldIndex.get(key);
                if (index === undefined) {
                    // A key with a lone surrogate reads as its well-formed text (U+FFFD).
                    const name = key.isWellFormed() ? key : key.toWellFormed();
                    if (name !== key) index = this.fieldIndex.get(name);
                    if (index === undefined) {
                        if (strict) scratch.unknownKeys.push(name);
                        continue;
                    }
                }
                scratch.values[index] = this.read(raw, index, today);
            }
            return this.evaluateAndReport(scratch, plan);
        } finally {
            this.releaseScratch(scratch);
        }
    },

    /**
     * The scratch for one validation: the program's shared one, or a new one while that is in use
     * (a check resolver or an input's getter validating again).
     */
    acquireScratch(today) {
        if (this.scratchBusy) return new EvaluationScratch(this, today);
        this.scratchBusy = true;
        return (this.sharedScratch ??= new EvaluationScratch(this, today));
    },

    releaseScratch(scratch) {
        if (scratch === this.sharedScratch) this.scratchBusy = false;
    },

    /** Evaluates the loaded `scratch` and returns the report in the plan's shape. */
    evaluateAndReport(scratch, plan) {
        const context = plan.context;
        if (this.hasDirectReports && context.mode === "new" && !context.strict) {
            return this.directReport(scratch.values, context.texts(this), context.todayFor(this), scratch.environment, plan.errorsOnly);
        }
        this.evaluate(scratch, context);
        const texts = context.texts(this);
        if (!plan.errorsOnly) return this.report(scratch, texts, context.mode, context.strict);
        // Two fields of one name: the full report keeps the last one's entry, so project from it.
        if (this.hasRepeatedNames) return fsErrorsReport(this.report(scratch, texts, context.mode, context.strict));
        return this.errorsReport(scratch, texts, context.mode, context.strict);
    },

    /** The full report of the evaluation in `scratch`, with messages from `texts`. */
    report(scratch, texts, mode, strict) {
        const fields = {};
        if (mode === "show") return { form: this.form, valid: true, fields, form_errors: [] };
        const results = scratch.results;
        const activeFields = scratch.activeFields;
        for (let position = 0; position < activeFields.length; position++) {
            const index = activeFields[position];
            const state = scratch.fieldStates[index];
            const shown = new FsShownValue(this, index, scratch.values);
            const checks = this.checklist(index, results, state.resultStart, state.resultEnd, texts, shown);
            const errors = [];
            const warnings = this.collectIssues(index, results, state.resultStart, state.resultEnd,
                scratch.failureMessages, scratch.values, texts, shown, errors);
            const shaped = { valid: errors.length === 0, errors };
            if (warnings !== undefined) shaped.warnings = warnings;
            shaped.checks = checks;
            fsPut(fields, this.fields[index].name, shaped);
        }
        const report = { form: this.form, valid: scratch.valid, fields, form_errors: this.formErrors(scratch, texts, strict) };
        if (mode === "edit") report.changed = scratch.changedFields.map((index) => this.fields[index].name);
        return report;
    },

    /**
     * The `errors` shape of the evaluation in `scratch` (what `fsErrorsReport` makes of the full
     * report), made without the checklists: `{valid}`, then `errors` and `warnings` by field (only
     * fields that have some) and `form_errors`, each left out when empty.
     */
    errorsReport(scratch, texts, mode, strict) {
        // A valid record without a warning: the usual case.
        if (mode === "show" || (scratch.valid && scratch.failedResults === 0)) return { valid: scratch.valid };
        const shaped = { valid: scratch.valid };
        const results = scratch.results;
        const activeFields = scratch.activeFields;
        let errors;
        let warnings;
        for (let position = 0; position < activeFields.length; position++) {
            const index = activeFields[position];
            const state = scratch.fieldStates[index];
            if (state.isValid && !fsHasFailure(results, state.resultStart, state.resultEnd)) continue;
            const fieldErrors = [];
            const fieldWarnings = this.collectIssues(index, results, state.resultStart, state.resultEnd,
                scratch.failureMessages, scratch.values, texts, new FsShownValue(this, index, scratch.values), fieldErrors);
            const name = this.fields[index].name;
            if (fieldErrors.length > 0) fsPut((errors ??= {}), name, fieldErrors);
            if (fieldWarnings !== undefined) fsPut((warnings ??= {}), name, fieldWarnings);
        }
        if (errors !== undefined) shaped.errors = errors;
        if (warnings !== undefined) shaped.warnings = warnings;
        const formErrors = this.formErrors(scratch, texts, strict);
        if (formErrors.length > 0) shaped.form_errors = formErrors;
        return shaped;
    },

    /**
     * Whether `directReport` gives this program's reports: a form of one level without form rules,
     * repeated names or checks, whose rules are all single tests (no `required:` rule, no
     * `all`/`any`/`not`). Most forms are.
     */
    directReportsApply() {
        if (this.isNested || this.hasRepeatedNames || this.formRules.length > 0) return false;
        return this.lowered.instructions.every((instruction) => instruction.test !== undefined);
    },

    /**
     * The report (`errorsOnly`: its `errors` shape) of the values in a new-mode, non-strict
     * validation, for a program `directReportsApply` accepts: what `report` and `errorsReport` make
     * of `evaluate`'s outcome list there, made without the list. A field or rule whose `when:` is
     * false is left out. A field's `required:` line comes first; an empty value fails only that (its rules are not run: text
     * rules that hold for "" pass), an unreadable one only its type (or choice), and a value
     * fails the rules whose test fails, in rule order (`report: first` keeps the first error).
     * `environment` is a scratch's, reused.
     */
    directReport(values, texts, today, environment, errorsOnly) {
        const lowered = this.lowered;
        environment.values = values;
        environment.today = today;
        let valid = true;
        let errors;
        let warnings;
        const fields = errorsOnly ? undefined : {};
        for (let index = 0; index < values.length; index++) {
            const condition = lowered.fieldCondition[index];
            if (condition >= 0 && !lowered.holds(condition, values, "new", today)) continue;
            const field = this.fields[index];
            const value = values[index];
            const first = lowered.fieldStart[index];
            const end = lowered.fieldStart[index + 1];
            const checks = errorsOnly ? undefined : [];
            // What messages show for `{value}`; the `errors` shape needs it only for a failure.
            let shown = errorsOnly ? undefined : new FsShownValue(this, index, values);
            let fieldErrors;
            let fieldWarnings;
            if (field.required) {
                const passed = value.kind !== "empty";
                if (!passed) fieldErrors = [{ rule: "required", message: texts.required[index].render(undefined) }];
                if (checks !== undefined) checks.push({ rule: "required", passed, requirement: shown.render(texts.required[index], true) });
            }
            if (value.kind === "value") {
                const scalar = value.scalar;
                for (let position = first; position < end; position++) {
                    const instruction = lowered.instructions[position];
                    if (instruction.condition >= 0 && !lowered.holds(instruction.condition, values, "new", today)) continue;
                    const passed = instruction.test(scalar, environment);
                    if (checks !== undefined) {
                        checks.push({ rule: this.reportedRuleNames[position], passed, requirement: shown.render(texts.requirements[position], false) });
                    }
                    if (passed || (!instruction.isWarning && fieldErrors !== undefined && field.reportsFirstOnly)) continue;
                    shown ??= new FsShownValue(this, index, values);
                    const issue = { rule: this.reportedRuleNames[position], message: shown.render(texts.messages[position], false) };
                    if (instruction.isWarning) (fieldWarnings ??= []).push(issue);
                    else (fieldErrors ??= []).push(issue);
                }
            } else if (checks !== undefined) {
                const textual = value.kind === "empty" && (field.type === "text" || field.type === "secret");
                for (let position = first; position < end; position++) {
                    const condition = lowered.instructions[position].condition;
                    if (condition >= 0 && !lowered.holds(condition, values, "new", today)) continue;
                    const passed = textual && this.passesOnEmptyText(position);
                    checks.push({ rule: this.reportedRuleNames[position], passed, requirement: shown.render(texts.requirements[position], false) });
                }
            }
            if (value.kind === "invalid") {
                const message = value.rule === "choice" ? texts.choice[index] : texts.type[index];
                fieldErrors = [{ rule: value.rule, message: message.render(undefined) }];
            }
            if (fieldErrors !== undefined) valid = false;
            if (fields !== undefined) {
                const shaped = { valid: fieldErrors === undefined, errors: fieldErrors ?? [] };
                if (fieldWarnings !== undefined) shaped.warnings = fieldWarnings;
                shaped.checks = checks;
                fsPut(fields, field.name, shaped);
                continue;
            }
            if (fieldErrors !== undefined) fsPut((errors ??= {}), field.name, fieldErrors);
            if (fieldWarnings !== undefined) fsPut((warnings ??= {}), field.name, fieldWarnings);
        }
        if (fields !== undefined) return { form: this.form, valid, fields, form_errors: [] };
        const shaped = { valid };
        if (errors !== undefined) shaped.errors = errors;
        if (warnings !== undefined) shaped.warnings = warnings;
        return shaped;
    },

    /** The form errors of the evaluation in `scratch`, in report order. */
    formErrors(scratch, texts, strict) {
        const formErrors = [];
        if (scratch.failedFormRules.length === 0 && !(strict && scratch.unknownKeys.length > 0)) return formErrors;
        this.forEachFormError(scratch.failedFormRules, scratch.unknownKeys, strict, scratch.values, (source) => {
            formErrors.push(this.formError(source, texts));
        });
        return formErrors;
    },

    /**
     * Active field `index`'s report, projected from its outcome list: the checklist (every result,
     * when `withChecks`), the errors and warnings (failed results, `report: first` applied).
     */
    fieldReport(index, results, failures, values, texts, withChecks = true) {
        const shown = new FsShownValue(this, index, values);
        const checks = withChecks ? this.checklist(index, results, 0, results.length, texts, shown) : [];
        const errors = [];
        const warnings = this.collectIssues(index, results, 0, results.length, failures, values, texts, shown, errors) ?? [];
        // `report: first` keeps one error, so a field has errors exactly when it has any.
        return { valid: errors.length === 0, errors, warnings, checks };
    },

    /** The checklist of field `index`'s outcomes `results[start..<end]`: every result's line. */
    checklist(index, results, start, end, texts, shown) {
        const checks = [];
        const first = this.lowered.fieldStart[index];
        for (let position = start; position < end; position++) {
            const result = results[position];
            let name = "required";
            let requirement = texts.required[index];
            if (result.rule >= 0) {
                const at = first + result.rule;
                name = this.reportedRuleNames[at];
                requirement = texts.requirements[at];
            }
            // `required` texts never show the value (it is empty when they fail).
            checks.push({ rule: name, passed: result.outcome === "passed", requirement: shown.render(requirement, name === "required") });
        }
        return checks;
    },

    /**
     * The one projection of a field's outcomes (`results[start..<end]`) to its issues in report
     * order: the failed results, then the failure of an unreadable value; `report: first` keeps
     * only the first error. Appends the errors to `errors` and returns the warnings (undefined
     * when there is none). `shown`: what messages show for `{value}` (an FsShownValue).
     */
    collectIssues(index, results, start, end, failures, values, texts, shown, errors) {
        const lowered = this.lowered;
        const first = lowered.fieldStart[index];
        const firstOnly = this.fields[index].reportsFirstOnly;
        let warnings;
        let errorCount = 0;
        for (let position = start; position < end; position++) {
            const result = results[position];
            if (result.outcome !== "failed") continue;
            const isWarning = result.rule >= 0 && lowered.instructions[first + result.rule].isWarning;
            if (!isWarning) {
                if (firstOnly && errorCount > 0) continue;
                errorCount += 1;
            }
            let issue;
            if (result.failure >= 0) {
                issue = { rule: "check", message: failures[result.failure] };
            } else if (result.rule < 0) {
                issue = { rule: "required", message: texts.required[index].render(undefined) };
            } else {
                const at = first + result.rule;
                const name = this.reportedRuleNames[at];
                issue = { rule: name, message: shown.render(texts.messages[at], name === "required") };
            }
            if (isWarning) (warnings ??= []).push(issue);
            else errors.push(issue);
        }
        // Every other rule was not run, so this is the only error besides none.
        const value = values[index];
        if (value.kind === "invalid" && !(firstOnly && errorCount > 0)) {
            const message = value.rule === "choice" ? texts.choice[index] : texts.type[index];
            errors.push({ rule: value.rule, message: message.render(undefined) });
        }
        return warnings;
    },

    /**
     * The form errors in report order: failed form rules, then (strict) unknown keys, each masked
     * when it contains a secret's value (`shownKey`).
     */
    forEachFormError(failedFormRules, unknownKeys, strict, values, body) {
        for (const index of failedFormRules) body({ kind: "formRule", index });
        if (strict) for (const key of unknownKeys) body({ kind: "unknownKey", key: this.shownKey(key, values) });
    },

    /** `Program.shownKey`: an unknown key, or fsMaskedValue when it contains a secret's value as written. */
    shownKey(key, values) {
        for (const field of this.secretFields) {
            const secret = values[field];
            if (secret.kind !== "value") continue;
            const hidden = fsScalarTextValue(secret.scalar);
            if (hidden.length > 0 && key.includes(hidden)) return fsMaskedValue;
        }
        return key;
    },

    /** A form error as a report lists it. */
    formError(source, texts) {
        if (source.kind === "formRule") {
            return { rule: this.formRules[source.index].name, message: texts.formMessages[source.index].render(undefined) };
        }
        return { rule: "unknown_field", message: texts.unknownField.render({ kind: "text", value: source.key }) };
    },

    /**
     * What a message's `{value}` shows for field `index` (`Program.shownValue`): its value, masked
     * when, as a message writes it, it contains a secret field's value in any letter case.
     */
    shownValue(index, values) {
        const value = values[index];
        if (value.kind !== "value") return undefined;
        const scalar = value.scalar;
        if (this.secretFields.length === 0) return scalar;
        const shown = fsScalarDescription(scalar);
        const number = fsScalarDecimal(scalar);
        for (const other of this.secretFields) {
            if (other === index) continue;
            const secret = values[other];
            if (secret.kind !== "value") continue;
            const hidden = fsScalarTextValue(secret.scalar);
            if (hidden.length > 0 && CaseFolding.contains(shown, hidden)) return { kind: "text", value: fsMaskedValue };
            // A number typed as the secret is written (`012` for a PIN of 12) is it.
            if (number !== null && hidden.length > 0) {
                const typed = fsDecimalNumber(hidden);
                if (typed !== null && typed.exact.compare(number) === 0) return { kind: "text", value: fsMaskedValue };
            }
        }
        return scalar;
    },

    /**
     * An external check's reason for failing (`Program.maskingSecrets`): each occurrence of a
     * secret field's value, as written, replaced by fsMaskedValue.
     */
    maskingSecrets(reason, values) {
        let masked = reason;
        for (const field of this.secretFields) {
            const secret = values[field];
            if (secret.kind !== "value") continue;
            const hidden = fsScalarTextValue(secret.scalar);
            if (hidden.length > 0) masked = masked.split(hidden).join(fsMaskedValue);
        }
        return masked;
    },
});

/**
 * What a field's messages show for `{value}` (`shownValue`), worked out only when a message has
 * the placeholder (most texts are fixed).
 */
class FsShownValue {
    constructor(program, index, values) {
        this.program = program;
        this.index = index;
        this.values = values;
        this.known = false;
        this.scalar = undefined;
    }

    /** A RenderedText with the value filled in; `hidden`: a text that never shows it (`required`). */
    render(text, hidden) {
        if (text.text !== undefined) return text.text;
        if (hidden) return text.render(undefined);
        if (!this.known) {
            this.scalar = this.program.shownValue(this.index, this.values);
            this.known = true;
        }
        return text.render(this.scalar);
    }
}

/** Whether one of `results[start..<end]` failed. */
function fsHasFailure(results, start, end) {
    for (let position = start; position < end; position++) if (results[position].outcome === "failed") return true;
    return false;
}

/** Throws unless `locale` is a language tag's text (or absent): `5` used to fail deep inside. */
function fsCheckLocale(locale) {
    if (locale != null && typeof locale !== "string") {
        throw new FormSpecError('locale must be a language tag (a string), like "en" or "zh-Hant"');
    }
}

/** The EvaluationContext of `validate`'s options (see 90-exports.js). */
function fsEvaluationContext(program, options) {
    options = fsOwnOptions(options);
    let original = options.original;
    if (original != null) original = typeof original === "string" ? fsParseInput(original) : fsValueFromJS(original);
    else original = undefined;
    const mode = options.mode ?? (original !== undefined ? "edit" : "new");
    if (mode !== "new" && mode !== "edit" && mode !== "show") throw new FormSpecError("mode must be new, edit or show");
    let today;
    if (options.today != null) {
        today = typeof options.today === "string" ? CivilDate.parseISO(options.today) : null;
        if (today == null) throw new FormSpecError("today must be a date written YYYY-MM-DD, like 2025-01-31");
    }
    fsCheckLocale(options.locale);
    const stubs = options.stubs;
    if (stubs != null) {
        if (typeof stubs !== "object" || Array.isArray(stubs)) {
            throw new FormSpecError("stubs must be an object of check names and outcomes, like { \"coupon\": true }");
        }
        // As the CLI's --stub: a stub must name a check the form uses (a typo would stub nothing).
        for (const name of Object.keys(stubs)) {
            if (!program.checkNames.includes(name)) {
                throw new FormSpecError(`stubs: the spec has no external check named '${name}'`);
            }
        }
    }
    const resolve = options.checks;
    const checks = (check, field, value) => {
        const answer = resolve?.(check, field, value);
        if (typeof answer === "boolean") return answer;
        if (stubs != null && fsHas(stubs, check) && typeof stubs[check] === "boolean") return stubs[check];
        return undefined;
    };
    return new EvaluationContext({
        locale: options.locale ?? undefined, mode, original, strict: options.strict === true, today, checks,
    });
}

/** `validate`: the report of `value` (a Value) in the shape `options.report` asks for. */
function fsValidate(program, value, options) {
    return program.validateValue(value, fsValidationPlan(program, options));
}

/**
 * `validate` of a JS value: for a form without groups or lists, a plain object's members are read
 * straight into the fields' slots; anything else is made a Value first (`fsValueFromJS`). Errors
 * and their order are `fsValidate(program, fsValueFromJS(input), options)`'s: options that throw
 * take that path, which reports the input's own errors first.
 */
function fsValidateJS(program, input, options) {
    if (!program.isNested && typeof input === "object" && input !== null && !Array.isArray(input) &&
        typeof input.toJSON !== "function") {
        let plan;
        try {
            plan = fsValidationPlan(program, options);
        } catch {
            plan = undefined;
        }
        if (plan !== undefined) {
            // The module's own validator for its form, when the emitter wrote one (below).
            if (typeof VALIDATE_REPORT === "function") {
                const report = fsGeneratedReport(program, input, plan);
                if (report !== undefined) return report;
            }
            return program.validateObject(input, plan);
        }
    }
    return fsValidate(program, fsValueFromJS(input), options);
}

/**
 * `validate`'s options prepared: `{errorsOnly, context}` (the EvaluationContext of
 * `fsEvaluationContext`). A page validates with the same options again and again, so the last
 * plan is kept and reused while the options hold the same values: an `original` (a value the
 * caller may change between calls) is read anew each time.
 */
function fsValidationPlan(program, options) {
    options = fsOwnOptions(options);
    const report = options.report ?? "full";
    const locale = options.locale ?? undefined;
    const mode = options.mode ?? undefined;
    const today = options.today ?? undefined;
    const strict = options.strict === true;
    const stubs = options.stubs ?? undefined;
    const checks = options.checks ?? undefined;
    const last = program.lastPlan;
    if (last !== undefined && options.original == null && last.report === report && last.locale === locale &&
        last.mode === mode && last.today === today && last.strict === strict && last.stubs === stubs &&
        last.checks === checks) {
        return last;
    }
    if (report !== "full" && report !== "errors") throw new FormSpecError("report must be full or errors");
    const plan = { errorsOnly: report === "errors", context: fsEvaluationContext(program, options) };
    // Only options whose meaning cannot change between calls are kept: primitives, and the stubs
    // and checks objects, which the context reads at each check.
    const kept = (value) => value === undefined || typeof value === "string";
    if (options.original == null && kept(locale) && kept(mode) && kept(today)) {
        Object.assign(plan, { report, locale, mode, today, strict, stubs, checks });
        program.lastPlan = plan;
    }
    return plan;
}

/**
 * A full report in its short form (`--report errors`): `{valid}`, then `errors` and `warnings` by
 * field (only fields that have some) and `form_errors`, each left out when empty.
 */
function fsErrorsReport(report) {
    const shaped = { valid: report.valid };
    for (const key of ["errors", "warnings"]) {
        let issues;
        for (const name of Object.keys(report.fields)) {
            const list = report.fields[name][key];
            if (list === undefined || list.length === 0) continue;
            issues ??= {};
            fsPut(issues, name, list);
        }
        if (issues !== undefined) shaped[key] = issues;
    }
    if (report.form_errors.length > 0) shaped.form_errors = report.form_errors;
    return shaped;
}

/**
 * A report (either shape) as compact JSON: the bytes Swift's `Report.json` writes, members in the
 * order the report holds them, strings escaped as JSONWriter.appendString does.
 */
function fsReportJSON(report) {
    if (typeof report === "string") return fsJSONString(report);
    if (typeof report === "boolean") return report ? "true" : "false";
    if (Array.isArray(report)) {
        let out = "[";
        for (let index = 0; index < report.length; index++) out += (index > 0 ? "," : "") + fsReportJSON(report[index]);
        return out + "]";
    }
    if (report === null || typeof report !== "object") return "null";
    let out = "{";
    let first = true;
    for (const key of Object.keys(report)) {
        if (report[key] === undefined) continue;
        out += (first ? "" : ",") + fsJSONString(key) + ":" + fsReportJSON(report[key]);
        first = false;
    }
    return out + "}";
}

// The emitter's `generated-validator` feature: what a module with its form's own validator
// (`VALIDATE_REPORT`, JavaScriptValidatorEmitter.swift) uses; the others leave it out.
/*! @feature generated-validator */

/**
 * The report of the module's own validator (`VALIDATE_REPORT`, written by the emitter for a form
 * whose every rule it can write out) for the case it serves, new mode, not strict (either shape),
 * or undefined: the validator left this input to the evaluator, or the case is another.
 */
function fsGeneratedReport(program, input, plan) {
    const call = (plan.generated ??= fsGeneratedCall(program, plan));
    return call === null ? undefined : VALIDATE_REPORT(input, call);
}

/**
 * What `VALIDATE_REPORT` is given for a plan, worked out once: `{texts, kit, messages,
 * requirements, full}`, or null for a plan it does not serve (edit or show mode, strict, or a
 * message or requirement that shows a value).
 */
function fsGeneratedCall(program, plan) {
    const context = plan.context;
    if (context.mode !== "new" || context.strict) return null;
    const kit = (program.generatedKit ??= fsGeneratedKit(program));
    const texts = context.texts(program);
    const messages = kit.messages(texts);
    const requirements = plan.errorsOnly ? messages : kit.requirements(texts);
    if (messages === null || requirements === null) return null;
    return { texts, kit, messages, requirements, full: !plan.errorsOnly };
}

/**
 * What the emitter's `VALIDATE_REPORT` uses of the runtime (whose names are minified): `dfa(field,
 * rule)`, the matcher of a pattern rule of one DFA (its `isMatchText(text)`, `fsASCIIMatcher`); `rule(field, rule)`, a
 * text rule (its `passes(text)`); `trimmed(text)`, a `trim: true` field's text; `graphemes(text)`, a
 * text's length in graphemes; `equal(a, b)`, whether two texts are equal as `same_as` compares them
 * (a lone surrogate is U+FFFD, as in the texts the runtime reads);
 * `messages(texts)`, `requirements(texts)` and `emptyPasses` (below).
 */
function fsGeneratedKit(program) {
    return {
        dfa: (field, rule) => fsASCIIMatcher(program.fields[field].rules[rule].rule.rule.pattern.conjuncts[0].main.dfa),
        rule: (field, rule) => program.fields[field].rules[rule].rule.rule,
        trimmed: fsFieldTypeTrimmed,
        graphemes: (text) => LengthRule.asciiGraphemeCount(text) ?? fsGraphemeCount(text),
        // Texts that differ and are both well formed are not equal; a lone surrogate is U+FFFD.
        equal: (a, b) => a === b || !(a.isWellFormed() && b.isWellFormed()) &&
            fsScalarEquals({ kind: "text", value: a.toWellFormed() }, { kind: "text", value: b.toWellFormed() }, false),
        /** The rules' messages by position in `texts`' locale, or null when one shows a value. */
        messages: (texts) => (texts.fixedMessages ??= fsFixedTexts(texts.messages)),
        /** Their requirements (checklist lines) likewise. */
        requirements: (texts) => (texts.fixedRequirements ??= fsFixedTexts(texts.requirements)),
        /** By rule position, whether the rule passes for an empty text (its checklist line then). */
        emptyPasses: program.lowered.instructions.map((_, position) => program.passesOnEmptyText(position)),
    };
}

/** Each text's fixed string, or null when one shows a value (RenderedText). */
function fsFixedTexts(texts) {
    const fixed = texts.map((text) => text.text);
    return fixed.includes(undefined) ? null : fixed;
}

