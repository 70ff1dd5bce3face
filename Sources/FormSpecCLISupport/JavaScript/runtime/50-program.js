// The program: `PROGRAM` (the JSON of Swift's `Program`, ProgramCoding.swift) decoded once, on
// first use, into what the evaluator reads. Mirrors Program/*.swift (Program, Program+Nested,
// LocalizedText, LoweredRules, ProgramCoding) and the rules of Rules/*.swift that are not the
// values pieces' (equality, membership, field comparison, pattern, check, the value rules).
//
// Names this piece declares (others may call them):
//   fsProgram()                   the prepared `Program` (below), built on first call
//   Program                       .form .title .locale .fields .formRules .checkNames
//                                 .unknownFieldMessage .fieldIndex (Map name -> index, last wins)
//                                 .optionSets .defaultValues .defaultOffsets .relativeDefaultFields
//                                 .secretFields .defaultChain .lowered .defaultTexts .isNested
//                                 .nestedLayout .dependents .readsToday .hasRepeatedNames
//                                 .reportedRuleNames (by rule position) .hasDirectReports
//                                 (70-report.js's directReportsApply);
//                                 read(raw, index, today),
//                                 defaultValue(index, today), defaultInput(index, today),
//                                 visitNested(members, assign, unknown),
//                                 visitNestedField(index, value, assign, unknown) (these two
//                                 only in a module whose program has a group or a list),
//                                 texts(chain), runsChecks(field),
//                                 isActive(index, values, mode, today); the evaluator and report
//                                 methods are added by 60-evaluate.js and 70-report.js.
//   FieldProgram                  .name .label .labelTranslations .type .required .trim
//                                 .defaultValue (a Value or undefined) .defaultOffset
//                                 .debounceMilliseconds .reportsFirstOnly .rules .options
//                                 .reads; localizedLabel(chain)
//   ChoiceOption                  .value .label .translations; localized(chain)
//   RuleProgram                   .name .rule ({kind, ...}) .message .requirement .severity
//                                 .debounceMilliseconds
//   LocaleChain                   new LocaleChain(requested, specLocale); .locales; pick(dict);
//                                 equals(other)
//   LocaleTag                     new LocaleTag(text) (check .valid); .canonical .fallbacks
//   LocalizedText, Template, RenderedText, ProgramTexts
//   fsScalarEquals(a, b, caseInsensitive)   Scalar.equals(_:caseInsensitive:)
//   fsPut(object, key, value)     object[key] = value, safe for a key named `__proto__`
//
// Values (Value, Scalar, FieldValue, FieldType.read, CivilDate, Operand, …) are 30-json.js's and
// 40-values.js's; patterns 20-patterns.js's; length, contains and case folding 10-unicode.js's.

let fsProgramCache;

/** The program, decoded from `PROGRAM` on first use. */
function fsProgram() {
    if (fsProgramCache === undefined) fsProgramCache = new Program(PROGRAM);
    return fsProgramCache;
}

/** Sets `object[key] = value`, even for a key named `__proto__`. */
function fsPut(object, key, value) {
    if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    else object[key] = value;
}

/** Whether `dict` (a decoded JSON object) has its own member `key`. */
function fsHas(dict, key) {
    return dict != null && Object.prototype.hasOwnProperty.call(dict, key);
}

/**
 * An options object's own members, on an object without a prototype: a key someone set on
 * `Object.prototype` (pollution, `Object.prototype.mode = "show"`) is never read as an option.
 */
function fsOwnOptions(options) {
    const own = Object.create(null);
    if (options != null && typeof options === "object") {
        for (const key of Object.keys(options)) own[key] = options[key];
    }
    return own;
}

// MARK: Locales (LocalizedText.swift: LocaleTag, LocaleChain)

/**
 * A BCP 47 language tag, read leniently (any case, `_` or `-`) and written canonically: language
 * lowercase, script titlecase, region uppercase (`zh_hant_tw` -> `zh-Hant-TW`). `valid` is false
 * where Swift's failable init gives nil: more than 64 UTF-8 bytes or 8 subtags, or a malformed one.
 */
class LocaleTag {
    constructor(text) {
        this.valid = false;
        this.subtags = [];
        if (text.length === 0 || fsUTF8Count(text) > 64) return;
        const parts = text.split(/[-_]/);
        if (parts.length > 8 || !/^[A-Za-z]{2,8}$/.test(parts[0])) return;
        const subtags = [parts[0].toLowerCase()];
        for (let index = 1; index < parts.length; index++) {
            const part = parts[index];
            if (!/^[A-Za-z0-9]{1,8}$/.test(part)) return;
            const letters = /^[A-Za-z]+$/.test(part);
            const digits = /^[0-9]+$/.test(part);
            if (index === 1 && part.length === 4 && letters) {
                subtags.push(part[0].toUpperCase() + part.slice(1).toLowerCase()); // script
            } else if ((part.length === 2 && letters) || (part.length === 3 && digits)) {
                subtags.push(part.toUpperCase()); // region
            } else {
                subtags.push(part.toLowerCase());
            }
        }
        this.subtags = subtags;
        this.valid = true;
    }

    get canonical() { return this.subtags.join("-"); }
    get language() { return this.subtags[0]; }
    get script() { return this.subtags.length > 1 && this.subtags[1].length === 4 ? this.subtags[1] : undefined; }
    get region() {
        for (let index = 1; index < this.subtags.length; index++) {
            const subtag = this.subtags[index];
            if ((subtag.length === 2 && /^[A-Za-z]+$/.test(subtag)) || (subtag.length === 3 && /^[0-9]+$/.test(subtag))) return subtag;
        }
        return undefined;
    }

    /**
     * The tag, then the tag with subtags removed from the end. Chinese without a script also tries
     * the script its region writes (`zh-TW`, `zh-HK`, `zh-MO` -> `zh-Hant`; otherwise `zh-Hans`).
     */
    get fallbacks() {
        const result = [];
        for (let count = this.subtags.length; count > 0; count--) result.push(this.subtags.slice(0, count).join("-"));
        if (this.language === "zh" && this.script === undefined) {
            const region = this.region ?? "";
            const written = region === "TW" || region === "HK" || region === "MO" ? "zh-Hant" : "zh-Hans";
            result.splice(result.length - (result.length > 1 ? 1 : 0), 0, written);
        }
        return result;
    }
}

/**
 * The locales to try for a message, most wanted first: the caller's locale and its fallbacks
 * (`zh-Hant-TW`, `zh-Hant`, `zh`; `zh-TW` also tries `zh-Hant`), then the spec's locale, then `en`.
 */
class LocaleChain {
    constructor(requested, specLocale) {
        const locales = [];
        const add = (locale) => { if (!locales.includes(locale)) locales.push(locale); };
        if (requested != null) {
            const tag = new LocaleTag(requested);
            if (tag.valid) tag.fallbacks.forEach(add);
        }
        // The spec's locale with its parents too: a spec in `ja-JP` gets the `ja` built-ins.
        const spec = new LocaleTag(specLocale);
        if (spec.valid) spec.fallbacks.forEach(add);
        else add(specLocale);
        add("en");
        this.locales = locales;
    }

    /** The text of the first locale of the chain that `translations` has (keys are canonical tags). */
    pick(translations) {
        if (translations == null) return undefined;
        for (const locale of this.locales) if (fsHas(translations, locale)) return translations[locale];
        return undefined;
    }

    equals(other) {
        return this.locales.length === other.locales.length && this.locales.every((locale, index) => locale === other.locales[index]);
    }
}

// MARK: Texts (LocalizedText.swift: LocalizedText, Template; ProgramTexts.swift)

/** A message whose static placeholders were filled at compile time; only `{value}` remains. */
class Template {
    /** Parses the source spelling: `{value}` for the value, `{{` and `}}` for literal braces. */
    constructor(source) {
        // Segments: strings, and `null` for `{value}`.
        const segments = [];
        let text = "";
        let index = 0;
        while (index < source.length) {
            if (source.startsWith("{value}", index)) {
                if (text.length > 0) segments.push(text);
                text = "";
                segments.push(null);
                index += 7;
            } else if (source.startsWith("{{", index) || source.startsWith("}}", index)) {
                text += source[index];
                index += 2;
            } else {
                text += source[index];
                index += 1;
            }
        }
        if (text.length > 0 || segments.length === 0) segments.push(text);
        this.segments = segments;
    }

    /** The text with `{value}` filled in (`value` a Scalar, or undefined for none). */
    render(value) {
        if (this.segments.length === 1 && this.segments[0] !== null) return this.segments[0];
        let result = "";
        for (const segment of this.segments) {
            result += segment !== null ? segment : value === undefined ? "" : fsScalarDescription(value);
        }
        return result;
    }
}

/** A message or requirement in one or more locales: `{locale: Template}`. */
class LocalizedText {
    constructor(json) {
        this.templates = new Map();
        for (const key of Object.keys(json)) this.templates.set(key, new Template(json[key]));
    }

    /**
     * The template for the first locale of `chain` that has one (tags compare without regard to
     * case); failing that `en`, then the alphabetically first locale.
     */
    template(chain) {
        const templates = this.templates;
        for (const locale of chain.locales) if (templates.has(locale)) return templates.get(locale);
        if (templates.size === 0) return undefined;
        const keys = [...templates.keys()];
        for (const locale of chain.locales) {
            const matching = keys.filter((key) => fsCaseInsensitiveEquals(key, locale));
            if (matching.length > 0) return templates.get(fsMinString(matching));
        }
        return templates.get("en") ?? templates.get(fsMinString(keys));
    }

    render(chain, value) {
        return this.template(chain)?.render(value) ?? "";
    }
}

function fsCaseInsensitiveEquals(a, b) {
    return fsUTF8Count(a) === fsUTF8Count(b) && a.toLowerCase() === b.toLowerCase();
}

/** The least of `strings` by code point (Swift's `min()` on the ASCII tags it is used on). */
function fsMinString(strings) {
    let least = strings[0];
    for (const string of strings) if (string < least) least = string;
    return least;
}

/** One message or requirement in one locale, rendered ahead of time when it holds no `{value}`. */
class RenderedText {
    constructor(template) {
        this.template = template ?? new Template("");
        const segments = this.template.segments;
        this.text = segments.length === 1 && segments[0] !== null ? segments[0] : segments.length === 0 ? "" : undefined;
    }

    render(value) {
        return this.text ?? this.template.render(value);
    }
}

/** Every text of a program rendered for one locale chain (ProgramTexts.swift). */
class ProgramTexts {
    constructor(program, chain) {
        this.chain = chain;
        const render = (text) => new RenderedText(text.template(chain));
        this.required = program.fields.map((field) => render(field.requiredMessage));
        this.type = program.fields.map((field) => render(field.typeMessage));
        this.choice = program.fields.map((field) => render(field.choiceMessage));
        this.messages = [];
        this.requirements = [];
        for (const field of program.fields) {
            for (const rule of field.rules) {
                this.messages.push(render(rule.message));
                this.requirements.push(render(rule.requirement));
            }
        }
        this.formMessages = program.formRules.map((rule) => render(rule.message));
        this.unknownField = render(program.unknownFieldMessage);
    }
}

// MARK: Scalars in rules

/** A Scalar with a text's full default case folding; other scalars as they are. */
function fsCaseFoldedScalar(scalar) {
    return scalar.kind === "text" ? { kind: "text", value: CaseFolding.fullFold(scalar.value) } : scalar;
}

/** `Scalar.equals(_:caseInsensitive:)` (EqualityRule.swift). */
function fsScalarEquals(a, b, caseInsensitive) {
    if (caseInsensitive && a.kind === "text" && b.kind === "text") return CaseFolding.equal(a.value, b.value);
    return fsScalarExactlyEquals(a, b);
}


// MARK: Rules (Rules/*.swift)

/** `equals: X` / `not_equals: X`, exactly or (`case: insensitive`) under full case folding. */
class EqualityRule {
    constructor(json) {
        this.negated = json.negated;
        this.caseInsensitive = json.case_insensitive === true;
        this.operand = fsOperandFromProgram(json.operand);
        // A text literal operand is stored folded.
        if (this.caseInsensitive && this.operand.kind === "literal") {
            const scalar = fsCaseFoldedScalar(this.operand.scalar);
            // Its bound too: `fsOperandResolve` reads the bound.
            this.operand = { kind: "literal", scalar, bound: { kind: "value", scalar } };
        }
    }

    /** A comparison with an empty field counts as "not equal". */
    passes(value, environment) {
        const other = fsOperandResolve(this.operand, environment);
        if (other == null) return this.negated;
        return fsScalarEquals(value, other, this.caseInsensitive) !== this.negated;
    }
}

/** `one_of: [..]` / `not_one_of: [..]`. */
class MembershipRule {
    constructor(json) {
        this.negated = json.negated;
        this.caseInsensitive = json.case_insensitive === true;
        this.values = json.values.map(fsScalarFromProgram);
        if (this.caseInsensitive) this.values = this.values.map(fsCaseFoldedScalar);
    }

    passes(value) {
        for (const candidate of this.values) if (fsScalarEquals(value, candidate, this.caseInsensitive)) return !this.negated;
        return this.negated;
    }
}

/** `same_as: FIELD` / `different_from: FIELD`. */
class FieldComparisonRule {
    constructor(json) {
        this.other = json.other;
        this.negated = json.negated;
        this.caseInsensitive = json.case_insensitive === true;
    }

    /** An empty other field never equals a value. */
    passes(value, environment) {
        const other = environment.values[this.other];
        if (other.kind !== "value") return this.negated;
        return fsScalarEquals(value, other.scalar, this.caseInsensitive) !== this.negated;
    }
}

/** `pattern: REGEX` / `not_pattern: REGEX`: an unanchored search (the pattern piece's automata). */
class PatternRule {
    constructor(json) {
        this.pattern = new Pattern(json.compiled);
        this.negated = json.negated;
    }

    passes(text) {
        return this.pattern.matches(text) !== this.negated;
    }

    /** `fsLeafTest`'s closure: a pattern of one DFA (most are) is run on it directly. */
    test() {
        const negated = this.negated;
        const conjuncts = this.pattern.conjuncts;
        if (this.pattern.onlyDFAs && conjuncts.length === 1) {
            const dfa = conjuncts[0].main.dfa;
            const expected = conjuncts[0].expected !== negated;
            return (scalar) => dfa.isMatchText(fsScalarTextValue(scalar)) === expected;
        }
        const pattern = this.pattern;
        return (scalar) => pattern.matches(fsScalarTextValue(scalar)) !== negated;
    }
}

/** `not_contains_field: FIELD` (NotContainsFieldRule.swift). An empty other field never matches. */
class NotContainsFieldRule {
    /** The rule's JSON for an item `shift` made from the first (`fsExpandFields`): its field moved. */
    static moved(json, shift) { return { ...json, other: shift.index(json.other) }; }

    constructor(json) {
        this.other = json.other;
        this.caseInsensitive = json.case_insensitive === true;
    }

    passes(value, environment) {
        const other = environment.values[this.other];
        if (other.kind !== "value") return true;
        const needle = fsScalarTextValue(other.scalar);
        if (needle.length === 0) return true;
        if (this.caseInsensitive) return !CaseFolding.contains(fsScalarTextValue(value), needle);
        // On well-formed text a code unit match is a match of whole scalars, as Swift's byte search.
        return !fsScalarTextValue(value).includes(needle);
    }
}

/**
 * The registry of value rules, by their key in the program (ValueRule.swift's `ValueRules`); the
 * `nested` piece below adds the rules of lists.
 */
const fsValueRules = {
    not_contains_field: NotContainsFieldRule,
};

/**
 * One rule item of a field (Program.swift's RuleProgram). `rule` mirrors Swift's `Rule` enum:
 * `{kind: "required"}`, `{kind: "length", rule: LengthRule}`, … `{kind: "all", items}`,
 * `{kind: "not", item}`, `{kind: "check", name, runsWhen}`, `{kind: "value", rule}`.
 */
class RuleProgram {
    constructor(json) {
        this.name = json.name;
        this.rule = fsDecodeRule(json.rule);
        this.message = new LocalizedText(json.message);
        this.requirement = new LocalizedText(json.requirement);
        this.condition = json.condition; // JSON; LoweredRules lowers it
        this.severity = json.severity ?? "error";
        this.debounceMilliseconds = json.debounceMilliseconds;
    }

    collectChecks(names) {
        const rule = this.rule;
        if (rule.kind === "check") names.add(rule.name);
        else if (rule.kind === "all" || rule.kind === "any") rule.items.forEach((item) => item.collectChecks(names));
        else if (rule.kind === "not") rule.item.collectChecks(names);
    }
}

/** A rule's one-key JSON object as a `Rule` case (ProgramCoding.swift's `Rule.init(from:)`). */
function fsDecodeRule(json) {
    const [name] = Object.keys(json);
    const payload = json[name];
    switch (name) {
        case "required": return { kind: "required" };
        case "length": return { kind: "length", rule: new LengthRule(payload) };
        case "pattern": return { kind: "pattern", rule: new PatternRule(payload) };
        case "contains": return { kind: "contains", rule: new ContainsRule(payload) };
        case "format": return { kind: "format", rule: new FormatRule(payload) };
        case "equality": return { kind: "equality", rule: new EqualityRule(payload) };
        case "membership": return { kind: "membership", rule: new MembershipRule(payload) };
        case "field_comparison": return { kind: "fieldComparison", rule: new FieldComparisonRule(payload) };
        case "range": return { kind: "range", rule: new RangeRule(payload) };
        case "multiple_of": return { kind: "multipleOf", rule: new MultipleOfRule(payload) };
        case "all": return { kind: "all", items: payload.map((item) => new RuleProgram(item)) };
        case "any": return { kind: "any", items: payload.map((item) => new RuleProgram(item)) };
        case "not": return { kind: "not", item: new RuleProgram(payload) };
        case "check": return { kind: "check", name: payload.name, runsWhen: payload.check_when ?? "valid" };
        default: {
            const type = fsHas(fsValueRules, name) ? fsValueRules[name] : undefined;
            if (type === undefined) throw new Error(`unknown rule '${name}'`);
            return { kind: "value", rule: new type(payload) };
        }
    }
}

// MARK: Fields (Program.swift)

/** One option of a `choice` field. */
class ChoiceOption {
    constructor(json) {
        this.value = json.value;
        this.label = json.label;
        this.translations = json.translations;
    }

    /** The option with its label in the first locale of `chain` that has one. */
    localized(chain) {
        const option = new ChoiceOption(this);
        option.label = chain.pick(this.translations) ?? this.label;
        return option;
    }
}

/** One field of a compiled form. */
class FieldProgram {
    constructor(json) {
        this.name = json.name;
        this.label = json.label;
        this.labelTranslations = json.labelTranslations;
        this.type = json.type;
        this.required = json.required;
        this.requiredMessage = new LocalizedText(json.requiredMessage);
        this.typeMessage = new LocalizedText(json.typeMessage);
        this.defaultValue = json.defaultValue === undefined ? undefined : fsValueFromProgram(json.defaultValue);
        this.defaultOffset = json.defaultOffset === undefined ? undefined : DateOffset.parseToday(json.defaultOffset) ?? undefined;
        this.trim = json.trim;
        this.debounceMilliseconds = json.debounceMilliseconds;
        this.condition = json.condition; // JSON; LoweredRules lowers it
        this.reportsFirstOnly = json.reportsFirstOnly;
        this.rules = json.rules.map((rule) => new RuleProgram(rule));
        this.options = json.options.map((option) => new ChoiceOption(option));
        this.choiceMessage = new LocalizedText(json.choiceMessage);
        this.reads = json.reads;
    }

    /** The label in the first locale of `chain` that has one (Swift's `label(_:)`; `label` is the spec's). */
    localizedLabel(chain) { return chain.pick(this.labelTranslations) ?? this.label; }
}

/** Whether a field type holds one value (not a list or group). */
function fsIsScalarType(type) {
    return type !== "list" && type !== "group";
}

// MARK: Lowered rules and conditions (LoweredRules.swift)

// An instruction's `code`: how the evaluator runs its `op` (a number, switched on faster than the name).
const FS_OP_REQUIRED = 0, FS_OP_TEXT = 1, FS_OP_MEMBERSHIP = 2, FS_OP_VALUE = 3, FS_OP_CHECK = 4, FS_OP_GROUP = 5;
const fsInstructionCodes = {
    __proto__: null, required: FS_OP_REQUIRED, length: FS_OP_TEXT, pattern: FS_OP_TEXT, contains: FS_OP_TEXT,
    format: FS_OP_TEXT, membership: FS_OP_MEMBERSHIP, equality: FS_OP_VALUE, fieldComparison: FS_OP_VALUE,
    range: FS_OP_VALUE, multipleOf: FS_OP_VALUE, value: FS_OP_VALUE, check: FS_OP_CHECK, all: FS_OP_GROUP,
    any: FS_OP_GROUP, not: FS_OP_GROUP,
};

/**
 * A leaf rule (`code` text, membership or value) as one closure `(scalar, environment) => passes`,
 * made once: the evaluator calls it without switching on the kind. Undefined for other codes.
 * A rule class with a `test()` makes its own, specialised to the rule (a closure of its own is
 * also one V8 optimises for that kind alone: measured, about 15 % of a sign-up validation).
 */
function fsLeafTest(code, rule) {
    if (rule?.test !== undefined) return rule.test();
    switch (code) {
        case FS_OP_TEXT: return (scalar) => rule.passes(fsScalarTextValue(scalar));
        case FS_OP_MEMBERSHIP: return (scalar) => rule.passes(scalar);
        case FS_OP_VALUE: return (scalar, environment) => rule.passes(scalar, environment);
        default: return undefined;
    }
}

/**
 * The evaluator's form of a program's rules and conditions: flat arrays addressed by index. The
 * top-level rules of field `f` are `instructions[fieldStart[f] .. fieldStart[f + 1]]`, in rule
 * order; a combinator's children are `instructions[payload .. payload + count]`; a leaf rule's
 * instruction carries its `test` (`fsLeafTest`). Conditions are nodes: `{op, operand, payload,
 * count}` as in Swift (the mode node keeps the mode's name).
 */
class LoweredRules {
    constructor(fields, formRules) {
        this.instructions = [];
        this.fieldStart = [];
        this.fieldCondition = [];
        this.formRuleCondition = [];
        this.hasRequiredRule = [];
        this.hasChecks = [];
        // Each rule's own object, by the instruction's payload (one table for every kind).
        this.tables = [];
        this.checkRunsWhen = [];
        this.conditions = [];
        this.literals = [];
        let total = 0;
        for (const field of fields) {
            this.fieldStart.push(total);
            total += field.rules.length;
        }
        this.fieldStart.push(total);
        // Per top-level rule: whether it holds for "" (0 not yet known, 1 no, 2 yes; the evaluator's
        // `passesOnEmptyText`).
        this.emptyTextPasses = new Uint8Array(total);
        // Reserve the top-level slots first so rule `r` of field `f` is at `fieldStart[f] + r`.
        for (let index = 0; index < total; index++) this.instructions.push(undefined);
        fields.forEach((field, index) => {
            const start = this.fieldStart[index];
            field.rules.forEach((rule, position) => { this.instructions[start + position] = this.lower(rule); });
            this.fieldCondition.push(field.condition === undefined ? -1 : this.lowerCondition(field.condition));
            this.hasRequiredRule.push(field.rules.some((rule) => rule.rule.kind === "required"));
            let checks = false;
            for (let position = start; position < this.fieldStart[index + 1]; position++) {
                if (this.runsCheck(position, false)) checks = true;
                this.instructions[position].waitsForLocalRules = this.runsCheck(position, true);
            }
            this.hasChecks.push(checks);
        });
        this.formRuleCondition = formRules.map((rule) => (rule.condition === undefined ? -1 : this.lowerCondition(rule.condition)));
    }

    /** Whether instruction `index` asks a check (itself or a member); with `onlyWhenValid`, a `check_when: valid` one. */
    runsCheck(index, onlyWhenValid) {
        const instruction = this.instructions[index];
        switch (instruction.op) {
            case "check": return !onlyWhenValid || this.checkRunsWhen[instruction.payload] === "valid";
            case "all": case "any": case "not":
                for (let child = instruction.payload; child < instruction.payload + instruction.count; child++) {
                    if (this.runsCheck(child, onlyWhenValid)) return true;
                }
                return false;
            default: return false;
        }
    }

    /** Lowers `rule` (its children appended at the end) and returns its instruction. */
    lower(rule) {
        const condition = rule.condition === undefined ? -1 : this.lowerCondition(rule.condition);
        const item = rule.rule;
        const code = fsInstructionCodes[item.kind];
        const instruction = {
            op: item.kind, isWarning: rule.severity === "warning", payload: 0, count: 0, condition,
            waitsForLocalRules: false, code, test: fsLeafTest(code, item.rule),
        };
        switch (item.kind) {
            case "required": break;
            case "check":
                instruction.payload = this.tables.length;
                this.tables.push(item.name);
                this.checkRunsWhen[instruction.payload] = item.runsWhen;
                break;
            case "all": case "any":
                instruction.payload = this.lowerChildren(item.items);
                instruction.count = item.items.length;
                break;
            case "not":
                instruction.payload = this.lowerChildren([item.item]);
                instruction.count = 1;
                break;
            default:
                instruction.payload = this.tables.length;
                this.tables.push(item.rule);
        }
        return instruction;
    }

    /** Appends a contiguous block for `items` and fills it; returns the block's first index. */
    lowerChildren(items) {
        const first = this.instructions.length;
        for (let index = 0; index < items.length; index++) this.instructions.push(undefined);
        items.forEach((item, offset) => { this.instructions[first + offset] = this.lower(item); });
        return first;
    }

    /** Lowers a condition's JSON (its children appended at the end) and returns its node's index. */
    lowerCondition(json) {
        const index = this.conditions.length;
        this.conditions.push(undefined);
        this.conditions[index] = this.conditionNode(json);
        return index;
    }

    conditionNode(json) {
        const node = (op, operand, payload = 0, count = 0) => ({ op, operand, payload, count });
        if (fsHas(json, "field")) {
            const field = json.field;
            const [test] = Object.keys(json).filter((key) => key !== "field");
            const argument = json[test];
            switch (test) {
                case "empty": return node(argument ? "isEmpty" : "isNotEmpty", field);
                case "equals": case "not_equals":
                    this.literals.push(fsScalarFromProgram(argument));
                    return node(test === "equals" ? "equals" : "notEquals", field, this.literals.length - 1);
                case "one_of": {
                    const first = this.literals.length;
                    for (const literal of argument) this.literals.push(fsScalarFromProgram(literal));
                    return node("oneOf", field, first, argument.length);
                }
                case "matches":
                    this.tables.push(new Pattern(argument.compiled));
                    return node("matches", field, this.tables.length - 1);
                case "contains":
                    // The literal, and the list's item fields in the tables.
                    this.literals.push(fsScalarFromProgram(argument.value));
                    this.tables.push(argument.items);
                    return node("contains", field, this.literals.length - 1, this.tables.length - 1);
                default:
                    // `less_than`, `greater_than`, `at_least`, `at_most`: the comparison and its operand.
                    this.tables.push({ comparison: test, operand: fsOperandFromProgram(argument) });
                    return node("compare", field, this.tables.length - 1);
            }
        }
        const [name] = Object.keys(json);
        const argument = json[name];
        switch (name) {
            case "mode": return node("mode", argument);
            case "all": case "any": return node(name, this.lowerConditionChildren(argument), argument.length);
            case "not": return node("not", this.lowerConditionChildren([argument]), 1);
        }
        throw new Error(`unknown condition '${name}'`);
    }

    lowerConditionChildren(items) {
        const first = this.conditions.length;
        for (let index = 0; index < items.length; index++) this.conditions.push(undefined);
        items.forEach((item, offset) => { this.conditions[first + offset] = this.conditionNode(item); });
        return first;
    }

    /**
     * Whether condition `index` holds for these values (FieldValues) in this mode; -1 (no
     * condition) holds. A field test on an empty or unreadable field is false (except `empty` and
     * `not_equals`), and so is a comparison whose operand names an empty or unreadable field;
     * `contains` reads the list's items, skipping empty and unreadable ones.
     */
    holds(index, values, mode, today) {
        if (index < 0) return true;
        const node = this.conditions[index];
        switch (node.op) {
            case "mode": return node.operand === mode;
            case "all":
                for (let child = node.operand; child < node.operand + node.payload; child++) {
                    if (!this.holds(child, values, mode, today)) return false;
                }
                return true;
            case "any":
                for (let child = node.operand; child < node.operand + node.payload; child++) {
                    if (this.holds(child, values, mode, today)) return true;
                }
                return false;
            case "not": return !this.holds(node.operand, values, mode, today);
            case "isEmpty": return values[node.operand].kind === "empty";
            case "isNotEmpty": return values[node.operand].kind !== "empty";
        }
        const value = values[node.operand];
        switch (node.op) {
            case "equals":
                return value.kind === "value" && fsScalarExactlyEquals(value.scalar, this.literals[node.payload]);
            case "notEquals":
                return value.kind !== "value" || !fsScalarExactlyEquals(value.scalar, this.literals[node.payload]);
            case "oneOf":
                if (value.kind !== "value") return false;
                for (let position = node.payload; position < node.payload + node.count; position++) {
                    if (fsScalarExactlyEquals(value.scalar, this.literals[position])) return true;
                }
                return false;
            case "compare": {
                if (value.kind !== "value") return false;
                const test = this.tables[node.payload];
                const bound = fsOperandBound(test.operand, values, today);
                if (bound.kind !== "value") return false;
                return fsComparisonHolds(test.comparison, fsScalarCompare(value.scalar, bound.scalar));
            }
            case "contains": return this.listContains(node, value, values);
            default: // matches
                return value.kind === "value" && value.scalar.kind === "text" && this.tables[node.payload].matches(value.scalar.value);
        }
    }
}

/** Field indexes by exact name from `[name, index]` entries; a repeated name keeps its last. */
function fsFieldNameIndex(entries) {
    const index = new Map();
    for (const [name, position] of entries) index.set(name, position);
    return index;
}

// MARK: The program (Program.swift)

/** A compiled form, decoded from the program JSON, with the tables the evaluator reads. */
class Program {
    constructor(json) {
        this.form = json.form;
        this.title = json.title;
        this.locale = json.locale;
        // A list's items written once (55-repeated-items.js, there only for a program that has one).
        const written = json.fields.some((entry) => fsHas(entry, "items")) ? fsExpandFields(json.fields) : json.fields;
        this.fields = written.map((field) => new FieldProgram(field));
        this.formRules = json.formRules.map((rule) => ({
            name: rule.name,
            kind: Object.keys(rule.kind)[0] === "require_changes"
                ? { kind: "requireChanges" } : { kind: "atLeastOneOf", fields: rule.kind.at_least_one_of },
            message: new LocalizedText(rule.message),
            condition: rule.condition,
        }));
        this.unknownFieldMessage = new LocalizedText(json.unknownFieldMessage);
        const fields = this.fields;
        this.fieldIndex = fsFieldNameIndex(fields.map((field, index) => [field.name, index]));
        // A form with a group or a list (the `nested` piece below, there only for a program that has one).
        this.isNested = fields.some((field) => !fsIsScalarType(field.type));
        this.nestedLayout = this.isNested ? new NestedLayout(fields) : undefined;
        // Each item of a list of groups (`Storage.isGroupItem`): `null` or "" there fails `type`.
        this.isGroupItem = fields.map(() => false);
        for (const items of this.nestedLayout?.items ?? []) {
            for (const item of items) if (fields[item].type === "group") this.isGroupItem[item] = true;
        }
        this.optionSets = fields.map((field) => new Set(field.options.map((option) => option.value)));
        this.defaultValues = fields.map((field, index) => fsFieldTypeRead(field.type, field.defaultValue, field.trim, this.optionSets[index]));
        this.defaultOffsets = fields.map((field) => field.defaultOffset);
        this.relativeDefaultFields = [];
        this.secretFields = [];
        fields.forEach((field, index) => {
            if (field.defaultOffset !== undefined) this.relativeDefaultFields.push(index);
            if (field.type === "secret") this.secretFields.push(index);
        });
        this.defaultChain = new LocaleChain(undefined, this.locale);
        const checks = new Set();
        for (const field of fields) for (const rule of field.rules) rule.collectChecks(checks);
        this.checkNames = [...checks].sort();
        this.lowered = new LoweredRules(fields, this.formRules);
        this.defaultTexts = new ProgramTexts(this, this.defaultChain);
        this.textsByChain = new Map();
        // Whether an evaluation needs the current date: a relative default, or an operand `today`
        // (every operand sits in a rule's or a condition's table as its `operand`).
        this.readsToday = this.relativeDefaultFields.length > 0 ||
            this.lowered.tables.some((table) => table?.operand?.kind === "today");
        // Each top-level rule's name as reports give it: a `required` rule is `required` whatever it is called.
        this.reportedRuleNames = [];
        fields.forEach((field, index) => field.rules.forEach((rule, position) => {
            const at = this.lowered.fieldStart[index] + position;
            this.reportedRuleNames[at] = this.lowered.instructions[at].op === "required" ? "required" : rule.name;
        }));
        // Whether two fields share a name (a report keeps the last one's entry).
        this.hasRepeatedNames = this.fieldIndex.size !== fields.length;
        // The scratch `validate` reuses (60-evaluate.js), and whether a validation is using it.
        this.sharedScratch = undefined;
        this.scratchBusy = false;
        // The options `validate` last prepared (70-report.js's fsValidationPlan).
        this.lastPlan = undefined;
        // Whether reports may come straight from the values (70-report.js's directReport).
        this.hasDirectReports = this.directReportsApply();
    }

    /**
     * For each field, the fields whose rules or conditions read it (besides itself): what must be
     * re-checked when it changes.
     */
    get dependents() {
        const result = this.fields.map(() => []);
        this.fields.forEach((field, index) => {
            for (const read of field.reads) if (read !== index && !result[read].includes(index)) result[read].push(index);
        });
        return result;
    }

    /** Reads one raw input (a Value; undefined when absent) as field `index`'s type, its default when absent. */
    read(raw, index, today) {
        if (raw === undefined) return this.defaultValue(index, today);
        const field = this.fields[index];
        const value = fsFieldTypeRead(field.type, raw, field.trim, this.optionSets[index]);
        // An item of a list of groups is in the array, not absent: empty there is no object (Swift's `read`).
        return value.kind === "empty" && this.isGroupItem[index] ? fsInvalid("type", raw) : value;
    }

    /** Field `index`'s value when an input lacks it; a relative date counted from `today` (a CivilDate, default the current date). */
    defaultValue(index, today) {
        const offset = this.defaultOffsets[index];
        if (offset === undefined) return this.defaultValues[index];
        return { kind: "value", scalar: { kind: "date", value: (today ?? CivilDate.today()).adding(offset) } };
    }

    /** Field `index`'s default as an input would give it (a relative date as its text); undefined when none. */
    defaultInput(index, today) {
        const offset = this.defaultOffsets[index];
        if (offset === undefined) return this.fields[index].defaultValue;
        return (today ?? CivilDate.today()).adding(offset).description;
    }

    /** Whether field `index` has a rule that runs an external check. */
    runsChecks(index) { return this.lowered.hasChecks[index]; }

    /** Swift's `optionsField(of:)`: the field whose options field `index` shows (a multi-select: its first item). */
    optionsField(index) {
        const first = this.fields[index].type === "list" ? this.nestedLayout?.items[index][0] : undefined;
        return first !== undefined && this.fields[first].type === "choice" ? first : index;
    }

    /** Whether field `index` is active (its `when:` holds) for these values. */
    isActive(index, values, mode, today) {
        return this.lowered.holds(this.lowered.fieldCondition[index], values, mode, today);
    }

    /**
     * The program's texts rendered for `chain`. Swift keeps those of the default chain; a page
     * validating in its visitor's locale asks for the same few chains again, so a few more are kept.
     */
    texts(chain) {
        if (chain.equals(this.defaultTexts.chain)) return this.defaultTexts;
        const key = chain.locales.join(" ");
        let texts = this.textsByChain.get(key);
        if (texts === undefined) {
            if (this.textsByChain.size >= 8) this.textsByChain.clear();
            texts = new ProgramTexts(this, chain);
            this.textsByChain.set(key, texts);
        }
        return texts;
    }
}

// MARK: Nested forms (Program+Nested.swift)

// The emitter's `nested` feature: what only a program with a group or a list reaches (the layout
// and the visits are used only where `isNested` holds; the checker accepts the rules of lists only
// on a list); a flat form's module leaves it out.
/*! @feature nested */

/** The most levels of groups and lists an input is read through. */
const fsMaxNestingDepth = 16;

/**
 * A nested form's fields as a tree, by index: each group's members by key (a Map, or undefined),
 * each list's item fields by position.
 */
class NestedLayout {
    constructor(fields) {
        const names = fields.map((field) => field.name);
        const position = fsFieldNameIndex(names.map((name, index) => [name, index]));
        const memberEntries = names.map(() => []);
        const itemEntries = names.map(() => []);
        // Each field's parent in the tree (-1 at the top) and, for an item of a list, its position.
        this.parents = names.map(() => -1);
        this.itemPositions = names.map(() => -1);
        names.forEach((name, index) => {
            const dot = name.lastIndexOf(".");
            if (dot < 0) return;
            const parent = position.get(name.slice(0, dot));
            if (parent === undefined) return;
            this.parents[index] = parent;
            const key = name.slice(dot + 1);
            if (/^[+-]?[0-9]+$/.test(key)) {
                itemEntries[parent].push([Number(key), index]);
                if (fields[parent].type === "list") this.itemPositions[index] = Number(key);
            } else {
                memberEntries[parent].push([key, index]);
            }
        });
        this.members = memberEntries.map((entries) => (entries.length === 0 ? undefined : fsFieldNameIndex(entries)));
        // Item fields are laid out from 0 without gaps; a gap ends the list where it starts.
        this.items = itemEntries.map((entries) => {
            const ordered = [];
            for (const [number, index] of entries.sort((a, b) => a[0] - b[0])) if (number === ordered.length) ordered.push(index);
            return ordered;
        });
    }
}

Object.assign(Program.prototype, {
    /**
     * Calls `assign(index, value)` with each field's raw value found in the input object's
     * `members` (`[key, value]` pairs), and `unknown(key)` with each key that is no field's (a nested
     * one by its path).
     */
    visitNested(members, assign, unknown) {
        this.visitMembers(members, -1, 0, assign, unknown);
    },

    /**
     * Swift's `enclosingGroups`: the groups field `index` is inside, innermost first, up to the
     * first list item (an item exists by its list's count).
     */
    enclosingGroups(index) {
        const layout = this.nestedLayout;
        const groups = [];
        if (layout === undefined) return groups;
        for (let field = layout.parents[index]; field >= 0; field = layout.parents[field]) {
            if (this.fields[field].type !== "group" || this.isGroupItem[field]) break;
            groups.push(field);
        }
        return groups;
    },

    /** Swift's `isInsideNoObject`: field `index` is inside a group or item `raw` gives as no object. */
    isInsideNoObject(index, raw) {
        const layout = this.nestedLayout;
        for (let field = layout.parents[index]; field >= 0; field = layout.parents[field]) {
            if (this.fields[field].type !== "group") continue;
            const value = raw[field];
            if (value !== undefined && value !== null && !(value instanceof FsObject)) return true;
        }
        return false;
    },

    /**
     * Swift's `isInExistingItems`: whether field `index` is in no list item that does not exist
     * (nor is one), counted from `values` or, for the lists it has, from `counts` (a Map).
     */
    isInExistingItems(index, values, counts) {
        const layout = this.nestedLayout;
        // Up the tree: each item on the way must be within its list's count.
        for (let field = index; field >= 0; field = layout.parents[field]) {
            const position = layout.itemPositions[field];
            if (position < 0) continue;
            const list = layout.parents[field];
            let count = counts?.get(list);
            if (count === undefined) {
                const value = values[list];
                count = value.kind === "value" && value.scalar.kind === "integer" ? Number(value.scalar.value) : 0;
            }
            if (position >= count) return false;
        }
        return true;
    },

    /** Like `visitNested` for one field's value: `assign` gets field `index`, then every field inside it. */
    visitNestedField(index, value, assign, unknown) {
        assign(index, value);
        this.visitChildren(index, value, 0, assign, unknown);
    },

    visitMembers(given, parent, depth, assign, unknown) {
        // Any iterable of [key, value] (a live form's values come as a Map's entries).
        const members = Array.isArray(given) ? given : [...given];
        // At the root a path (`address.city`) names its field too, as live forms' value maps do.
        const index = parent < 0 ? this.fieldIndex : this.nestedLayout.members[parent];
        const visit = ([key, value], unknown) => {
            const field = index?.get(key);
            if (field === undefined) {
                unknown(parent < 0 ? key : this.fields[parent].name + "." + key);
                return;
            }
            assign(field, value);
            this.visitChildren(field, value, depth, assign, unknown);
        };
        const depths = members.map(([key]) =>
            parent < 0 && index.get(key) !== undefined ? key.split(".").length - 1 : 0);
        if (!depths.some((d) => d > 0)) {
            for (const member of members) visit(member, unknown);
            return;
        }
        // Paths are read first, the deepest first, so that a field given inside its group or list
        // too is read from there, whatever the members' order; unknown keys are still reported in
        // the members' order (as Swift's `visitMembers`).
        const order = members.map((_, position) => position).sort((a, b) => depths[b] - depths[a] || a - b);
        const unknowns = [];
        for (const position of order) visit(members[position], (name) => unknowns.push([position, unknowns.length, name]));
        unknowns.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        for (const entry of unknowns) unknown(entry[2]);
    },

    visitChildren(index, value, depth, assign, unknown) {
        if (depth >= fsMaxNestingDepth) return;
        const type = this.fields[index].type;
        if (type === "group" && value instanceof FsObject) {
            this.visitMembers(value.members, index, depth + 1, assign, unknown);
        } else if (type === "list" && Array.isArray(value)) {
            const itemFields = this.nestedLayout.items[index];
            const count = Math.min(itemFields.length, value.length);
            for (let position = 0; position < count; position++) {
                assign(itemFields[position], value[position]);
                this.visitChildren(itemFields[position], value[position], depth + 1, assign, unknown);
            }
        }
    }
});

// The rules of lists (ItemCountRules.swift), in the registry of value rules from here.

/** `min_items: N` (ItemCountRules.swift): the list's value is its item count. */
class MinItemsRule {
    constructor(json) { this.minimum = BigInt(json.minimum); }
    passes(value) { return value.kind === "integer" && value.value >= this.minimum; }
    /** `ValueRule.passesWithNoItems`: whether an empty list's checklist shows it met. */
    get passesWithNoItems() { return this.minimum <= 0n; }
}

/** `max_items: N`. */
class MaxItemsRule {
    constructor(json) { this.maximum = BigInt(json.maximum); }
    passes(value) { return value.kind === "integer" && value.value <= this.maximum; }
    get passesWithNoItems() { return true; }
}

/**
 * `unique_items: true`: no two present items equal (exactly, or with `case: insensitive` under full
 * case folding); empty and unreadable ones left out.
 */
class UniqueItemsRule {
    static moved(json, shift) { return { ...json, items: json.items.map((item) => shift.index(item)) }; }
    constructor(json) {
        this.items = json.items;
        this.caseInsensitive = json.case_insensitive === true;
    }
    get passesWithNoItems() { return true; }
    passes(value, environment) {
        if (value.kind !== "integer") return true;
        const count = Number(value.value < BigInt(this.items.length) ? value.value : BigInt(this.items.length));
        const present = [];
        for (let position = 0; position < count; position++) {
            const item = environment.values[this.items[position]];
            if (item.kind === "value") present.push(item.scalar);
        }
        if (present.length === 0) return true;
        // As Swift's: texts through a set (each folded once), ordered values sorted, others by pairs.
        if (present.every((item) => item.kind === "text")) {
            const seen = new Set();
            for (const item of present) {
                const text = this.caseInsensitive ? CaseFolding.fullFold(item.value) : item.value;
                if (seen.has(text)) return false;
                seen.add(text);
            }
            return true;
        }
        if (present.every((item) => fsScalarCompare(present[0], item) !== null)) {
            present.sort(fsScalarCompare);
            for (let position = 1; position < present.length; position++) {
                if (fsScalarCompare(present[position - 1], present[position]) === 0) return false;
            }
            return true;
        }
        for (let offset = 0; offset < present.length; offset++) {
            for (let other = offset + 1; other < present.length; other++) {
                if (fsScalarEquals(present[offset], present[other], this.caseInsensitive)) return false;
            }
        }
        return true;
    }
}

Object.assign(fsValueRules, { min_items: MinItemsRule, max_items: MaxItemsRule, unique_items: UniqueItemsRule });

Object.assign(LoweredRules.prototype, {
    /** A `contains` node on a list whose value (its item count) is `value`: its first items are read. */
    listContains(node, value, values) {
        if (value.kind !== "value" || value.scalar.kind !== "integer") return false;
        const items = this.tables[node.count];
        const count = Number(value.scalar.value < BigInt(items.length) ? value.scalar.value : BigInt(items.length));
        for (let position = 0; position < count; position++) {
            const item = values[items[position]];
            if (item.kind === "value" && fsScalarExactlyEquals(item.scalar, this.literals[node.payload])) return true;
        }
        return false;
    },
});
