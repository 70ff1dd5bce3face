// Reports: Evaluation/Report.swift, ReportProjection.swift and the report writer of
// JSON/JSONWriter.swift. A report is a plain object shaped as the JSON document Swift writes
// (`warnings` only when there is one, `changed` only in edit mode), so `fsReportJSON` writes its
// members in order.
//
// Names this piece declares:
//   fsValidate(program, value, options)   `validate`: the report for `options.report` ("full", the
//                                         default, or "errors"); throws FormSpecError. Internal
//                                         option `checks(check, fieldName, scalar)` -> true |
//                                         false | undefined answers checks before `stubs`.
//   fsReportJSON(report)                  Report.json(.full | .errors)'s bytes, as a string
//   fsErrorsReport(report)                a full report's `errors` shape (Report.json(.errors))
//   fsEvaluationContext(program, options) the EvaluationContext of `validate`'s options
//   program.validate(value, context)      the full report (Program.validate)
//   program.report(scratch, texts, mode, strict)   the full report of an evaluated scratch
//   program.fieldReport(index, results, failures, values, texts, withChecks = true)
//       -> {valid, errors, warnings, checks} (all four always present, as Swift's FieldReport)
//   program.forEachIssue(index, results, values, warnings, body(source, isWarning))
//       source: {kind: "result", result} | {kind: "invalidValue", rule}; warnings: true | false | undefined
//   program.forEachFormError(failedFormRules, unknownKeys, strict, body(source))
//       source: {kind: "formRule", index} | {kind: "unknownKey", key}
//   program.formError(source, texts) -> {rule, message}
//   program.shownValue(index, values) -> Scalar | undefined (a secret's value masked)

/** What stands in a message for a value that must not be shown. */
const fsMaskedValue = "••••";

Object.assign(Program.prototype, {
    /** Validates one input object (a Value) under `context`: the full report. */
    validate(input, context) {
        if (!(input instanceof FsObject)) throw fsNotAnObject(input);
        const scratch = new EvaluationScratch(this, context.today);
        scratch.load(input.members, this, context.today, context.strict);
        this.evaluate(scratch, context);
        return this.report(scratch, context.texts(this), context.mode, context.strict);
    },

    /** The full report of the evaluation in `scratch`, with messages from `texts`. */
    report(scratch, texts, mode, strict) {
        const fields = {};
        if (mode === "show") return { form: this.form, valid: true, fields, form_errors: [] };
        for (const index of scratch.activeFields) {
            const report = this.fieldReport(index, scratch.resultsOf(index), scratch.failureMessages, scratch.values, texts);
            const shaped = { valid: report.valid, errors: report.errors };
            if (report.warnings.length > 0) shaped.warnings = report.warnings;
            shaped.checks = report.checks;
            fsPut(fields, this.fields[index].name, shaped);
        }
        const formErrors = [];
        this.forEachFormError(scratch.failedFormRules, scratch.unknownKeys, strict, (source) => {
            formErrors.push(this.formError(source, texts));
        });
        const report = { form: this.form, valid: scratch.valid, fields, form_errors: formErrors };
        if (mode === "edit") report.changed = scratch.changedFields.map((index) => this.fields[index].name);
        return report;
    },

    /**
     * Active field `index`'s report, projected from its outcome list: the checklist (every result,
     * when `withChecks`), the errors and warnings (failed results, `report: first` applied).
     */
    fieldReport(index, results, failures, values, texts, withChecks = true) {
        const scalar = this.shownValue(index, values);
        const first = this.lowered.fieldStart[index];
        const checks = [];
        if (withChecks) {
            for (const result of results) {
                const line = this.line(result, index, first, texts);
                // `required` texts never show the value (it is empty when they fail).
                const shown = line.name === "required" ? undefined : scalar;
                checks.push({ rule: line.name, passed: result.outcome === "passed", requirement: line.requirement.render(shown) });
            }
        }
        const errors = [];
        const warnings = [];
        this.forEachIssue(index, results, values, undefined, (source, isWarning) => {
            let issue;
            if (source.kind === "invalidValue") {
                const message = source.rule === "choice" ? texts.choice[index] : texts.type[index];
                issue = { rule: source.rule, message: message.render(undefined) };
            } else if (source.result.failure >= 0) {
                issue = { rule: "check", message: failures[source.result.failure] };
            } else {
                const line = this.line(source.result, index, first, texts);
                issue = { rule: line.name, message: line.message.render(line.name === "required" ? undefined : scalar) };
            }
            (isWarning ? warnings : errors).push(issue);
        });
        // `report: first` keeps one error, so a field has errors exactly when it has any.
        return { valid: errors.length === 0, errors, warnings, checks };
    },

    /**
     * The one projection of a field's outcomes to its errors and warnings, in report order: the
     * failed results, then the failure of an unreadable value; `report: first` keeps only the
     * first error. `warnings`: only warnings (true), only errors (false), or both (undefined).
     */
    forEachIssue(index, results, values, warnings, body) {
        const first = this.lowered.fieldStart[index];
        const firstOnly = this.fields[index].reportsFirstOnly;
        let errors = 0;
        for (const result of results) {
            if (result.outcome !== "failed") continue;
            const isWarning = result.rule >= 0 && this.lowered.instructions[first + result.rule].isWarning;
            if (warnings !== undefined && warnings !== isWarning) continue;
            if (!isWarning) {
                if (firstOnly && errors > 0) continue;
                errors += 1;
            }
            body({ kind: "result", result }, isWarning);
        }
        // Every other rule was not run, so this is the only error besides none.
        const value = values[index];
        if (warnings !== true && value.kind === "invalid" && !(firstOnly && errors > 0)) {
            body({ kind: "invalidValue", rule: value.rule }, false);
        }
    },

    /** The form errors in report order: failed form rules, then (strict) unknown keys. */
    forEachFormError(failedFormRules, unknownKeys, strict, body) {
        for (const index of failedFormRules) body({ kind: "formRule", index });
        if (strict) for (const key of unknownKeys) body({ kind: "unknownKey", key });
    },

    /** A form error as a report lists it. */
    formError(source, texts) {
        if (source.kind === "formRule") {
            return { rule: this.formRules[source.index].name, message: texts.formMessages[source.index].render(undefined) };
        }
        return { rule: "unknown_field", message: texts.unknownField.render({ kind: "text", value: source.key }) };
    },

    /** The name and texts of one checklist line. */
    line(result, index, first, texts) {
        if (result.rule < 0) return { name: "required", requirement: texts.required[index], message: texts.required[index] };
        const position = first + result.rule;
        // A `required` rule reports as `required` whatever it is called.
        const name = this.lowered.instructions[position].op === "required" ? "required" : this.fields[index].rules[result.rule].name;
        return { name, requirement: texts.requirements[position], message: texts.messages[position] };
    },

    /**
     * What a message's `{value}` shows for field `index`: its value, masked when it is exactly the
     * value of a secret field of the same record.
     */
    shownValue(index, values) {
        const value = values[index];
        if (value.kind !== "value") return undefined;
        const scalar = value.scalar;
        if (scalar.kind !== "text") return scalar;
        for (const other of this.secretFields) {
            if (other === index) continue;
            const secret = values[other];
            if (secret.kind === "value" && fsScalarExactlyEquals(secret.scalar, scalar)) return { kind: "text", value: fsMaskedValue };
        }
        return scalar;
    },
});

/** The EvaluationContext of `validate`'s options (see 90-exports.js). */
function fsEvaluationContext(program, options) {
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
    const stubs = options.stubs;
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
    options ??= {};
    const shape = options.report ?? "full";
    if (shape !== "full" && shape !== "errors") throw new FormSpecError("report must be full or errors");
    const report = program.validate(value, fsEvaluationContext(program, options));
    return shape === "errors" ? fsErrorsReport(report) : report;
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
