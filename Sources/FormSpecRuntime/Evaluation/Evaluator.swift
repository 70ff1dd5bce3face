extension Program {
    /// Validates one input object.
    ///
    /// - Parameters:
    ///   - input: An object of field values.
    ///   - context: Locale, mode, original values, strictness, today and external check outcomes.
    /// - Returns: The report.
    /// - Throws: ``EvaluationError`` when the input is not an object or a check has no outcome.
    public func validate(_ input: Value, context: EvaluationContext = EvaluationContext()) throws(EvaluationError)
        -> Report
    {
        // Read members straight into the field values: no intermediate slot array per record.
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        var values = defaultValues
        var unknownKeys: [String] = []
        for member in members {
            if let index = fieldIndex[member.key] {
                values[index] = read(member.value, forField: index)
            } else if context.strict {
                unknownKeys.append(member.key)
            }
        }
        return try evaluate(values, unknownKeys: unknownKeys, context: context)
    }

    /// Splits an input object into per-field slots.
    /// - Throws: ``EvaluationError/notAnObject(_:)`` for anything but an object.
    public func record(from input: Value) throws(EvaluationError) -> Record {
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        var record = Record(values: Array(repeating: nil, count: fields.count))
        for member in members {
            if let index = fieldIndex[member.key] {
                record.values[index] = member.value
            } else {
                record.unknownKeys.append(member.key)
            }
        }
        return record
    }

    /// The original values of edit mode read as the fields' types (defaults for missing ones).
    func readOriginal(_ original: Value?) throws(EvaluationError) -> [FieldValue] {
        guard let original else { return defaultValues }
        return read(try record(from: original))
    }

    /// Each field's value read as its type, defaults applied.
    public func read(_ record: Record) -> [FieldValue] {
        var values: [FieldValue] = []
        values.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            let raw = record.values[index] ?? field.defaultValue
            values.append(field.type.read(raw, trim: field.trim, options: optionSets[index]))
        }
        return values
    }

    /// Validates a record already split into field slots.
    public func validate(_ record: Record, context: EvaluationContext = EvaluationContext()) throws(EvaluationError)
        -> Report
    {
        try evaluate(read(record), unknownKeys: context.strict ? record.unknownKeys : [], context: context)
    }

    private func evaluate(_ values: [FieldValue], unknownKeys: [String], context: EvaluationContext)
        throws(EvaluationError) -> Report
    {
        var changed: [String]?
        if context.mode == .edit {
            let originalValues = try context.originalValues(for: self)
            changed = fields.indices.filter { !values[$0].isSame(as: originalValues[$0]) }.map { fields[$0].name }
        }
        if context.mode == .show {
            return Report(form: form, valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: nil)
        }

        let chain = context.localeChain(for: self)
        var environment = RuleEnvironment(values: values, today: context.today, field: 0, checks: context.checks)
        var reports: [String: FieldReport] = Dictionary(minimumCapacity: fields.count)
        var order: [String] = []
        order.reserveCapacity(fields.count)
        var valid = true
        for (index, field) in fields.enumerated() {
            if let condition = field.condition, !condition.holds(values, mode: context.mode) { continue }
            environment.field = index
            let report = try evaluate(field, values[index], in: environment, mode: context.mode, chain: chain)
            valid = valid && report.valid
            reports[field.name] = report
            order.append(field.name)
        }

        var formErrors = self.formErrors(values, changed: changed ?? [], mode: context.mode, chain: chain)
        if context.strict {
            for key in unknownKeys {
                formErrors.append(
                    Issue(rule: "unknown_field", message: unknownFieldMessage.render(chain, value: .text(key))))
            }
        }
        return Report(
            form: form, valid: valid && formErrors.isEmpty, fields: reports, fieldOrder: order,
            formErrors: formErrors, changed: changed)
    }

    /// The form rules that fail for these values.
    ///
    /// - Parameters:
    ///   - values: Every field's value, as ``read(_:)`` gives them.
    ///   - changed: In edit mode, the names of the fields that differ from the original.
    ///   - mode: The caller's mode.
    ///   - chain: The locales to render messages in.
    public func formErrors(_ values: [FieldValue], changed: [String], mode: Mode, chain: LocaleChain) -> [Issue] {
        var formErrors: [Issue] = []
        for rule in formRules {
            if let condition = rule.condition, !condition.holds(values, mode: mode) { continue }
            let passes: Bool
            switch rule.kind {
            case .requireChanges: passes = mode != .edit || !changed.isEmpty
            case .atLeastOneOf(let indexes):
                passes = indexes.contains { if case .empty = values[$0] { false } else { true } }
            }
            if !passes { formErrors.append(Issue(rule: rule.name, message: rule.message.render(chain))) }
        }
        return formErrors
    }

    /// Whether field `index` is active (its `when:` holds) for these values.
    public func isActive(_ index: Int, values: [FieldValue], mode: Mode) -> Bool {
        fields[index].condition?.holds(values, mode: mode) ?? true
    }

    /// Evaluates one field on its own: what a live form re-runs when a value it reads changes.
    ///
    /// - Parameters:
    ///   - index: The field's index.
    ///   - values: Every field's value, as ``read(_:)`` gives them.
    ///   - context: Mode, today and external check outcomes (locale comes from `chain`).
    ///   - chain: The locales to render messages in.
    /// - Returns: The field's report, or `nil` when the field is inactive.
    /// - Throws: ``EvaluationError/unresolvedCheck(check:field:)`` when a check has no outcome.
    public func evaluateField(_ index: Int, values: [FieldValue], context: EvaluationContext, chain: LocaleChain)
        throws(EvaluationError) -> FieldReport?
    {
        guard isActive(index, values: values, mode: context.mode) else { return nil }
        let environment = RuleEnvironment(values: values, today: context.today, field: index, checks: context.checks)
        return try evaluate(fields[index], values[index], in: environment, mode: context.mode, chain: chain)
    }

    /// Reads one raw input as field `index`'s type (defaults applied when `raw` is `nil`).
    public func read(_ raw: Value?, forField index: Int) -> FieldValue {
        let field = fields[index]
        return field.type.read(raw ?? field.defaultValue, trim: field.trim, options: optionSets[index])
    }

    private func evaluate(
        _ field: FieldProgram, _ value: FieldValue, in environment: RuleEnvironment, mode: Mode, chain: LocaleChain
    ) throws(EvaluationError) -> FieldReport {
        // A `required: true` rule with a `when:` makes the field required only while it holds.
        var required = field.required
        var requiredRule: RuleProgram?
        for rule in field.rules {
            guard case .required = rule.rule else { continue }
            if rule.condition?.holds(environment.values, mode: mode) ?? true {
                required = true
                requiredRule = rule
                break
            }
        }
        var errors: [Issue] = []
        var warnings: [Issue] = []
        var checks: [Check] = []
        checks.reserveCapacity(field.rules.count + 1)
        if required {
            let passed = value != .empty
            let requirement = requiredRule?.requirement ?? field.requiredMessage
            checks.append(Check(rule: "required", passed: passed, requirement: requirement.render(chain)))
            if !passed {
                let message = requiredRule?.message ?? field.requiredMessage
                errors.append(Issue(rule: "required", message: message.render(chain)))
            }
        }

        switch value {
        case .value(let scalar):
            for rule in field.rules {
                if case .required = rule.rule { continue }
                if let condition = rule.condition, !condition.holds(environment.values, mode: mode) { continue }
                let passed = try rule.rule.passes(scalar, field: field, in: environment, mode: mode)
                checks.append(
                    Check(rule: rule.name, passed: passed, requirement: rule.requirement.render(chain, value: scalar)))
                if !passed {
                    let issue = Issue(rule: rule.name, message: rule.message.render(chain, value: scalar))
                    if rule.severity == .error { errors.append(issue) } else { warnings.append(issue) }
                }
            }
        case .empty, .invalid:
            if case .invalid(let rule) = value {
                let message = rule == "choice" ? field.choiceMessage : field.typeMessage
                errors.append(Issue(rule: rule, message: message.render(chain)))
            }
            // Nothing to check, but the checklist still lists each requirement. Text rules that can
            // be judged on "" (a maximum length, a forbidden pattern) show their real status.
            for rule in field.rules {
                if case .required = rule.rule { continue }
                if let condition = rule.condition, !condition.holds(environment.values, mode: mode) { continue }
                var passed = false
                if case .empty = value, field.type.isTextual {
                    switch rule.rule {
                    case .length, .pattern, .contains, .format:
                        passed = (try? rule.rule.passes(.text(""), field: field, in: environment, mode: mode)) ?? false
                    default: break
                    }
                }
                checks.append(Check(rule: rule.name, passed: passed, requirement: rule.requirement.render(chain)))
            }
        }
        if field.reportsFirstOnly, errors.count > 1 { errors.removeSubrange(1...) }
        return FieldReport(valid: errors.isEmpty, errors: errors, warnings: warnings, checks: checks)
    }
}

extension FieldValue {
    /// Whether two values are the same for edit-mode change tracking (text compared exactly).
    public func isSame(as other: FieldValue) -> Bool {
        switch (self, other) {
        case (.empty, .empty): true
        case let (.value(a), .value(b)): a.exactlyEquals(b)
        case let (.invalid(a), .invalid(b)): a == b
        default: false
        }
    }
}
