import FormSpecDiagnostics
import FormSpecYAML

/// A value with the place it was written.
struct Located<Value> {
    var value: Value
    var location: SourceLocation
}

/// The AST of one spec file: its structure is known, its meaning not yet checked.
struct SpecSyntax {
    var path: String
    var location: SourceLocation
    var version: YAMLNode?
    var form: Located<String>?
    var title: String?
    var locale: Located<String>?
    var imports: [Located<String>] = []
    var defines: [(name: Located<String>, item: RuleSyntax)] = []
    /// Whether the file has a `define:` key at all (even one whose entries are all broken).
    var hasDefineSection = false
    /// Defines whose rule could not be read (their error reported): a `use:` of one is no
    /// second error.
    var brokenDefines: Set<String> = []
    /// `nil` when the file has no `fields:` key (a rule library, or an error).
    var fields: [FieldSyntax]?
    /// Where the `fields:` value is, when the file has one.
    var fieldsLocation: SourceLocation?
    /// Whether `fields:` was written but is no mapping (its own error: no second one for a form
    /// without fields).
    var fieldsAreMalformed = false
    var formRules: [RuleSyntax] = []
    var tests: [TestSyntax] = []
}

/// One `fields:` entry.
struct FieldSyntax {
    var name: Located<String>
    var location: SourceLocation
    var type: Located<String>?
    /// A string, or a map of locale -> text.
    var label: YAMLNode?
    var required: YAMLNode?
    var defaultValue: YAMLNode?
    var trim: Bool = false
    /// Where `trim:` is written.
    var trimLocation: SourceLocation?
    var debounce: YAMLNode?
    var condition: YAMLNode?
    var report: Located<String>?
    var rules: [RuleSyntax] = []
    var options: YAMLNode?
    /// A list's item type (`of: text`, `of: group`).
    var of: Located<String>?
    /// Whether `of:` is written, also when it is not a string (already diagnosed).
    var hasOf = false
    /// A group's (or a repeatable group's) nested fields; `nil` when the key is absent.
    var fields: [FieldSyntax]?
    /// Where `fields:` is written.
    var fieldsLocation: SourceLocation?
}

/// One rule item: the rule key and its argument, plus modifiers.
struct RuleSyntax {
    var key: Located<String>
    var argument: YAMLNode
    var location: SourceLocation
    var message: YAMLNode?
    var requirement: YAMLNode?
    var condition: YAMLNode?
    var severity: Located<String>?
    var unit: Located<String>?
    var count: YAMLNode?
    var debounce: YAMLNode?
    /// `check_when: valid | always`, on a `check:` rule.
    var checkWhen: Located<String>? = nil
    /// `flags:` of a pattern rule (`i`, `m`, `s`).
    var flags: Located<String>? = nil
    /// `case:` of a comparison rule (`sensitive`, `insensitive`).
    var textCase: Located<String>? = nil
}

/// One `tests:` entry.
struct TestSyntax {
    var name: Located<String>
    var location: SourceLocation
    var input: YAMLNode?
    var expect: YAMLNode?
    var locale: Located<String>?
    var mode: Located<String>?
    var original: YAMLNode?
    var stubs: YAMLNode?
    /// The test's own `today:`, else the file's (`tests: {today: …}`).
    var today: Located<String>?
}
