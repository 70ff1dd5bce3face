@_spi(Tooling) import FormSpecRuntime

// MARK: - What servers need: JSON bodies and Accept-Language

extension CompiledForm {
    /// Validates a JSON body as it arrives (the bytes of one JSON object, after a UTF-8 byte order
    /// mark if any, as `formspec validate` reads a document), running the asynchronous checks
    /// first: what a request handler calls.
    ///
    /// - Throws: ``FormValidationError/invalidJSON(_:)`` when the bytes are not JSON,
    ///   ``FormValidationError/notAnObject(_:)`` when they are not an object, and the errors of
    ///   ``validate(_:options:)-(Value,_)``.
    public func validate(json bytes: some Collection<UInt8>, options: ValidationOptions = ValidationOptions())
        async throws(FormValidationError) -> Report
    {
        let input: Value
        do {
            input = try JSONReader.parse(bytes.dropFirst(JSONReader.byteOrderMarkLength(bytes)))
        } catch {
            throw .invalidJSON(error.description)
        }
        return try await validate(input, options: options)
    }

    /// The locale to show this form's messages in for an HTTP `Accept-Language` header
    /// (`ja-JP,ja;q=0.9,en;q=0.8`): the first language range, by quality, that one of the form's
    /// message locales serves, by the same BCP 47 matching as ``ValidationOptions/locale``
    /// (`ja-JP` is served by `ja`, `zh-TW` by `zh-Hant`). `nil` when none is: the spec's own
    /// locale applies.
    ///
    /// - Returns: The serving locale (`ja`, `zh-Hant`), for ``ValidationOptions/locale`` and a
    ///   response's `Content-Language`.
    public func locale(forAcceptLanguage header: String) -> String? {
        let available = program.messageLocales
        for range in AcceptLanguage.ranges(header) {
            guard let tag = LocaleTag(range) else { continue }
            for candidate in tag.fallbacks {
                if let match = available.first(where: { $0.caseInsensitiveEquals(candidate) }) { return match }
            }
        }
        return nil
    }
}

/// The language ranges of an `Accept-Language` header (RFC 9110 §12.5.4), best first: by quality,
/// then in the order written; `*` and ranges of quality 0 are left out.
enum AcceptLanguage {
    static func ranges(_ header: String) -> [String] {
        var weighted: [(range: String, quality: Double, position: Int)] = []
        for (position, item) in header.split(separator: ",").prefix(64).enumerated() {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let range = first.trimmingSpaces
            guard !range.isEmpty, range != "*" else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                quality = Double(pair[1].trimmingSpaces).map { min(max($0, 0), 1) } ?? 0
            }
            if quality > 0 { weighted.append((range, quality, position)) }
        }
        return weighted.sorted { ($1.quality, $0.position) < ($0.quality, $1.position) }.map(\.range)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
