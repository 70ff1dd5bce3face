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
        try await validate(try Self.parse(json: bytes), options: options)
    }

    /// A JSON body as a value, after a UTF-8 byte order mark if any.
    /// - Throws: ``FormValidationError/invalidJSON(_:)`` when the bytes are not JSON.
    static func parse(json bytes: some Collection<UInt8>) throws(FormValidationError) -> Value {
        do {
            return try JSONReader.parse(bytes.dropFirst(JSONReader.byteOrderMarkLength(bytes)))
        } catch {
            throw .invalidJSON(error.description)
        }
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
/// then in the order written; `*`, ranges of quality 0 and ranges whose quality is not a qvalue
/// (``quality(_:)``) are left out.
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
                quality = Self.quality(pair[1].trimmingSpaces) ?? 0
            }
            if quality > 0 { weighted.append((range, quality, position)) }
        }
        return weighted.sorted { ($1.quality, $0.position) < ($0.quality, $1.position) }.map(\.range)
    }

    /// A weight's value as RFC 9110 §12.4.2 writes one: `0` or `1`, then up to three decimals
    /// (`0.5`, `0.125`, `1.000`, never above 1); `nil` for anything else (`0x1p-1`, `.5`, `1.5`,
    /// `0.1234`, `5e-1`), which `Double`'s own parser would read.
    static func quality(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let whole = Int(first - UInt8(ascii: "0"))
        guard bytes.count > 1 else { return Double(whole) }
        let decimals = bytes.dropFirst(2)
        guard bytes[1] == UInt8(ascii: "."), decimals.count <= 3,
            decimals.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        var thousandths = 0
        for (position, digit) in decimals.enumerated() {
            thousandths += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][position]
        }
        guard whole == 0 || thousandths == 0 else { return nil }
        return Double(whole) + Double(thousandths) / 1000
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
