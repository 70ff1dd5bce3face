import CLibFuzzer
import FormSpec
@_spi(Tooling) import FormSpecRuntime

/// Spec files served from memory, as raw bytes: the fuzzer's bytes reach the YAML loader unchanged
/// (invalid UTF-8 included), and nothing is read from the disk.
public struct FuzzFiles: SourceProvider {
    /// The files by path.
    public var files: [String: [UInt8]]

    /// Serves `files`.
    public init(_ files: [String: [UInt8]]) { self.files = files }

    public func contents(of path: String) -> [UInt8]? { files[path] }
}

/// Splitting one fuzz input into several parts, so that one input can be a spec and the libraries
/// it imports, or a pattern and a subject.
public enum FuzzInputParts {
    /// The line that separates files in a spec input: a spec and the libraries it may import.
    public static let fileSeparator = Array("\n#--8<--\n".utf8)

    /// `bytes` cut at every `separator`, at most `limit` parts (the last keeps the rest).
    public static func split(_ bytes: UnsafeBufferPointer<UInt8>, at separator: [UInt8], limit: Int) -> [ArraySlice<
        UInt8
    >] {
        let all = Array(bytes)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= all.count, parts.count < limit - 1 {
            if all[index..<index + separator.count].elementsEqual(separator) {
                parts.append(all[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(all[start...])
        return parts
    }
}

/// The repository the fuzz package lives in: its specs are the fixed programs of the input target.
public enum FuzzRepository {
    /// The repository root, from this file's path at build time (fuzz binaries run where they were built).
    public static let root: String = {
        var path = Substring(#filePath)
        // …/Fuzz/Sources/FuzzSupport/FuzzSupport.swift -> …
        for _ in 0..<4 {
            guard let slash = path.lastIndex(of: "/") else { return "." }
            path = path[..<slash]
        }
        return String(path)
    }()

    /// The specs under `Specs/` and `Examples/` that compile, compiled once.
    public static let programs: [Program] = {
        let names = [
            "Specs/checkout.form.yaml", "Specs/contact.form.yaml", "Specs/multilingual.form.yaml",
            "Specs/password_confirm.form.yaml", "Specs/profile_links.form.yaml", "Specs/registration.form.yaml",
            "Specs/settings.form.yaml", "Specs/signup.form.yaml", "Specs/student_profile.form.yaml",
            "Examples/newsletter.form.yaml",
            // Groups, lists, time and datetime, case folding, pattern flags, offsets, check_when
            // (appended: a seed's first byte keeps picking the spec it was written for).
            "Specs/order.form.yaml", "Specs/emergency_contacts.form.yaml", "Specs/pizza.form.yaml",
            "Specs/address_group.form.yaml", "Specs/booking.form.yaml", "Specs/appointment_times.form.yaml",
            "Specs/shipping_address.form.yaml", "Specs/coupon.form.yaml", "Specs/password_policy.form.yaml",
            "Specs/payment_contact.form.yaml",
        ]
        let programs = names.compactMap { Compiler.compile(path: root + "/" + $0).spec?.program }
        // Without them the input target would fuzz nothing; say so instead of running idle.
        precondition(!programs.isEmpty, "no spec under \(root)/Specs compiled")
        return programs
    }()

    /// A fixed date for `today`, so a crash found on one day reproduces on the next.
    public static let today = CivilDate(year: 2024, month: 2, day: 29) ?? .today()

    /// Answers every external check, deterministically from the value, so `check:` rules run.
    package static let checks: CheckResolver = { check, _, value in
        (check.utf8.count + value.description.utf8.count) % 3 != 0
    }
}

/// Runs libFuzzer with `callback` as `LLVMFuzzerTestOneInput`.
///
/// SwiftPM links an executable's entry point as `<Target>_main`, so libFuzzer's own `main` is
/// never used: each target's entry point calls this instead.
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
