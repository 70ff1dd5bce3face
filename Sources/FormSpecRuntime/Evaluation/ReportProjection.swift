import FormSpecPattern

extension Program {
    /// The report of the evaluation in `scratch` (``evaluate(_:context:)``), with messages in the
    /// context's locale.
    package func report(from scratch: EvaluationScratch, context: EvaluationContext) -> Report {
        report(from: scratch, texts: context.texts(for: self), mode: context.mode, strict: context.strict)
    }

    /// The report of the evaluation in `scratch`, with messages from `texts`.
    ///
    /// - Parameters:
    ///   - scratch: An evaluated scratch.
    ///   - texts: The program's texts in the wanted locale (``texts(for:)``).
    ///   - mode: The mode the scratch was evaluated in.
    ///   - strict: Whether unknown keys are form errors.
    package func report(from scratch: EvaluationScratch, texts: ProgramTexts, mode: Mode, strict: Bool) -> Report {
        guard mode != .show else {
            return Report(form: form, valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: nil)
        }
        var reports: [String: FieldReport] = Dictionary(minimumCapacity: scratch.activeFields.count)
        var order: [String] = []
        order.reserveCapacity(scratch.activeFields.count)
        for index in scratch.activeFields {
            let name = fields[index].name
            reports[name] = fieldReport(index, from: scratch, texts: texts)
            order.append(name)
        }
        var formErrors: [Issue] = []
        forEachFormError(
            failedFormRules: scratch.failedFormRules, unknownKeys: scratch.unknownKeys, strict: strict,
            values: scratch.values
        ) {
            formErrors.append(formError($0, texts: texts))
        }
        return Report(
            form: form, valid: scratch.valid, fields: reports, fieldOrder: order, formErrors: formErrors,
            changed: mode == .edit ? scratch.changedFields.map { fields[$0].name } : nil)
    }

    /// Active field `index`'s report, projected from its outcome list in `scratch`: the checklist
    /// (every result), the errors and warnings (failed results, `report: first` applied).
    package func fieldReport(_ index: Int, from scratch: EvaluationScratch, texts: ProgramTexts) -> FieldReport {
        fieldReport(
            index, results: scratch.results(of: index), failures: scratch.failureMessages, values: scratch.values,
            texts: texts)
    }

    /// Active field `index`'s report, projected from an outcome list kept from an evaluation.
    ///
    /// - Parameters:
    ///   - index: The field.
    ///   - results: The field's outcome list (``EvaluationScratch/results(of:)``).
    ///   - failures: The evaluation's ``EvaluationScratch/failureMessages``.
    ///   - values: The record's values (the field's own, and the secrets it must not show).
    ///   - texts: The program's texts in the wanted locale.
    ///   - withChecks: Whether to list the checklist too (a live form that already shows the same
    ///     lines needs only the messages).
    package func fieldReport(
        _ index: Int, results: some Collection<RuleResult>, failures: [String], values: [FieldValue],
        texts: ProgramTexts, withChecks: Bool = true
    ) -> FieldReport {
        let scalar = shownValue(of: index, in: values)
        let first = Int(lowered.fieldStart[index])
        var checks: [Check] = []
        if withChecks {
            checks.reserveCapacity(results.count)
            for result in results {
                let line = self.line(result, field: index, first: first, texts: texts)
                // `required` texts never show the value (it is empty when they fail).
                let shown = line.name == "required" ? nil : scalar
                checks.append(
                    Check(
                        rule: line.name, passed: result.outcome == .passed,
                        requirement: line.requirement.render(value: shown)))
            }
        }
        var errors: [Issue] = []
        var warnings: [Issue] = []
        forEachIssue(ofField: index, results: results, values: values) { source, isWarning in
            let issue: Issue
            switch source {
            case .result(let result) where result.failure >= 0:
                issue = Issue(rule: "check", message: failures[Int(result.failure)])
            case .result(let result):
                let line = self.line(result, field: index, first: first, texts: texts)
                issue = Issue(
                    rule: line.name, message: line.message.render(value: line.name == "required" ? nil : scalar))
            case .invalidValue(let rule):
                let message = rule == "choice" ? texts.choice[index] : texts.type[index]
                issue = Issue(rule: rule, message: message.render(value: nil))
            }
            if isWarning { warnings.append(issue) } else { errors.append(issue) }
        }
        // `report: first` keeps one error, so a field has errors exactly when it has any.
        return FieldReport(valid: errors.isEmpty, errors: errors, warnings: warnings, checks: checks)
    }

    /// Where one issue of a field comes from: a failed result of its outcome list, or a value that
    /// could not be read as the field's type (`type`, or `choice` outside the options).
    package enum IssueSource {
        case result(RuleResult)
        case invalidValue(rule: String)
    }

    /// The one projection of a field's outcomes to its errors and warnings, in report order: the
    /// failed results (each with whether it is a warning), then the failure of an unreadable value;
    /// `report: first` keeps only the first error. ``Report``, the short report writer and live forms
    /// all read it.
    ///
    /// - Parameter warnings: Only warnings (`true`), only errors (`false`), or both (`nil`).
    @inline(__always)
    package func forEachIssue(
        ofField index: Int, results: some Collection<RuleResult>, values: [FieldValue], warnings: Bool? = nil,
        _ body: (IssueSource, _ isWarning: Bool) -> Void
    ) {
        let first = Int(lowered.fieldStart[index])
        // Through the array: copying the `FieldProgram` would retain each of its members.
        let firstOnly = fields[index].reportsFirstOnly
        var errors = 0
        for result in results where result.outcome == .failed {
            let isWarning = result.rule >= 0 && lowered.instructions[first + Int(result.rule)].isWarning
            if let warnings, warnings != isWarning { continue }
            if !isWarning {
                if firstOnly, errors > 0 { continue }
                errors += 1
            }
            body(.result(result), isWarning)
        }
        // Every other rule was not run, so this is the only error besides none.
        if warnings != true, case .invalid(let invalid) = values[index], !(firstOnly && errors > 0) {
            body(.invalidValue(rule: invalid.rule), false)
        }
    }

    /// Where one form error comes from: a failed form rule, or (strict) a key that is no field.
    package enum FormErrorSource {
        case formRule(Int)
        case unknownKey(String)
    }

    /// The one projection of a record's form-level outcomes to its form errors, in report order.
    package func forEachFormError(
        failedFormRules: [Int], unknownKeys: [String], strict: Bool, values: [FieldValue],
        _ body: (FormErrorSource) -> Void
    ) {
        for index in failedFormRules { body(.formRule(index)) }
        if strict { for key in unknownKeys { body(.unknownKey(shownKey(key, in: values))) } }
    }

    /// A form error as a report lists it.
    package func formError(_ source: FormErrorSource, texts: ProgramTexts) -> Issue {
        switch source {
        case .formRule(let index):
            Issue(rule: formRules[index].name, message: texts.formMessages[index].render(value: nil))
        case .unknownKey(let key):
            Issue(rule: "unknown_field", message: texts.unknownField.render(value: .text(key)))
        }
    }

    /// The name and texts of one checklist line.
    func line(_ result: RuleResult, field index: Int, first: Int, texts: ProgramTexts)
        -> (name: String, requirement: RenderedText, message: RenderedText, isWarning: Bool)
    {
        guard result.rule >= 0 else { return ("required", texts.required[index], texts.required[index], false) }
        let position = first + Int(result.rule)
        let instruction = lowered.instructions[position]
        // A `required` rule reports as `required` whatever it is called.
        let name = instruction.op == .required ? "required" : fields[index].rules[Int(result.rule)].name
        return (name, texts.requirements[position], texts.messages[position], instruction.isWarning)
    }

    /// Whether field `index` has a rule that runs an external check.
    package func runsChecks(field index: Int) -> Bool { lowered.hasChecks[index] }

    /// The index of rule `rule` of field `field` in ``ProgramTexts/messages`` and
    /// ``ProgramTexts/requirements``.
    package func ruleIndex(field: Int, rule: Int) -> Int { Int(lowered.fieldStart[field]) + rule }

    /// The program's texts rendered for `chain` (the program keeps those of its default chain).
    package func texts(for chain: LocaleChain) -> ProgramTexts {
        chain == defaultTexts.chain ? defaultTexts : ProgramTexts(self, chain: chain)
    }
}

extension Program {
    /// What a message's `{value}` shows for field `index`: its value, masked when, as a message
    /// writes it, it contains the value of a secret field of the same record in any letter case.
    /// The checker already refuses `{value}` on secret fields and on rules that compare with one;
    /// this covers a value that holds a secret by coincidence or by mistake: a password typed into
    /// a text field, a PIN typed into a number field, a hint that spells the password (`my
    /// Hunter2!`), because a secret's value appears in no output.
    package func shownValue(of index: Int, in values: [FieldValue]) -> Scalar? {
        guard let scalar = values[index].scalar else { return nil }
        guard !secretFields.isEmpty else { return scalar }
        let shown = scalar.description
        let number = scalar.decimal
        for other in secretFields where other != index {
            guard let secret = values[other].scalar?.textValue, !secret.isEmpty else { continue }
            if CaseFolding.contains(shown, secret) { return .text(Self.maskedValue) }
            // A number typed as the secret is written (`012`, `12.0`, `1.2e1` for a PIN of 12)
            // shows as `12`, which does not contain it, but is it.
            if let number, let typed = DecimalNumber(secret), typed.exact.compare(number) == 0 {
                return .text(Self.maskedValue)
            }
        }
        return scalar
    }

    /// An unknown key as a form error names it: ``maskedValue`` when it contains a secret field's
    /// value, so a password sent as a key by a broken client is not printed back. As written
    /// (scalar for scalar), like ``maskingSecrets(in:values:)``: any form with a secret may be
    /// validated in strict mode, and folding case would put the case-folding tables into every
    /// JavaScript module with a secret.
    package func shownKey(_ key: String, in values: [FieldValue]) -> String {
        for field in secretFields {
            guard let secret = values[field].scalar?.textValue, !secret.isEmpty else { continue }
            if Self.replacingScalars(of: secret, in: key) != key { return Self.maskedValue }
        }
        return key
    }

    /// An external check's reason for failing (the text of the error an app's check threw), with
    /// each occurrence of a secret field's value, as written (scalar for scalar), replaced by
    /// ``maskedValue``: a check that echoes what it was given ("Hunter2 appears in a breach") must
    /// not put a password into a report. Unlike ``shownValue(of:in:)``, other letter cases are
    /// left: a reason is the app's own text, and folding case would put the case-folding tables
    /// into every JavaScript module with a secret and a check.
    package func maskingSecrets(in reason: String, values: [FieldValue]) -> String {
        var masked = reason
        for field in secretFields {
            guard let secret = values[field].scalar?.textValue, !secret.isEmpty else { continue }
            masked = Self.replacingScalars(of: secret, in: masked)
        }
        return masked
    }

    /// `text` with every occurrence of `secret`, compared scalar for scalar (not by `Character`,
    /// which would also match canonically equivalent spellings, as the JavaScript runtime does
    /// not), replaced by ``maskedValue``.
    private static func replacingScalars(of secret: String, in text: String) -> String {
        let needle = Array(secret.unicodeScalars)
        let haystack = Array(text.unicodeScalars)
        guard haystack.count >= needle.count else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                result.append(contentsOf: maskedValue.unicodeScalars)
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(result)
    }

    /// What stands in a message for a value that must not be shown.
    package static let maskedValue = "••••"
}
