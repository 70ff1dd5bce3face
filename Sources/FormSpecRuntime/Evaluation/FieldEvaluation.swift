extension Program {
    /// Evaluates field `index` alone against `scratch.values` for a live form: what a keystroke
    /// re-runs. ``evaluateField(_:in:context:)`` without the context: a live form has no original
    /// values or resolver to pass (it answers checks through `scratch.checkAnswers` and collects
    /// the unanswered ones), so nothing but the mode and today is read, and nothing is copied.
    ///
    /// - Parameters:
    ///   - index: The field.
    ///   - scratch: The values; afterwards `results` holds this field's outcome list only. Must
    ///     collect unanswered checks (``EvaluationScratch/collectsUnanswered``).
    ///   - mode: The form's mode.
    ///   - today: The date `today` means.
    /// - Returns: Whether the field is active.
    package func evaluateLiveField(_ index: Int, in scratch: inout EvaluationScratch, mode: Mode, today: CivilDate)
        -> Bool
    {
        scratch.startPass()
        guard mode != .show else {
            scratch.fieldStates[index] = .inactive(at: 0, pass: scratch.pass)
            return false
        }
        let environment = RuleEnvironment(values: scratch.values, today: today, checks: noResolver)
        do {
            _ = try evaluateField(index, scratch: &scratch, environment: environment, mode: mode)
        } catch {
            // Only an unanswered check throws, and the scratch collects those instead.
            return false
        }
        return scratch.isActive(index)
    }
}

/// A resolver that answers nothing: live forms supply check outcomes as answers.
private let noResolver: CheckResolver = { _, _, _ in nil }
