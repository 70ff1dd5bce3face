public import FormSpec
import Foundation

/// Why a request body was refused, as an RFC 9457 problem (`application/problem+json`).
///
/// A 422 carries the report under `report` (the CLI's JSON, fields in spec order), its messages in
/// the locale `Accept-Language` asked for (`contentLanguage`, and `Vary: Accept-Language`):
///
/// ```json
/// {"type":"about:blank","title":"Unprocessable Content","status":422,
///  "detail":"The form 'signup' has errors.",
///  "report":{"valid":false,"errors":{"password":[{"rule":"strong_password","message":"…"}]}}}
/// ```
public struct FormProblem: Error, Sendable, Equatable {
    /// The HTTP status: 400, 413, 415, 422, 500 or 503.
    public var status: Int
    /// The status's reason phrase (the problem type is `about:blank`).
    public var title: String
    /// A sentence for people; never contains a field's value.
    public var detail: String
    /// For 422: the report.
    public var report: Report?
    /// How ``report`` is written.
    public var reportShape: Report.JSONShape
    /// The language of the report's messages, for the `Content-Language` header.
    public var contentLanguage: String?
    /// What the server's log should say about this problem (why a 500 or a 503 happened); never
    /// written to ``body``, which tells the client only that the form could not be checked. The
    /// adapters log it at error level.
    public var logMessage: String?

    /// The request header the document depends on, for a `Vary` header: `Accept-Language` when it
    /// carries a report (its messages are in the language asked for); `nil` otherwise.
    public var vary: String? { report == nil ? nil : "Accept-Language" }

    /// The media type of ``body``.
    public static let mediaType = "application/problem+json"

    /// The problem document.
    public var body: [UInt8] {
        var bytes = Array(#"{"type":"about:blank","title":"#.utf8)
        bytes += Self.quoted(title)
        bytes += Array(#","status":"#.utf8) + Array(String(status).utf8)
        bytes += Array(#","detail":"#.utf8) + Self.quoted(detail)
        if let report { bytes += Array(#","report":"#.utf8) + report.jsonBytes(reportShape) }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public static func invalid(_ report: Report, shape: Report.JSONShape, contentLanguage: String?) -> FormProblem {
        FormProblem(
            status: 422, title: "Unprocessable Content", detail: "The form '\(report.form)' has errors.",
            report: report, reportShape: shape, contentLanguage: contentLanguage)
    }

    public static func tooLarge(limit: Int) -> FormProblem {
        FormProblem(
            status: 413, title: "Content Too Large", detail: "The body is larger than \(limit) bytes.", report: nil,
            reportShape: .errors, contentLanguage: nil)
    }

    public static func notJSON(_ contentType: String?) -> FormProblem {
        FormProblem(
            status: 415, title: "Unsupported Media Type",
            detail: contentType.map { "The body must be JSON in UTF-8 (Content-Type: application/json), not \($0)." }
                ?? "The body must be JSON in UTF-8 (Content-Type: application/json).",
            report: nil, reportShape: .errors, contentLanguage: nil)
    }

    public static func badBody(_ detail: String) -> FormProblem {
        FormProblem(
            status: 400, title: "Bad Request", detail: detail, report: nil, reportShape: .errors,
            contentLanguage: nil)
    }

    /// A 500: the client learns only that the form could not be checked; `reason` (a check that
    /// is not registered, an input type that cannot hold a checked value) is for the log.
    public static func serverError(logging reason: String) -> FormProblem {
        FormProblem(
            status: 500, title: "Internal Server Error", detail: "The server could not check the form.", report: nil,
            reportShape: .errors, contentLanguage: nil, logMessage: reason)
    }

    public static let unavailable = FormProblem(
        status: 503, title: "Service Unavailable", detail: "The validation was cancelled.", report: nil,
        reportShape: .errors, contentLanguage: nil)

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes += Array(#"\""#.utf8)
            case "\\": bytes += Array(#"\\"#.utf8)
            case "\n": bytes += Array(#"\n"#.utf8)
            case _ where scalar.value < 0x20:
                bytes += Array(("\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)).utf8)
            default: bytes += Array(String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }
}
