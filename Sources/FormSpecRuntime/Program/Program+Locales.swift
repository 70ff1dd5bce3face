extension Program {
    /// Every locale some message of the program is written in, sorted: what a caller's locale can
    /// match (for did-you-mean on an unknown `--locale`).
    package var messageLocales: [String] {
        var locales = Set<String>()
        func add(_ text: LocalizedText) { locales.formUnion(text.templates.keys) }
        for field in fields {
            add(field.requiredMessage)
            add(field.typeMessage)
            for rule in field.rules { add(rule.message) }
        }
        add(unknownFieldMessage)
        return locales.sorted()
    }
}
