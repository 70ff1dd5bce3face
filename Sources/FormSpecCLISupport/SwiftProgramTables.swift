@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// Writes a program as Swift values for `formspec compile --emit swift`: the generated file builds
/// its `Program` with initializers over literals, so starting an app costs no JSON and no `Codable`.
///
/// ```swift
/// enum Tables {
///     static let texts: [FormSpecRuntime.LocalizedText] = {
///         var texts: [FormSpecRuntime.LocalizedText] = []
///         texts.append(FormSpecRuntime.LocalizedText(["en": FormSpecRuntime.Template(text: "Username is required")]))
///         …
///         return texts
///     }()
///     static func program() throws -> FormSpecRuntime.Program {
///         var fields: [FormSpecRuntime.FieldProgram] = []
///         fields.append(field0())
///         fields += FormSpecRuntime.RepeatedItems(list: 1, count: 20).fields(from: items1())
///         return FormSpecRuntime.Program(form: "signup", …, fields: fields, …)
///     }
///     static func field0() -> FormSpecRuntime.FieldProgram {
///         FormSpecRuntime.FieldProgram(name: "username", …, requiredMessage: texts[0], …)
///     }
/// }
/// ```
///
/// Every type is written with its module (`FormSpecRuntime.Program`), as in the rest of the file
/// (see ``SwiftSourceEmitter``): no type of the form or of the app hides one.
///
/// Each message or checklist text is written once in `texts` and named by index, since most of a
/// program is the same few default messages in every bundled locale. Each field has a function
/// of its own, and the tables are built statement by statement (at most
/// ``statementsPerFunction`` to a function), which keeps every expression small for the type
/// checker: its time stays linear in the form's size. A list whose items are its first item moved
/// (``RepeatedItems``) has functions for its first item only (`items1()`), and the runtime makes
/// the others, so the file does not grow with `max_items`. Patterns are their compiled
/// automata as `[Int32]` literals (`PatternRule(…, words:)`); rebuilding one and making a value rule
/// check what they are given, so only a field holding one throws.
///
/// Every switch below is exhaustive: a new rule, test or operand fails to build here until it is
/// written, and `GeneratedSwiftTests` compare each shipped spec's program with the one it builds.
struct SwiftProgramTables {
    private var texts: [LocalizedText] = []
    private var textIndexes: [LocalizedText: Int] = [:]
    /// Whether the expression being written calls a throwing initializer.
    private var throwing = false

    /// Statements a generated function holds at most: the type checker takes each statement on
    /// its own, but one expression (an array literal of every text, a `+` chain of every field)
    /// took time and memory growing with the square of the form's size.
    static let statementsPerFunction = 200

    /// Lines that append to an array, and whether one of them throws.
    private struct Statements {
        var lines: [String] = []
        var throwing = false

        mutating func append(_ line: String, throwing: Bool) {
            lines.append((throwing ? "try " : "") + line)
            self.throwing = self.throwing || throwing
        }
    }

    /// A generated function: its lines, body indented.
    private typealias Function = [String]

    /// The `Tables` enum's lines, for `program`.
    static func write(_ program: Program, into out: inout SourceWriter) {
        var tables = SwiftProgramTables()
        // Each field written has a function `fieldN`, N its index; a list's items written once
        // (`RepeatedItems`) have functions for their first item only (`itemsN`, N the list's index).
        var functions: [Function] = []
        func appending(_ written: [WrittenFields]) -> Statements {
            var statements = Statements()
            for stretch in written {
                switch stretch {
                case .fields(let range):
                    for index in range {
                        tables.throwing = false
                        let text = tables.field(program.fields[index])
                        let throwing = tables.throwing
                        functions.append([
                            "static func field\(index)() \(throwing ? "throws " : "")-> FormSpecRuntime.FieldProgram {",
                            "    " + text, "}",
                        ])
                        statements.append("fields.append(field\(index)())", throwing: throwing)
                    }
                case .items(let run, let first):
                    let inner = appending(first)
                    let name = "items\(run.list)"
                    var function: Function = [
                        "static func \(name)() \(inner.throwing ? "throws " : "")-> [FormSpecRuntime.FieldProgram] {",
                        "    var fields: [FormSpecRuntime.FieldProgram] = []",
                    ]
                    let body = chunked(inner, name: name, variable: "fields", element: "FormSpecRuntime.FieldProgram")
                    function += body.map { "    " + $0 }
                    functions.append(function + ["    return fields", "}"])
                    statements.append(
                        "fields += FormSpecRuntime.RepeatedItems(list: \(run.list), count: \(run.count))"
                            + ".fields(from: \(name)())", throwing: inner.throwing)
                }
            }
            return statements
        }
        /// `statements` as the caller's lines: themselves, or calls of functions holding at most
        /// ``statementsPerFunction`` each, added to `functions`.
        func chunked(_ statements: Statements, name: String, variable: String, element: String) -> [String] {
            guard statements.lines.count > statementsPerFunction else { return statements.lines }
            var calls: [String] = []
            for (chunk, start) in stride(from: 0, to: statements.lines.count, by: statementsPerFunction).enumerated() {
                let lines = statements.lines[start..<min(start + statementsPerFunction, statements.lines.count)]
                let throwing = lines.contains { $0.hasPrefix("try ") }
                functions.append(
                    ["static func \(name)_\(chunk)(_ \(variable): inout [\(element)]) \(throwing ? "throws " : ""){"]
                        + lines.map { "    " + $0 } + ["}"])
                calls.append((throwing ? "try " : "") + "\(name)_\(chunk)(&\(variable))")
            }
            return calls
        }
        let fieldStatements = appending(WrittenFields.of(program.fields))
        let fieldLines = chunked(
            fieldStatements, name: "fields", variable: "fields", element: "FormSpecRuntime.FieldProgram")
        tables.throwing = false
        let formRules = program.formRules.map { tables.formRule($0) }
        let unknownField = tables.text(program.unknownFieldMessage)
        let programThrows = tables.throwing || fieldStatements.throwing
        var textStatements = Statements()
        for text in tables.texts { textStatements.append("texts.append(\(Self.localizedText(text)))", throwing: false) }
        let textLines = chunked(
            textStatements, name: "texts", variable: "texts", element: "FormSpecRuntime.LocalizedText")

        out.line("/// The lowered program as Swift values: ``program()`` builds it once, on first use, with no")
        out.line("/// decoding. Internal, so a benchmark in the module can time `Tables.program()` itself.")
        out.line("enum Tables {")
        out.indented { out in
            out.line(
                programThrows
                    ? "static let built = Swift.Result { try program() }"
                    : "static let built: Swift.Result<FormSpecRuntime.Program, any Swift.Error> = .success(program())")
            out.line("")
            out.line("/// Every message and checklist text of the form, each once.")
            out.line("static let texts: [FormSpecRuntime.LocalizedText] = {")
            out.indented { out in
                out.line("var texts: [FormSpecRuntime.LocalizedText] = []")
                out.line("texts.reserveCapacity(\(tables.texts.count))")
                for line in textLines { out.line(line) }
                out.line("return texts")
            }
            out.line("}()")
            out.line("")
            out.line("static func program() \(programThrows ? "throws " : "")-> FormSpecRuntime.Program {")
            out.indented { out in
                out.line("var fields: [FormSpecRuntime.FieldProgram] = []")
                out.line("fields.reserveCapacity(\(program.fields.count))")
                for line in fieldLines { out.line(line) }
                out.line("return FormSpecRuntime.Program(")
                out.line("    form: \(Self.string(program.form)), title: \(Self.optional(program.title, Self.string)),")
                out.line("    locale: \(Self.string(program.locale)),")
                out.line("    fields: fields,")
                out.line("    formRules: \(Self.array(formRules)),")
                out.line("    unknownFieldMessage: \(unknownField))")
            }
            out.line("}")
            for function in functions {
                out.line("")
                for line in function { out.line(line) }
            }
        }
        out.line("}")
    }

    // MARK: Program parts

    private mutating func field(_ field: FieldProgram) -> String {
        let arguments = [
            "name: \(Self.string(field.name))",
            "label: \(Self.string(field.label))",
            "labelTranslations: \(Self.optional(field.labelTranslations, Self.translations))",
            "type: .\(field.type)",
            "required: \(field.required)",
            "requiredMessage: \(text(field.requiredMessage))",
            "typeMessage: \(text(field.typeMessage))",
            "defaultValue: \(Self.optional(field.defaultValue, Self.value))",
            "defaultOffset: \(Self.optional(field.defaultOffset, Self.dateOffset))",
            "trim: \(field.trim)",
            "debounceMilliseconds: \(Self.optional(field.debounceMilliseconds) { "\($0)" })",
            "condition: \(field.condition.map { condition($0) } ?? "nil")",
            "reportsFirstOnly: \(field.reportsFirstOnly)",
            "rules: \(Self.array(field.rules.map { ruleProgram($0) }))",
            "options: \(Self.array(field.options.map(Self.option)))",
            "choiceMessage: \(text(field.choiceMessage))",
            "reads: \(Self.array(field.reads.map { "\($0)" }))",
        ]
        return "FormSpecRuntime.FieldProgram(" + arguments.joined(separator: ", ") + ")"
    }

    private mutating func ruleProgram(_ item: RuleProgram) -> String {
        let arguments = [
            "name: \(Self.string(item.name))",
            "rule: \(rule(item.rule))",
            "message: \(text(item.message))",
            "requirement: \(text(item.requirement))",
            "condition: \(item.condition.map { condition($0) } ?? "nil")",
            "severity: .\(item.severity)",
            "debounceMilliseconds: \(Self.optional(item.debounceMilliseconds) { "\($0)" })",
        ]
        return "FormSpecRuntime.RuleProgram(" + arguments.joined(separator: ", ") + ")"
    }

    private mutating func rule(_ rule: Rule) -> String {
        switch rule {
        case .required:
            return ".required"
        case .length(let length):
            return ".length(FormSpecRuntime.LengthRule(bound: .\(length.bound), limit: \(length.limit), "
                + "unit: .\(length.unit)))"
        case .pattern(let pattern):
            return ".pattern(\(patternRule(pattern)))"
        case .contains(let contains):
            let classes = Self.array(contains.classes.map { ".\($0)" })
            return ".contains(FormSpecRuntime.ContainsRule(classes: \(classes), count: \(contains.count)))"
        case .format(let format):
            return ".format(FormSpecRuntime.FormatRule(format: .\(format.format)))"
        case .equality(let equality):
            return ".equality(FormSpecRuntime.EqualityRule(operand: \(Self.operand(equality.operand)), "
                + "negated: \(equality.negated), caseInsensitive: \(equality.caseInsensitive)))"
        case .membership(let membership):
            let values = Self.array(membership.values.map(Self.scalar))
            return ".membership(FormSpecRuntime.MembershipRule(values: \(values), "
                + "negated: \(membership.negated), caseInsensitive: \(membership.caseInsensitive)))"
        case .fieldComparison(let comparison):
            return ".fieldComparison(FormSpecRuntime.FieldComparisonRule(other: \(comparison.other), "
                + "negated: \(comparison.negated), caseInsensitive: \(comparison.caseInsensitive)))"
        case .range(let range):
            return ".range(FormSpecRuntime.RangeRule(comparison: .\(range.comparison), "
                + "operand: \(Self.operand(range.operand))))"
        case .multipleOf(let multiple):
            return ".multipleOf(FormSpecRuntime.MultipleOfRule(operand: \(Self.operand(multiple.operand))))"
        case .all(let items):
            return ".all(\(Self.array(items.map { ruleProgram($0) })))"
        case .any(let items):
            return ".any(\(Self.array(items.map { ruleProgram($0) })))"
        case .not(let item):
            return ".not(\(ruleProgram(item)))"
        case .check(let check):
            return ".check(FormSpecRuntime.ExternalCheckRule(name: \(Self.string(check.name)), "
                + "runsWhen: .\(check.runsWhen)))"
        case .value(let value):
            throwing = true
            let argument: String
            switch value.base.checkedArgument {
            case .field(let index): argument = ".field(\(index))"
            case .count(let count): argument = ".count(\(count))"
            case .items(let items): argument = ".items(\(Self.array(items.map { "\($0)" })))"
            }
            return ".value(try FormSpecRuntime.AnyValueRule(named: \(Self.string(value.name)), argument: \(argument), "
                + "caseInsensitive: \(value.base.isCaseInsensitive)))"
        }
    }

    private mutating func patternRule(_ rule: PatternRule) -> String {
        throwing = true
        return "try FormSpecRuntime.PatternRule(source: \(Self.string(rule.source)), "
            + "flags: \(Self.string(rule.flagLetters)), negated: \(rule.negated), "
            + "words: \(Self.array(rule.words.map { "\($0)" })))"
    }

    private mutating func condition(_ condition: Condition) -> String {
        switch condition {
        case .field(let index, let test):
            let written: String
            switch test {
            case .equals(let value): written = ".equals(\(Self.scalar(value)))"
            case .notEquals(let value): written = ".notEquals(\(Self.scalar(value)))"
            case .oneOf(let values): written = ".oneOf(\(Self.array(values.map(Self.scalar))))"
            case .empty(let empty): written = ".empty(\(empty))"
            case .compare(let comparison, let operand): written = ".compare(.\(comparison), \(Self.operand(operand)))"
            case .matches(let pattern): written = ".matches(\(patternRule(pattern)))"
            case .contains(let value, let items):
                written = ".contains(\(Self.scalar(value)), items: \(Self.array(items.map { "\($0)" })))"
            }
            return ".field(\(index), \(written))"
        case .mode(let mode): return ".mode(.\(mode))"
        case .all(let conditions): return ".all(\(Self.array(conditions.map { self.condition($0) })))"
        case .any(let conditions): return ".any(\(Self.array(conditions.map { self.condition($0) })))"
        case .not(let inner): return ".not(\(self.condition(inner)))"
        }
    }

    private mutating func formRule(_ rule: FormRuleProgram) -> String {
        let kind =
            switch rule.kind {
            case .requireChanges: ".requireChanges"
            case .atLeastOneOf(let fields): ".atLeastOneOf(\(Self.array(fields.map { "\($0)" })))"
            }
        return "FormSpecRuntime.FormRuleProgram(name: \(Self.string(rule.name)), kind: \(kind), "
            + "message: \(text(rule.message)), condition: \(rule.condition.map { condition($0) } ?? "nil"))"
    }

    /// `texts[N]`, adding the text to the table the first time.
    private mutating func text(_ text: LocalizedText) -> String {
        if let index = textIndexes[text] { return "texts[\(index)]" }
        textIndexes[text] = texts.count
        texts.append(text)
        return "texts[\(texts.count - 1)]"
    }

    // MARK: Values

    private static func localizedText(_ text: LocalizedText) -> String {
        let entries = text.templates.sorted { $0.key < $1.key }.map { "\(string($0.key)): \(template($0.value))" }
        return "FormSpecRuntime.LocalizedText(\(entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"))"
    }

    private static func template(_ template: Template) -> String {
        if template.segments.count == 1, case .text(let text) = template.segments[0] {
            return "FormSpecRuntime.Template(text: \(string(text)))"
        }
        let segments = template.segments.map { segment in
            switch segment {
            case .text(let text): ".text(\(string(text)))"
            case .value: ".value"
            }
        }
        return "FormSpecRuntime.Template(\(array(segments)))"
    }

    private static func scalar(_ scalar: Scalar) -> String {
        switch scalar {
        case .text(let text): ".text(\(string(text)))"
        case .integer(let integer): ".integer(\(integer))"
        case .number(let number): ".number(FormSpecRuntime.ExactDecimal(\(string(number.description)))!)"
        case .boolean(let boolean): ".boolean(\(boolean))"
        case .date(let date): ".date(FormSpecRuntime.CivilDate(iso: \(string(date.description)))!)"
        case .time(let time): ".time(FormSpecRuntime.CivilTime(parsing: \(string(time.description)))!)"
        case .datetime(let dateTime):
            ".datetime(FormSpecRuntime.OffsetDateTime(parsing: \(string(dateTime.description)))!)"
        }
    }

    private static func value(_ value: Value) -> String {
        switch value {
        case .null: ".null"
        case .bool(let bool): ".bool(\(bool))"
        case .integer(let integer): ".integer(\(integer))"
        case .number(let number): ".number(FormSpecRuntime.ExactDecimal(\(string(number.description)))!)"
        case .string(let text): ".string(\(string(text)))"
        case .array(let items): ".array(\(array(items.map(Self.value))))"
        case .object(let members):
            ".object(\(array(members.map { "FormSpecRuntime.Value.Member(\(string($0.key)), \(Self.value($0.value)))" })))"
        }
    }

    private static func operand(_ operand: Operand) -> String {
        switch operand {
        case .literal(let value): ".literal(\(scalar(value)))"
        case .field(let index): ".field(\(index))"
        case .today(let offset): ".today(\(dateOffset(offset)))"
        case .fieldOffset(let index, let offset):
            switch offset {
            case .date(let step): ".fieldOffset(\(index), .date(\(dateOffset(step))))"
            case .time(let step):
                ".fieldOffset(\(index), .time(FormSpecRuntime.TimeStep(amount: \(step.amount), unit: .\(step.unit))))"
            case .integer(let step): ".fieldOffset(\(index), .integer(\(step)))"
            case .number(let step):
                ".fieldOffset(\(index), .number(FormSpecRuntime.ExactDecimal(\(string(step.description)))!))"
            }
        }
    }

    private static func dateOffset(_ offset: DateOffset) -> String {
        "FormSpecRuntime.DateOffset(amount: \(offset.amount), unit: .\(offset.unit))"
    }

    private static func option(_ option: ChoiceOption) -> String {
        "FormSpecRuntime.ChoiceOption(value: \(string(option.value)), label: \(string(option.label)), "
            + "translations: \(optional(option.translations, translations)))"
    }

    private static func translations(_ translations: [String: String]) -> String {
        if translations.isEmpty { return "[:]" }
        return "["
            + translations.sorted { $0.key < $1.key }.map { "\(string($0.key)): \(string($0.value))" }
            .joined(separator: ", ") + "]"
    }

    private static func optional<T>(_ value: T?, _ write: (T) -> String) -> String {
        value.map(write) ?? "nil"
    }

    private static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    private static func string(_ text: String) -> String { SwiftSourceEmitter.stringLiteral(text) }
}
