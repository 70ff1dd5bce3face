/// A message or requirement text in one or more locales, prepared at compile time.
@_spi(Program) public struct LocalizedText: Sendable, Hashable, Codable {
    /// The template for each locale that has one.
    package var templates: [String: Template]

    /// Creates a text from templates by locale.
    @_spi(Program) public init(_ templates: [String: Template]) { self.templates = templates }

    /// Encoded as a plain `{locale: template}` object.
    public init(from decoder: any Decoder) throws {
        templates = try decoder.singleValueContainer().decode([String: Template].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(templates)
    }

    /// The template for the first locale of `chain` that has one (locale tags compare without
    /// regard to case); failing that `en`, then the alphabetically first locale, so the choice
    /// never depends on dictionary order.
    package func template(for chain: LocaleChain) -> Template? {
        for locale in chain.locales {
            if let template = templates[locale] { return template }
        }
        if templates.isEmpty { return nil }
        // Decoded programs may spell a key in another case (`zh-hant`).
        for locale in chain.locales {
            if let key = templates.keys.filter({ $0.caseInsensitiveEquals(locale) }).min() { return templates[key] }
        }
        return templates["en"] ?? templates.keys.min().flatMap { templates[$0] }
    }

    /// The rendered text for the first locale of `chain` that has one.
    package func render(_ chain: LocaleChain, value: Scalar? = nil) -> String {
        template(for: chain)?.render(value: value) ?? ""
    }
}

/// A message whose static placeholders (`{label}`, `{min}`, …) were filled at compile time; only
/// `{value}` remains to be filled when the message is shown.
@_spi(Program) public struct Template: Sendable, Hashable, Codable {
    /// A piece of a template.
    @_spi(Program) public enum Segment: Sendable, Hashable {
        case text(String)
        case value
    }

    /// The pieces, in order.
    package var segments: [Segment]

    /// Creates a template from pieces.
    @_spi(Program) public init(_ segments: [Segment]) { self.segments = segments }

    /// A template with no placeholder.
    @_spi(Program) public init(text: String) { self.segments = [.text(text)] }

    /// The template as one string: `{value}` for the value, `{{` and `}}` for literal braces.
    package var source: String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text):
                for character in text {
                    switch character {
                    case "{": result += "{{"
                    case "}": result += "}}"
                    default: result.append(character)
                    }
                }
            case .value: result += "{value}"
            }
        }
        return result
    }

    /// Parses ``source``'s spelling back into segments.
    @_spi(Program) public init(source: String) {
        // Most templates hold no brace at all (static placeholders were filled at compile time):
        // one segment, the text as it is. Decoding a program parses hundreds of them, and the
        // character walk below was half of a sign-up program's decoding time.
        if !source.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            self.segments = [.text(source)]
            return
        }
        var segments: [Segment] = []
        var text = ""
        var rest = Substring(source)
        while let character = rest.first {
            if rest.hasPrefix("{value}") {
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                segments.append(.value)
                rest = rest.dropFirst(7)
            } else if rest.hasPrefix("{{") || rest.hasPrefix("}}") {
                text.append(character)
                rest = rest.dropFirst(2)
            } else {
                text.append(character)
                rest = rest.dropFirst()
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        self.segments = segments
    }

    public init(from decoder: any Decoder) throws {
        self.init(source: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }

    /// The text with `{value}` filled in.
    package func render(value: Scalar?) -> String {
        if segments.count == 1, case .text(let text) = segments[0] { return text }
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text): result += text
            case .value: result += value?.description ?? ""
            }
        }
        return result
    }
}

/// The locales to try for a message, most wanted first: the caller's locale and its fallbacks
/// (`zh-Hant-TW`, `zh-Hant`, `zh`; `zh-TW` also tries `zh-Hant`), then the spec's locale, then `en`.
/// Tags match as BCP 47 says: without regard to case, `_` read as `-`.
package struct LocaleChain: Sendable, Hashable {
    /// The locales in order, in canonical case (`zh-Hant-TW`).
    package var locales: [String]

    /// The chain for a caller asking for `requested` in a spec written in `specLocale`.
    package init(requested: String?, specLocale: String) {
        var locales: [String] = []
        func add(_ locale: String) { if !locales.contains(locale) { locales.append(locale) } }
        if let requested, let tag = LocaleTag(requested) { tag.fallbacks.forEach(add) }
        // The spec's locale with its parents too: a spec in `ja-JP` gets the `ja` built-ins.
        if let tag = LocaleTag(specLocale) { tag.fallbacks.forEach(add) } else { add(specLocale) }
        add("en")
        self.locales = locales
    }

    /// The text of the first locale of the chain that `translations` has (keys are canonical tags).
    package func pick(_ translations: [String: String]?) -> String? {
        guard let translations, !translations.isEmpty else { return nil }
        for locale in locales {
            if let text = translations[locale] { return text }
        }
        return nil
    }

    /// A warning for a requested locale whose language is not a known one (`jp`), with a
    /// suggestion among `available` and common mistakes (`jp` -> `ja`); `nil` when the tag is fine.
    /// Callers show it (the CLI prints `warning: …` on stderr) and go on with the chain's fallbacks.
    package static func warning(forRequested requested: String, available: [String] = LocaleTag.shipped) -> String? {
        if let problem = LocaleTag.problem(with: requested, available: available) { return problem }
        // A real language no message is written in (`fr`): say so rather than fall back silently.
        guard let tag = LocaleTag(requested),
            !available.contains(where: { LocaleTag($0)?.language == tag.language })
        else { return nil }
        return
            "no messages in '\(requested)'; the spec and the built-in messages have \(available.sorted().joined(separator: ", "))"
    }
}

/// A BCP 47 language tag, read leniently (any case, `_` or `-`) and written canonically:
/// language lowercase, script titlecase, region uppercase (`zh_hant_tw` -> `zh-Hant-TW`).
package struct LocaleTag: Sendable, Hashable {
    /// The subtags in canonical case.
    package var subtags: [String]

    /// The locales FormSpec ships built-in messages for.
    package static let shipped = ["en", "ja", "zh-Hans", "zh-Hant"]

    /// Reads `text`; `nil` unless it is a well-formed tag of at most 64 characters and 8 subtags
    /// (the bound keeps every chain short, whatever a caller passes).
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count <= 8, let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var subtags = [language.lowercased()]
        for (index, part) in parts.enumerated().dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return nil
            }
            let letters = part.allSatisfy { $0.isLetter }
            let digits = part.allSatisfy { $0.isNumber }
            if index == 1, part.count == 4, letters {
                subtags.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())  // script
            } else if part.count == 2 && letters || part.count == 3 && digits {
                subtags.append(part.uppercased())  // region
            } else {
                subtags.append(part.lowercased())
            }
        }
        self.subtags = subtags
    }

    /// The tag in canonical case.
    package var canonical: String { subtags.joined(separator: "-") }

    /// The language subtag.
    package var language: String { subtags[0] }

    /// The script subtag, if any (`Hant`).
    package var script: String? { subtags.count > 1 && subtags[1].count == 4 ? subtags[1] : nil }

    /// The region subtag, if any (`TW`).
    package var region: String? {
        subtags.dropFirst().first { subtag in
            subtag.count == 2 && subtag.allSatisfy { $0.isLetter }
                || subtag.count == 3 && subtag.allSatisfy { $0.isNumber }
        }
    }

    /// The tag, then the tag with subtags removed from the end. Chinese without a script also
    /// tries the script its region writes (`zh-TW`, `zh-HK`, `zh-MO` -> `zh-Hant`; otherwise `zh-Hans`).
    package var fallbacks: [String] {
        var result: [String] = []
        for count in stride(from: subtags.count, to: 0, by: -1) {
            result.append(subtags.prefix(count).joined(separator: "-"))
        }
        if language == "zh", script == nil {
            let written = ["TW", "HK", "MO"].contains(region ?? "") ? "zh-Hant" : "zh-Hans"
            result.insert(written, at: result.count - (result.count > 1 ? 1 : 0))
        }
        return result
    }

    /// Whether the language is a known ISO 639 one: a two-letter code, or a three-letter code of a
    /// language that has none (BCP 47 writes `ar`, not `ara`; `haw` has no other).
    package var hasKnownLanguage: Bool {
        // A three-letter code that is a mistake for a two-letter one (`jpn`: BCP 47 writes `ja`)
        // is not known.
        (language.count == 3 && Self.mistakes[language] == nil && Self.twoLetterCode(of: language) == nil)
            || Self.isISOLanguageCode(language)
    }

    /// What is wrong with `text` as a locale, worded for a warning; `nil` when nothing is.
    package static func problem(with text: String, available: [String] = shipped) -> String? {
        guard let tag = LocaleTag(text) else {
            return "invalid locale '\(text.prefix(64))'; write a language tag such as en, ja or zh-Hant"
        }
        guard !tag.hasKnownLanguage else { return nil }
        let quoted = "unknown locale '\(text)'"
        guard let suggestion = suggestion(for: tag, available: available) else { return quoted }
        return "\(quoted); did you mean '\(suggestion)'?"
    }

    /// Country codes and other common mistakes for language codes (three-letter codes of
    /// languages with a two-letter one are in ``twoLetterCodes``).
    static let mistakes = [
        "jp": "ja", "cn": "zh-Hans", "gr": "el", "cz": "cs", "dk": "da", "ua": "uk", "vn": "vi", "us": "en",
        "gb": "en", "kp": "ko",
        // Chinese is written with a script: the built-in messages are `zh-Hans` and `zh-Hant`.
        "chi": "zh-Hans", "zho": "zh-Hans",
    ]

    /// The locale `tag` most likely means when its language is unknown: a common mistake's fix
    /// (`jp` -> `ja`, `deu-CH` -> `de-CH`), else a language of `available` one edit away.
    package static func suggestion(for tag: LocaleTag, available: [String] = shipped) -> String? {
        // Chinese with a script or region keeps it (`zho-Hant` -> `zh-Hant`, `chi-TW` -> `zh-TW`);
        // alone, the simplified script the built-in messages are written in.
        if ["chi", "zho"].contains(tag.language), tag.subtags.count > 1 {
            return (["zh"] + tag.subtags.dropFirst()).joined(separator: "-")
        }
        if let known = mistakes[tag.language] { return known }
        // The same tag with the language's two letters (`deu-CH` -> `de-CH`).
        if let language = twoLetterCode(of: tag.language) {
            return ([language] + tag.subtags.dropFirst()).joined(separator: "-")
        }
        // One edit away from a language some message is written in.
        let languages = Set(available.compactMap { LocaleTag($0)?.language })
        return languages.sorted().first { Self.isOneEditAway(tag.language, $0) }.map { language in
            available.first { LocaleTag($0)?.language == language } ?? language
        }
    }

    private static func isOneEditAway(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        if a.count == b.count { return zip(a, b).filter { $0 != $1 }.count == 1 }
        guard abs(a.count - b.count) == 1 else { return false }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        return (0...short.count).contains {
            long[..<$0].elementsEqual(short[..<$0]) && long[($0 + 1)...].elementsEqual(short[$0...])
        }
    }

    /// The ISO 639-2 codes of the languages ISO 639-1 names in two letters (terminological and
    /// bibliographic: `deu` and `ger`), each with its two-letter code, which BCP 47 writes.
    /// Written `code=xx`, one space apart and at each end, and looked up as text: building a
    /// dictionary of them cost every run 0.4 M instructions.
    static let twoLetterCodesText =
        " "
            + """
            aar=aa abk=ab afr=af aka=ak alb=sq amh=am ara=ar arg=an arm=hy asm=as ava=av ave=ae aym=ay aze=az bak=ba \
            bam=bm baq=eu bel=be ben=bn bih=bh bis=bi bod=bo bos=bs bre=br bul=bg bur=my cat=ca ces=cs cha=ch che=ce \
            chi=zh chu=cu chv=cv cor=kw cos=co cre=cr cym=cy cze=cs dan=da deu=de div=dv dut=nl dzo=dz ell=el eng=en \
            epo=eo est=et eus=eu ewe=ee fao=fo fas=fa fij=fj fin=fi fra=fr fre=fr fry=fy ful=ff geo=ka ger=de gla=gd \
            gle=ga glg=gl glv=gv gre=el grn=gn guj=gu hat=ht hau=ha heb=he her=hz hin=hi hmo=ho hrv=hr hun=hu hye=hy \
            ibo=ig ice=is ido=io iii=ii iku=iu ile=ie ina=ia ind=id ipk=ik isl=is ita=it jav=jv jpn=ja kal=kl kan=kn \
            kas=ks kat=ka kau=kr kaz=kk khm=km kik=ki kin=rw kir=ky kom=kv kon=kg kor=ko kua=kj kur=ku lao=lo lat=la \
            lav=lv lim=li lin=ln lit=lt ltz=lb lub=lu lug=lg mac=mk mah=mh mal=ml mao=mi mar=mr may=ms mkd=mk mlg=mg \
            mlt=mt mon=mn mri=mi msa=ms mya=my nau=na nav=nv nbl=nr nde=nd ndo=ng nep=ne nld=nl nno=nn nob=nb nor=no \
            nya=ny oci=oc oji=oj ori=or orm=om oss=os pan=pa per=fa pli=pi pol=pl por=pt pus=ps que=qu roh=rm ron=ro \
            rum=ro run=rn rus=ru sag=sg san=sa sin=si slk=sk slo=sk slv=sl sme=se smo=sm sna=sn snd=sd som=so sot=st \
            spa=es sqi=sq srd=sc srp=sr ssw=ss sun=su swa=sw swe=sv tah=ty tam=ta tat=tt tel=te tgk=tg tgl=tl tha=th \
            tib=bo tir=ti ton=to tsn=tn tso=ts tuk=tk tur=tr twi=tw uig=ug ukr=uk urd=ur uzb=uz ven=ve vie=vi vol=vo \
            wel=cy wln=wa wol=wo xho=xh yid=yi yor=yo zha=za zho=zh zul=zu
            """ + " "

    /// ``twoLetterCodesText`` as a dictionary, for tests.
    package static var twoLetterCodes: [String: String] {
        Dictionary(
            uniqueKeysWithValues: twoLetterCodesText.split(separator: " ").map { pair in
                let parts = pair.split(separator: "=")
                return (String(parts[0]), String(parts[1]))
            })
    }

    /// The two-letter code of three-letter `code` (`deu` -> `de`), if it has one.
    package static func twoLetterCode(of code: String) -> String? {
        guard code.utf8.count == 3, let end = twoLetterCodesText.utf8Offset(after: " \(code)=") else { return nil }
        return String(decoding: Array(twoLetterCodesText.utf8).dropFirst(end).prefix(2), as: UTF8.self)
    }

    /// Whether `code` is an ISO 639-1 language code.
    package static func isISOLanguageCode(_ code: String) -> Bool {
        code.utf8.count == 2 && isoLanguageCodesText.utf8Offset(after: " \(code) ") != nil
    }

    /// ISO 639-1 language codes, one space apart and at each end.
    static let isoLanguageCodesText =
        " "
            + """
            aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz \
            ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik \
            io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml \
            mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd \
            se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi \
            vo wa wo xh yi yo za zh zu
            """ + " "

    /// ``isoLanguageCodesText`` as a set, for tests.
    package static var isoLanguageCodes: Set<String> {
        Set(isoLanguageCodesText.split(separator: " ").map(String.init))
    }
}

extension String {
    /// The UTF-8 offset just past the first `needle` in the string, by a plain byte search: the
    /// standard library's `contains` on strings starts the regex engine, whose first use costs
    /// more than a compiler's checks.
    package func utf8Offset(after needle: String) -> Int? {
        let needle = Array(needle.utf8)
        let bytes = Array(utf8)
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }

    package func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
