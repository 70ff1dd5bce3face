@_spi(Program) @_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    internal import Foundation
#endif

/// What one external check call gave.
enum CheckOutcome: Sendable, Hashable {
    case passed(Bool)
    case threw(reason: String, custom: Bool)
}

/// Each field's external checks and their debounce in milliseconds: the check rule's own
/// `debounce:`, else the enclosing rule's, else the field's, else 0.
struct CheckDebounces: Sendable {
    /// For each field, each check's debounce.
    let delays: [[String: Int]]

    init(_ program: Program) {
        delays = program.fields.map { field in
            var delays: [String: Int] = [:]
            for rule in field.rules {
                Self.collect(rule, inherited: field.debounceMilliseconds, into: &delays)
            }
            return delays
        }
    }

    private static func collect(_ rule: RuleProgram, inherited: Int?, into delays: inout [String: Int]) {
        let delay = rule.debounceMilliseconds ?? inherited
        switch rule.rule {
        case .check(let check):
            if delays[check.name] == nil { delays[check.name] = max(0, delay ?? 0) }
        case .all(let items), .any(let items):
            for item in items { collect(item, inherited: delay, into: &delays) }
        case .not(let item): collect(item, inherited: delay, into: &delays)
        default: break
        }
    }

    /// Check `name`'s debounce on field `index`.
    func delay(field index: Int, check name: String) -> Int { delays[index][name] ?? 0 }
}

/// The messages shown for checks that could not answer.
enum CheckMessages {
    /// The message shown on a field whose check failed for `reason`.
    static func failure(reason: String, label: String, chain: LocaleChain) -> String {
        let template: String
        switch chain.locales.first(where: { ["en", "ja", "zh-Hans", "zh-Hant"].contains($0) }) {
        case "ja": template = "{label}を確認できませんでした: {reason}"
        case "zh-Hans": template = "无法检查{label}：{reason}"
        case "zh-Hant": template = "無法檢查{label}：{reason}"
        default: template = "Could not check {label}: {reason}"
        }
        // One pass: a label or reason that holds `{reason}` or `{label}` is shown as it is.
        var message = ""
        var rest = Substring(template)
        while let placeholder = rest.firstMatch(of: /\{(label|reason)\}/) {
            message += rest[..<placeholder.range.lowerBound]
            message += placeholder.output.1 == "label" ? label : reason
            rest = rest[placeholder.range.upperBound...]
        }
        return message + rest
    }

    /// The message shown on a live field whose check is not registered.
    static func unregistered(check: String) -> String {
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
