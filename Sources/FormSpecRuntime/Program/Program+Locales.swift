extension Program {
    /// Every locale some message of the program is written in, sorted: what a caller's locale can
    /// match (for did-you-mean on an unknown `--locale`).
    package var messageLocales: [String] {
        var locales = Set<String>()
        func add(_ text: LocalizedText) { locales.formUnion(text.templates.keys) }
        for index in fields.indices {
            add(fields[index].requiredMessage)
            add(fields[index].typeMessage)
            for rule in fields[index].rules { add(rule.message) }
        }
        add(unknownFieldMessage)
        return locales.sorted()
    }
}
