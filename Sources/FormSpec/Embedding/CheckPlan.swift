#if canImport(Foundation)
    internal import Foundation
#endif

/// What a form knows about its external checks, prepared once per program: which checks each
/// field's rules run, their debounce, and how to fold check outcomes that are not plain pass/fail
/// (a check that threw, one still running) into a field's report.
struct CheckPlan: Sendable {
    /// For each field, for each top-level rule, the checks the rule (and its nested rules) runs.
    let checksByRule: [[[String]]]
    /// For each field, whether any rule runs a check.
    let hasChecks: [Bool]
    /// For each field, each check's debounce in milliseconds (the check rule's own `debounce:`, then
    /// the enclosing rule's, then the field's, else 0).
    let debounce: [[String: Int]]
    /// The program with `report: first` turned off everywhere: outcomes are folded into the full
    /// list of messages, and ``truncate(_:field:)`` applies `report: first` afterwards.
    let untruncated: Program
    /// For each field, whether it has `report: first`.
    let reportsFirstOnly: [Bool]

    init(_ program: Program) {
        var checksByRule: [[[String]]] = []
        var debounce: [[String: Int]] = []
        for field in program.fields {
            var perRule: [[String]] = []
            var delays: [String: Int] = [:]
            for rule in field.rules {
                var names: [String] = []
                let inherited = rule.debounceMilliseconds ?? field.debounceMilliseconds
                Self.collect(rule, inherited: inherited, names: &names, delays: &delays)
                perRule.append(names)
            }
            checksByRule.append(perRule)
            debounce.append(delays)
        }
        self.checksByRule = checksByRule
        self.hasChecks = checksByRule.map { $0.contains { !$0.isEmpty } }
        self.debounce = debounce
        self.reportsFirstOnly = program.fields.map(\.reportsFirstOnly)
        var untruncated = program
        for index in untruncated.fields.indices { untruncated.fields[index].reportsFirstOnly = false }
        self.untruncated = untruncated
    }

    private static func collect(
        _ rule: RuleProgram, inherited: Int?, names: inout [String], delays: inout [String: Int]
    ) {
        let delay = rule.debounceMilliseconds ?? inherited
        switch rule.rule {
        case .check(let check):
            if !names.contains(check.name) { names.append(check.name) }
            if delays[check.name] == nil { delays[check.name] = max(0, delay ?? 0) }
        case .all(let items), .any(let items):
            for item in items { collect(item, inherited: delay, names: &names, delays: &delays) }
        case .not(let item): collect(item, inherited: delay, names: &names, delays: &delays)
        default: break
        }
    }

    /// The checks evaluating field `index` will ask about, for these values: the checks of rules
    /// whose conditions hold (nested conditions included). Call only for an active field with a value.
    func neededChecks(_ index: Int, in program: Program, values: [FieldValue], mode: Mode) -> [String] {
        guard hasChecks[index] else { return [] }
        var names: [String] = []
        for (position, rule) in program.fields[index].rules.enumerated() where !checksByRule[index][position].isEmpty {
            Self.walk(rule, values: values, mode: mode, into: &names)
        }
        return names
    }

    private static func walk(_ rule: RuleProgram, values: [FieldValue], mode: Mode, into names: inout [String]) {
        if let condition = rule.condition, !condition.holds(values, mode: mode) { return }
        switch rule.rule {
        case .check(let check): if !names.contains(check.name) { names.append(check.name) }
        case .all(let items), .any(let items):
            for item in items { walk(item, values: values, mode: mode, into: &names) }
        case .not(let item): walk(item, values: values, mode: mode, into: &names)
        default: break
        }
    }

    /// A requirement's state once check outcomes are folded in.
    enum Status: Sendable, Hashable {
        case passed, failed, pending
    }

    /// Folds check outcomes into a field's report, made by the ``untruncated`` program.
    ///
    /// Each rule that runs a check that threw gets one error (rule `check`) with `failures[check]` as
    /// its message instead of its own message; each rule waiting on a pending check shows as not
    /// passed, with no message. `report: first` is applied afterwards.
    ///
    /// - Returns: The report, and each of its checks' status.
    func fold(
        _ report: FieldReport, field index: Int, in program: Program, values: [FieldValue], mode: Mode,
        failures: [String: String], pending: Set<String>
    ) -> (FieldReport, [Status]) {
        var statuses = report.checks.map { $0.passed ? Status.passed : .failed }
        guard !failures.isEmpty || !pending.isEmpty else { return (truncate(report, field: index), statuses) }
        let field = program.fields[index]

        // Rebuild which rule each checklist entry belongs to, as the evaluator lists them: the
        // `required` entry first (when required), then each other rule whose condition holds.
        var required = field.required
        var entries: [Int?] = []
        for rule in field.rules {
            if case .required = rule.rule, rule.condition?.holds(values, mode: mode) ?? true { required = true }
        }
        if required { entries.append(nil) }
        for (position, rule) in field.rules.enumerated() {
            if case .required = rule.rule { continue }
            if let condition = rule.condition, !condition.holds(values, mode: mode) { continue }
            entries.append(position)
        }
        guard entries.count == report.checks.count else {
            // Not the shape expected: keep the report, and add the failures so none is lost.
            var adjusted = report
            for name in failures.keys.sorted() {
                adjusted.errors.append(Issue(rule: "check", message: failures[name]!))
            }
            adjusted.valid = adjusted.errors.isEmpty
            return (truncate(adjusted, field: index), statuses)
        }

        var errorQueue = report.errors[...]
        var warningQueue = report.warnings[...]
        var errors: [Issue] = []
        var warnings: [Issue] = []
        var checks = report.checks
        for (entry, position) in entries.enumerated() {
            let severity = position.map { field.rules[$0].severity } ?? .error
            var original: Issue?
            if !report.checks[entry].passed {
                original = severity == .error ? errorQueue.popFirst() : warningQueue.popFirst()
            }
            var issue = original
            if let position {
                let names = checksByRule[index][position]
                if let failure = names.lazy.compactMap({ failures[$0] }).first {
                    checks[entry].passed = false
                    statuses[entry] = .failed
                    issue = Issue(rule: "check", message: failure)
                } else if names.contains(where: pending.contains) {
                    checks[entry].passed = false
                    statuses[entry] = .pending
                    issue = nil
                }
            }
            guard let issue else { continue }
            if severity == .error { errors.append(issue) } else { warnings.append(issue) }
        }
        errors.append(contentsOf: errorQueue)
        warnings.append(contentsOf: warningQueue)
        let folded = FieldReport(valid: errors.isEmpty, errors: errors, warnings: warnings, checks: checks)
        return (truncate(folded, field: index), statuses)
    }

    /// Applies field `index`'s `report: first`: keeps only the first error.
    func truncate(_ report: FieldReport, field index: Int) -> FieldReport {
        guard reportsFirstOnly[index], report.errors.count > 1 else { return report }
        var truncated = report
        truncated.errors.removeSubrange(1...)
        return truncated
    }

    /// The message shown on a field whose check threw `error`.
    static func failureMessage(for error: any Error, label: String, chain: LocaleChain) -> String {
        if let failure = error as? CheckFailure { return failure.message }
        return failureMessage(reason: reason(of: error), label: label, chain: chain)
    }

    /// The message shown on a field whose check failed for `reason`.
    static func failureMessage(reason: String, label: String, chain: LocaleChain) -> String {
        let templates = [
            "en": "Could not check {label}: {reason}",
            "ja": "{label}を確認できませんでした: {reason}",
            "zh-Hans": "无法检查{label}：{reason}",
            "zh-Hant": "無法檢查{label}：{reason}",
        ]
        let template = chain.locales.lazy.compactMap { templates[$0] }.first ?? templates["en"]!
        return template.replacing("{label}", with: label).replacing("{reason}", with: reason)
    }

    /// The message shown on a field whose check is not registered.
    static func unregisteredMessage(check: String) -> String {
        "No check is registered for '\(check)'"
    }

    /// How an error reads in a message: a `LocalizedError`'s description, else the error itself.
    static func reason(of error: any Error) -> String {
        if let failure = error as? CheckFailure { return failure.message }
        #if canImport(Foundation)
            if let localized = error as? any LocalizedError, let description = localized.errorDescription {
                return description
            }
        #endif
        return String(describing: error)
    }
}
