// The evaluator: Evaluation/Evaluator.swift, EvaluationScratch.swift, EvaluationContext.swift,
// FieldEvaluation.swift. One `EvaluationScratch` holds a record's field values and, after an
// evaluation, every active field's outcome list; reports (70-report.js) and the live form
// (80-live.js) are projections of it.
//
// Internal API (what the live form uses; Swift's names):
//   new EvaluationScratch(program, today)   values = each field's default (FieldValues);
//       .values .unknownKeys .checkAnswers ([{field, check, answer}], answer: {kind: "passed" |
//       "failed" | "pending"} or {kind: "failure", message}) .collectsUnanswered (false: a check
//       without an answer throws) .valid .results ([{rule, outcome, failure}] up to .resultCount,
//       entries reused by the next pass: rule -1 is the field's own `required:`, outcome "passed" |
//       "failed" | "pending" | "notRun", failure an index into .failureMessages or -1)
//       .failedResults .activeFields .failedFormRules
//       .changedFields .failureMessages .unanswered ([{check, field, value}])
//       resultsOf(field) (a copy of this evaluation's outcome list of a field, [] when not evaluated),
//       isActive(field), isValid(field), reset(program, today), load(members, program, today,
//       collectUnknownKeys), fillDefaults(program, seen, today)
//   new EvaluationContext({locale, mode, original, strict, today, checks})   checks:
//       (check, fieldName, scalar) => true | false | undefined (unanswered); .today (the date
//       given, else the current date, read on first use), todayFor(program) (undefined when the
//       program reads no date), forgetToday(), texts(program)
//   program.record(value) -> {values, unknownKeys}      an input object split into field slots
//   program.readOriginal(value, today)                  edit mode's original values (FieldValues)
//   program.evaluate(scratch, context)                  the whole record (throws FormSpecError)
//   program.evaluateLiveField(index, scratch, mode, today)   one field, checks answered only by
//       scratch.checkAnswers, unanswered ones collected (set scratch.collectsUnanswered) -> active
//   program.evaluateFormRules(scratch, mode, changed, today)   the form rules alone
//   program.formRulePasses(rule, index, scratch, mode, today)
//   fsFieldValueIsSame(a, b) (40-values.js) for dirtiness; report pieces in 70-report.js.
// Modes are the strings "new", "edit", "show"; `today` is a CivilDate.

/** What Swift's `EvaluationError` says, as the `FormSpecError` `validate` throws. */
function fsNotAnObject(value) {
    return new FormSpecError(`input must be an object, not ${fsValueKindDescription(value)}`);
}

/** Swift's words, and what gives a check's outcome here: `validate`'s `stubs` option. */
function fsUnresolvedCheck(check, field) {
    return new FormSpecError(
        `external check '${check}' (field '${field}') has no outcome: give it in the options, as stubs: { ${JSON.stringify(check)}: true } (or false)`);
}

/** Empties `list` (setting an array's length costs even when it is already 0). */
function fsClear(list) {
    if (list.length !== 0) list.length = 0;
}

/** A resolver that answers nothing (a live form answers through `scratch.checkAnswers`). */
const fsNoResolver = () => undefined;

/**
 * Per-call settings of a validation: locale (undefined for the spec's), mode, original values (a
 * Value, edit mode), strictness, today (a CivilDate) and the external checks' resolver.
 */
class EvaluationContext {
    constructor({ locale, mode = "new", original, strict = false, today, checks = fsNoResolver } = {}) {
        this.locale = locale;
        this.mode = mode;
        this.original = original;
        this.strict = strict;
        // The date given, else the current date read when first needed (`today`); `forgetToday`
        // lets a context reused by the next validation read it again.
        this.givenToday = today ?? undefined;
        this.todayValue = this.givenToday;
        this.checks = checks;
        // The original values read as one program's fields (`originalValues`), worked out once.
        this.originalProgram = undefined;
        this.originalRead = undefined;
        // `texts`, worked out once.
        this.textsProgram = undefined;
        this.textsRead = undefined;
    }

    /** The date relative rules count from (a CivilDate). */
    get today() {
        return (this.todayValue ??= CivilDate.today());
    }

    /** Forgets the current date an earlier validation read, so the next one reads it anew. */
    forgetToday() {
        if (this.givenToday !== undefined) return;
        this.todayValue = undefined;
        // Relative defaults among the original values count from the date just forgotten.
        this.originalProgram = undefined;
    }

    /** `today` when `program` reads it, else undefined (the current date is not read for nothing). */
    todayFor(program) {
        return program.readsToday ? this.today : undefined;
    }

    /** The message locales for `program`. */
    localeChain(program) {
        return this.locale == null ? program.defaultChain : new LocaleChain(this.locale, program.locale);
    }

    /** `program`'s texts in this context's locale. */
    texts(program) {
        if (this.textsProgram !== program) {
            this.textsRead = program.texts(this.localeChain(program));
            this.textsProgram = program;
        }
        return this.textsRead;
    }

    /** The original values of edit mode read as `program`'s field types. Throws for a non-object. */
    originalValues(program) {
        if (this.originalProgram !== program) {
            this.originalRead = program.readOriginal(this.original, this.todayFor(program));
            this.originalProgram = program;
        }
        return this.originalRead;
    }
}

/** Reusable buffers for evaluating records against one program (EvaluationScratch.swift). */
class EvaluationScratch {
    constructor(program, today) {
        // Input.
        this.values = program.defaultValues.slice();
        this.unknownKeys = [];
        this.checkAnswers = [];
        this.collectsUnanswered = false;
        // Output. `results` is a pool: entries from `resultCount` on are stale ones kept for reuse.
        this.valid = true;
        this.results = [];
        this.resultCount = 0;
        this.failedResults = 0;
        // Per field: where its results are in `results`, whether it is active and valid, and the
        // pass that wrote it (a state from an earlier pass no longer points into `results`).
        this.fieldStates = program.fields.map(() => ({ resultStart: 0, resultEnd: 0, isActive: false, isValid: true, pass: 0 }));
        this.pass = 0;
        this.activeFields = [];
        this.failedFormRules = [];
        this.changedFields = [];
        this.failureMessages = [];
        this.unanswered = [];
        // The failure message index of the rule `run` last decided (Swift returns it with the verdict).
        this.failure = -1;
        // The rule environment `evaluate` passes (RuleEnvironment), reused.
        this.environment = { values: this.values, today: undefined, checks: fsNoResolver };
        if (program.relativeDefaultFields.length > 0) this.fillDefaults(program, undefined, today);
    }

    /** Every field back to its default; unknown keys and check answers forgotten. */
    reset(program, today) {
        this.fillDefaults(program, undefined, today);
        this.clearRecordLists();
    }

    /**
     * Fills the slots from an input object's members (`[key, value]` pairs): `reset`, then each
     * member that names a field read as its type; the others listed in `unknownKeys` when
     * `collectUnknownKeys` (strict mode).
     */
    load(members, program, today, collectUnknownKeys) {
        this.reset(program, today);
        if (program.isNested) {
            program.visitNested(
                members, (index, value) => { this.values[index] = program.read(value, index, today); },
                (key) => { if (collectUnknownKeys) this.unknownKeys.push(key); });
            return;
        }
        for (const [key, value] of members) {
            const index = program.fieldIndex.get(key);
            if (index !== undefined) this.values[index] = program.read(value, index, today);
            else if (collectUnknownKeys) this.unknownKeys.push(key);
        }
    }

    clearRecordLists() {
        fsClear(this.unknownKeys);
        fsClear(this.checkAnswers);
    }

    /** Each field's default into its slot, except the fields `seen` marks; relative dates from `today`. */
    fillDefaults(program, seen, today) {
        const defaults = program.defaultValues;
        for (let index = 0; index < this.values.length; index++) if (!seen?.[index]) this.values[index] = defaults[index];
        if (program.relativeDefaultFields.length === 0) return;
        today ??= CivilDate.today();
        for (const index of program.relativeDefaultFields) {
            if (!seen?.[index]) this.values[index] = program.defaultValue(index, today);
        }
    }

    /**
     * Field `field`'s outcome list (copies, the scratch reuses its own): empty when it is inactive
     * or was not evaluated by the last evaluation.
     */
    resultsOf(field) {
        const state = this.fieldStates[field];
        const list = [];
        if (state.pass !== this.pass) return list;
        for (let position = state.resultStart; position < state.resultEnd; position++) {
            const result = this.results[position];
            list.push({ rule: result.rule, outcome: result.outcome, failure: result.failure });
        }
        return list;
    }

    /** Appends an outcome `{rule, outcome, failure}` to `results`, reusing a stale entry. */
    addResult(rule, outcome, failure) {
        const results = this.results;
        const count = this.resultCount++;
        if (count < results.length) {
            const result = results[count];
            result.rule = rule;
            result.outcome = outcome;
            result.failure = failure;
        } else {
            results.push({ rule, outcome, failure });
        }
    }

    /** Empties the outcome lists for a new evaluation. */
    startPass() {
        this.resultCount = 0;
        this.failedResults = 0;
        fsClear(this.failureMessages);
        fsClear(this.unanswered);
        this.pass += 1;
    }

    isActive(field) { return this.fieldStates[field].isActive; }

    /** Whether field `field` has no error (an inactive field counts as valid). */
    isValid(field) { return this.fieldStates[field].isValid; }

    /** Marks field `field` inactive in this pass, with an empty result range at `position`. */
    setInactive(field, position) {
        const state = this.fieldStates[field];
        state.resultStart = state.resultEnd = position;
        state.isActive = false;
        state.isValid = true;
        state.pass = this.pass;
    }

    /** The answer supplied for check `name` on field `field`, if any. */
    answer(field, name) {
        for (const entry of this.checkAnswers) if (entry.field === field && entry.check === name) return entry.answer;
        return undefined;
    }
}

Object.assign(Program.prototype, {
    /** The input object's values split into per-field slots: `{values: (Value|undefined)[], unknownKeys}`. */
    record(input) {
        if (!(input instanceof FsObject)) throw fsNotAnObject(input);
        const record = { values: new Array(this.fields.length).fill(undefined), unknownKeys: [] };
        if (this.isNested) {
            this.visitNested(input.members, (index, value) => { record.values[index] = value; }, (key) => { record.unknownKeys.push(key); });
            return record;
        }
        for (const [key, value] of input.members) {
            const index = this.fieldIndex.get(key);
            if (index !== undefined) record.values[index] = value;
            else record.unknownKeys.push(key);
        }
        return record;
    },

    /** The original values of edit mode read as the fields' types (defaults for missing ones). */
    readOriginal(original, today) {
        if (original === undefined) {
            return this.relativeDefaultFields.length === 0 ? this.defaultValues : this.fields.map((_, index) => this.defaultValue(index, today));
        }
        const record = this.record(original);
        return record.values.map((raw, index) => this.read(raw, index, today));
    },

    /**
     * Evaluates the record in `scratch.values`: every active field's outcome list, the failing form
     * rules, edit mode's changed fields, and whether the record is valid.
     */
    evaluate(scratch, context) {
        scratch.startPass();
        fsClear(scratch.failedFormRules);
        fsClear(scratch.changedFields);
        const mode = context.mode;
        if (mode === "edit") {
            const original = context.originalValues(this);
            for (let index = 0; index < this.fields.length; index++) {
                // A field of a list item that does not exist is no change (Swift's evaluator).
                if (!fsFieldValueIsSame(scratch.values[index], original[index])
                    && (!this.isNested || this.isInExistingItems(index, scratch.values))) scratch.changedFields.push(index);
            }
        }
        const activeFields = scratch.activeFields;
        if (mode === "show") {
            for (let index = 0; index < this.fields.length; index++) scratch.setInactive(index, 0);
            fsClear(activeFields);
            scratch.valid = true;
            return;
        }
        let valid = true;
        const today = context.todayFor(this);
        const environment = scratch.environment;
        environment.values = scratch.values;
        environment.today = today;
        environment.checks = context.checks;
        // The active fields overwrite the last record's in place (most records have the same).
        let activeCount = 0;
        for (let index = 0; index < this.fields.length; index++) {
            if (!this.runField(index, scratch, environment, mode)) valid = false;
            if (scratch.fieldStates[index].isActive) activeFields[activeCount++] = index;
        }
        if (activeFields.length !== activeCount) activeFields.length = activeCount;
        for (let index = 0; index < this.formRules.length; index++) {
            if (!this.formRulePasses(this.formRules[index], index, scratch, mode, today)) scratch.failedFormRules.push(index);
        }
        scratch.valid = valid && scratch.failedFormRules.length === 0 && !(context.strict && scratch.unknownKeys.length > 0);
    },

    /**
     * Evaluates field `index` alone for a live form (FieldEvaluation.swift): checks are answered
     * only by `scratch.checkAnswers`; the scratch must collect the unanswered ones.
     */
    evaluateLiveField(index, scratch, mode, today) {
        scratch.startPass();
        if (mode === "show") {
            scratch.setInactive(index, 0);
            return false;
        }
        const environment = { values: scratch.values, today, checks: fsNoResolver };
        try {
            this.runField(index, scratch, environment, mode);
        } catch (error) {
            // Only an unanswered check throws, and the scratch collects those instead.
            if (error instanceof FormSpecError) return false;
            throw error;
        }
        return scratch.isActive(index);
    },

    /** Evaluates only the form rules into `scratch.failedFormRules` (`changed`: edit mode's changed fields). */
    evaluateFormRules(scratch, mode, changed, today) {
        fsClear(scratch.failedFormRules);
        if (mode === "show") return;
        fsClear(scratch.changedFields);
        scratch.changedFields.push(...changed);
        this.formRules.forEach((rule, index) => {
            if (!this.formRulePasses(rule, index, scratch, mode, today)) scratch.failedFormRules.push(index);
        });
    },

    /** Whether form rule `index` holds (or does not apply) for the values in `scratch`. */
    formRulePasses(rule, index, scratch, mode, today) {
        if (!this.lowered.holds(this.lowered.formRuleCondition[index], scratch.values, mode, today)) return true;
        if (rule.kind.kind === "requireChanges") {
            // A change only counts on a field the form shows (its `when:` holds).
            return mode !== "edit" || scratch.changedFields.some((field) =>
                this.lowered.holds(this.lowered.fieldCondition[field], scratch.values, mode, today));
        }
        return rule.kind.fields.some((field) => scratch.values[field].kind !== "empty");
    },

    /**
     * Swift's `requiredRuleHolding`: the position of the first `required` rule in `first..<end`
     * whose `when:` holds, an error before a warning (a recommendation never lifts a requirement).
     */
    requiredRuleHolding(first, end, values, mode, today) {
        const lowered = this.lowered;
        let warning;
        for (let position = first; position < end; position++) {
            const instruction = lowered.instructions[position];
            if (instruction.code !== FS_OP_REQUIRED || !lowered.holds(instruction.condition, values, mode, today)) continue;
            if (!instruction.isWarning) return position;
            warning ??= position;
        }
        return warning;
    },

    /** Appends field `index`'s outcome list to `scratch.results`; returns whether the field is valid. */
    runField(index, scratch, environment, mode) {
        const lowered = this.lowered;
        const start = scratch.resultCount;
        const values = environment.values;
        const today = environment.today;
        const condition = lowered.fieldCondition[index];
        if (condition >= 0 && !lowered.holds(condition, values, mode, today)) {
            scratch.setInactive(index, start);
            return true;
        }
        const first = lowered.fieldStart[index];
        const end = lowered.fieldStart[index + 1];
        const value = values[index];

        // A `required: true` rule with a `when:` makes the field required only while it holds; the
        // field's own `required:` and a rule that is an error come before a warning's.
        let required = this.fields[index].required ? -1 : undefined;
        if (lowered.hasRequiredRule[index]) {
            const position = this.requiredRuleHolding(first, end, values, mode, today);
            if (position !== undefined && (required === undefined || !lowered.instructions[position].isWarning)) {
                required = position - first;
            }
        }
        let valid = true;
        if (required !== undefined) {
            const passed = value.kind !== "empty";
            scratch.addResult(required, passed ? "passed" : "failed", -1);
            if (!passed) {
                scratch.failedResults += 1;
                // `required: true` with `severity: warning` recommends a value; it never invalidates.
                valid = required >= 0 && lowered.instructions[first + required].isWarning;
            }
        }
        if (value.kind === "value") {
            if (!this.runRules(first, end, index, value.scalar, scratch, environment, mode)) valid = false;
        } else {
            if (value.kind === "invalid") valid = false;
            // Nothing to check, but the checklist still lists each requirement. Rules that can be
            // judged on the empty value (a maximum length or a forbidden pattern on "", a maximum
            // count on no items) show their real status.
            const type = this.fields[index].type;
            const textual = type === "text" || type === "secret";
            const list = type === "list";
            for (let position = first; position < end; position++) {
                const instruction = lowered.instructions[position];
                if (instruction.code === FS_OP_REQUIRED) continue;
                if (this.isLeftOut(position, values, mode, today)) continue;
                let outcome = "notRun";
                if (value.kind === "empty" && (textual ? this.passesOnEmptyText(position) : list && this.passesWithNoItems(position))) {
                    outcome = "passed";
                }
                scratch.addResult(position - first, outcome, -1);
            }
        }
        const state = scratch.fieldStates[index];
        state.resultStart = start;
        state.resultEnd = scratch.resultCount;
        state.isActive = true;
        state.isValid = valid;
        state.pass = scratch.pass;
        return valid;
    },

    /**
     * Runs the top-level rules `first ..< end` of field `field` on a non-empty value, appending
     * their outcomes; returns whether none failed as an error.
     */
    runRules(first, end, field, scalar, scratch, environment, mode) {
        const lowered = this.lowered;
        let valid = true;
        let waiting = false;
        const resultStart = scratch.resultCount;
        for (let position = first; position < end; position++) {
            const instruction = lowered.instructions[position];
            if (instruction.code === FS_OP_REQUIRED) continue;
            if (instruction.waitsForLocalRules) {
                waiting = true;
                continue;
            }
            const verdict = this.run(position, scalar, field, scratch, environment, mode);
            if (!this.recordVerdict(verdict, scratch.failure, instruction, position - first, scratch)) valid = false;
        }
        if (!waiting) return valid;
        // The rules asking a `check_when: valid` check run last, and only when every other rule
        // passed: a value that fails a local rule never reaches the check (its line is not run).
        const locallyValid = valid;
        for (let position = first; position < end; position++) {
            const instruction = lowered.instructions[position];
            if (!instruction.waitsForLocalRules) continue;
            if (locallyValid) {
                const verdict = this.run(position, scalar, field, scratch, environment, mode);
                if (!this.recordVerdict(verdict, scratch.failure, instruction, position - first, scratch)) valid = false;
            } else if (!this.isLeftOut(position, environment.values, mode, environment.today)) {
                scratch.addResult(position - first, "notRun", -1);
            }
        }
        // Back in rule order, as reports list them (a stable sort, as Swift's: insertion, in place).
        const results = scratch.results;
        for (let position = resultStart + 1; position < scratch.resultCount; position++) {
            const result = results[position];
            let slot = position;
            while (slot > resultStart && results[slot - 1].rule > result.rule) {
                results[slot] = results[slot - 1];
                slot--;
            }
            results[slot] = result;
        }
        return valid;
    },

    /** Appends one top-level rule's outcome (nothing for an inactive one); false when it failed as an error. */
    recordVerdict(verdict, failure, instruction, rule, scratch) {
        if (verdict === "inactive") return true;
        scratch.addResult(rule, verdict, failure);
        if (verdict !== "failed") return true;
        scratch.failedResults += 1;
        return instruction.isWarning;
    },

    /** `LoweredRules.passesOnEmpty` for a list: a rule of lists that holds with no items. */
    passesWithNoItems(position) {
        const instruction = this.lowered.instructions[position];
        return instruction.code === FS_OP_VALUE && this.lowered.tables[instruction.payload].passesWithNoItems === true;
    },

    /**
     * For an empty text field: whether the text rule at `position` holds for "" (a maximum length
     * does). The answer never changes, so each is worked out once.
     */
    passesOnEmptyText(position) {
        const lowered = this.lowered;
        let known = lowered.emptyTextPasses[position];
        if (known === 0) {
            const instruction = lowered.instructions[position];
            known = instruction.code === FS_OP_TEXT && lowered.tables[instruction.payload].passes("") ? 2 : 1;
            lowered.emptyTextPasses[position] = known;
        }
        return known === 2;
    },

    /**
     * Runs instruction `position` on a non-empty value: "passed", "failed", "pending" or "inactive"
     * (its `when:` is false), with `scratch.failure` the message index of a check that threw (-1).
     *
     * Groups run every member (so each check of the group is asked), leave out inactive members,
     * and combine: a check that threw fails the group with its message; else a pending check makes
     * it pending; else `all`/`any`/`not` decide. A group whose members are all inactive is inactive.
     */
    /**
     * Whether instruction `position` is left out for these values, as `run` finds it without a
     * value (`Storage.isLeftOut`): its `when:` does not hold, or it is a group whose members all are.
     */
    isLeftOut(position, values, mode, today) {
        const lowered = this.lowered;
        const instruction = lowered.instructions[position];
        if (instruction.condition >= 0 && !lowered.holds(instruction.condition, values, mode, today)) return true;
        if (instruction.op !== "all" && instruction.op !== "any" && instruction.op !== "not") return false;
        for (let member = instruction.payload; member < instruction.payload + instruction.count; member++) {
            if (!this.isLeftOut(member, values, mode, today)) return false;
        }
        return true;
    },

    run(position, value, field, scratch, environment, mode) {
        const lowered = this.lowered;
        const instruction = lowered.instructions[position];
        scratch.failure = -1;
        if (instruction.condition >= 0 && !lowered.holds(instruction.condition, environment.values, mode, environment.today)) {
            return "inactive";
        }
        let passed;
        switch (instruction.code) {
            case FS_OP_REQUIRED: passed = true; break;
            case FS_OP_TEXT: case FS_OP_MEMBERSHIP: case FS_OP_VALUE: passed = instruction.test(value, environment); break;
            case FS_OP_CHECK: return this.check(lowered.tables[instruction.payload], value, field, scratch, environment);
            default: {
                // all, any, not
                let failure = -1;
                let pending = false;
                let active = 0;
                let passing = 0;
                for (let child = instruction.payload; child < instruction.payload + instruction.count; child++) {
                    const verdict = this.run(child, value, field, scratch, environment, mode);
                    if (failure < 0 && scratch.failure >= 0) failure = scratch.failure;
                    if (verdict === "inactive") continue;
                    if (verdict === "pending") pending = true;
                    else if (verdict === "passed") passing += 1;
                    active += 1;
                }
                scratch.failure = failure;
                if (failure >= 0) return "failed";
                if (active === 0) return "inactive";
                if (pending) return "pending";
                if (instruction.op === "all") passed = passing === active;
                else if (instruction.op === "any") passed = passing > 0;
                else passed = passing === 0;
            }
        }
        return passed ? "passed" : "failed";
    },

    /** A check's verdict: its supplied answer, else the context's resolver, else unanswered. */
    check(name, value, field, scratch, environment) {
        const answer = scratch.answer(field, name);
        if (answer !== undefined) {
            if (answer.kind === "failure") {
                scratch.failureMessages.push(answer.message);
                scratch.failure = scratch.failureMessages.length - 1;
                return "failed";
            }
            return answer.kind;
        }
        const outcome = environment.checks(name, this.fields[field].name, value);
        if (typeof outcome === "boolean") return outcome ? "passed" : "failed";
        if (!scratch.collectsUnanswered) throw fsUnresolvedCheck(name, this.fields[field].name);
        const seen = scratch.unanswered.some((call) => call.check === name && call.field === field && fsScalarExactlyEquals(call.value, value));
        if (!seen) scratch.unanswered.push({ check: name, field, value });
        return "pending";
    },
});
