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
        var formErrors = scratch.failedFormRules.map {
            Issue(rule: formRules[$0].name, message: texts.formMessages[$0].render(value: nil))
        }
        if strict {
            for key in scratch.unknownKeys {
                formErrors.append(Issue(rule: "unknown_field", message: texts.unknownField.render(value: .text(key))))
            }
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
        let value = values[index]
        let scalar = shownValue(of: index, in: values)
        let first = Int(lowered.fieldStart[index])
        var errors: [Issue] = []
        var warnings: [Issue] = []
        var checks: [Check] = []
        if withChecks { checks.reserveCapacity(results.count) }
        for result in results {
            guard withChecks || result.outcome == .failed else { continue }
            let line = self.line(result, field: index, first: first, texts: texts)
            // `required` texts never show the value (it is empty when they fail).
            let shown = line.name == "required" ? nil : scalar
            if withChecks {
                checks.append(
                    Check(
                        rule: line.name, passed: result.outcome == .passed,
                        requirement: line.requirement.render(value: shown)))
            }
            guard result.outcome == .failed else { continue }
            let issue =
                result.failure >= 0
                ? Issue(rule: "check", message: failures[Int(result.failure)])
                : Issue(rule: line.name, message: line.message.render(value: shown))
            if line.isWarning { warnings.append(issue) } else { errors.append(issue) }
        }
        if case .invalid(let rule) = value {
            // Every other rule was not run, so this is the only error besides none.
            let message = rule == "choice" ? texts.choice[index] : texts.type[index]
            errors.append(Issue(rule: rule, message: message.render(value: nil)))
        }
        let valid = errors.isEmpty
        // Through the array: copying the `FieldProgram` would retain each of its members.
        if fields[index].reportsFirstOnly, errors.count > 1 { errors.removeSubrange(1...) }
        return FieldReport(valid: valid, errors: errors, warnings: warnings, checks: checks)
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
    /// What a message's `{value}` shows for field `index`: its value, masked when it is exactly the
    /// value of a secret field of the same record. The checker already refuses `{value}` on secret
    /// fields and on rules that compare with one; this covers the value that equals a secret by
    /// coincidence (a password typed into a text field), because a secret's value, and anything
    /// equal to it, appears in no output.
    package func shownValue(of index: Int, in values: [FieldValue]) -> Scalar? {
        guard let scalar = values[index].scalar, case .text = scalar else { return values[index].scalar }
        for other in secretFields where other != index {
            if let secret = values[other].scalar, secret.exactlyEquals(scalar) { return .text(Self.maskedValue) }
        }
        return scalar
    }

    /// What stands in a message for a value that must not be shown.
    package static let maskedValue = "••••"
}
