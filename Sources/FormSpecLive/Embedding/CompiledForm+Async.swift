@_spi(Program) @_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    public import Foundation
#endif

// MARK: - Asynchronous validation

extension CompiledForm {
    /// Validates field values by name, running the asynchronous checks first (concurrently), then
    /// evaluating with their outcomes.
    ///
    /// A check is run only when its rule would be evaluated: the field is active, has a value, and
    /// the rule's `when:` holds. A check that throws gives its field an error (rule `check`).
    ///
    /// - Throws: ``FormValidationError`` when a check is not registered, or the task is cancelled.
    public func validate(_ values: [String: Value], options: ValidationOptions = ValidationOptions())
        async
        throws(FormValidationError) -> Report
    {
        try await validate(Value(fields: values), options: options)
    }

    /// Validates an input object, running the asynchronous checks first (concurrently).
    /// - Throws: ``FormValidationError`` when the input is not an object, a check is not
    ///   registered, or the task is cancelled.
    public func validate(_ input: Value, options: ValidationOptions = ValidationOptions())
        async
        throws(FormValidationError) -> Report
    {
        var prepared = try prepare(input, options: options)
        try await runAsyncChecks(&prepared)
        return try finish(prepared)
    }

    /// Runs the asynchronous checks `prepared` still needs, concurrently, and supplies their
    /// outcomes to its evaluation.
    /// - Throws: ``FormValidationError/cancelled`` when the task is cancelled.
    func runAsyncChecks(_ prepared: inout PreparedValidation) async throws(FormValidationError) {
        guard !prepared.calls.isEmpty else { return }
        let fieldNames = prepared.calls.map { program.fields[$0.field].name }
        let registry = checks
        let calls = prepared.calls
        let results = await withTaskGroup(of: (Int, CheckOutcome?).self) { group in
            for (position, call) in calls.enumerated() {
                guard case .async(let check) = registry[call.check] else { continue }
                let input = CheckInput(check: call.check, field: fieldNames[position], value: call.value)
                group.addTask {
                    do {
                        return (position, .passed(try await check(input)))
                    } catch is CancellationError {
                        return (position, nil)
                    } catch {
                        let reason = CheckMessages.reason(of: error)
                        return (position, .threw(reason: reason, custom: error is CheckFailure))
                    }
                }
            }
            var results: [(Int, CheckOutcome?)] = []
            for await result in group { results.append(result) }
            return results
        }
        if Task.isCancelled { throw .cancelled }
        for (position, outcome) in results {
            guard let outcome else { throw .cancelled }
            let call = prepared.calls[position]
            let checkAnswer = answer(outcome, field: call.field, prepared)
            prepared.scratch.checkAnswers.append((call.field, call.check, checkAnswer))
        }
    }

    #if canImport(Foundation)
        /// Validates any `Encodable` value, running the asynchronous checks first.
        /// - Throws: ``FormValidationError``, also when the value does not encode as a JSON object.
        public func validate(
            encoding value: some Encodable, encoder: JSONEncoder? = nil,
            options: ValidationOptions = ValidationOptions()
        ) async throws(FormValidationError) -> Report {
            let input = try Self.encode(value, encoder: encoder)
            return try await validate(input, options: options)
        }
    #endif
}
