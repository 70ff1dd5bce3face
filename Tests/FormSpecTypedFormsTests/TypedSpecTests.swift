import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// What the generated Swift of every spec offers (`formspec compile --emit swift`): a typed input
/// and `validate`, through which the spec tests run here.
protocol GeneratedForm {
    associatedtype Input: Codable & Sendable
    static func program() throws -> Program
    static func validate(_ input: Input, with form: CompiledForm, options: ValidationOptions)
        async throws(FormValidationError) -> Report
}

extension AddressGroupForm: GeneratedForm {}
extension AppointmentForm: GeneratedForm {}
extension AppointmentTimesForm: GeneratedForm {}
extension BookingForm: GeneratedForm {}
extension CheckoutForm: GeneratedForm {}
extension ContactForm: GeneratedForm {}
extension CouponForm: GeneratedForm {}
extension EmergencyContactsForm: GeneratedForm {}
extension GeneratedValidatorForm: GeneratedForm {}
extension ExactNumbersForm: GeneratedForm {}
extension MultilingualForm: GeneratedForm {}
extension NewsletterForm: GeneratedForm {}
extension OrderForm: GeneratedForm {}
extension PasswordConfirmForm: GeneratedForm {}
extension PasswordPolicyForm: GeneratedForm {}
extension PaymentContactForm: GeneratedForm {}
extension PizzaForm: GeneratedForm {}
extension RareConstructsForm: GeneratedForm {}
extension ProfileLinksForm: GeneratedForm {}
extension RegressionsForm: GeneratedForm {}
extension RepeatedItemsForm: GeneratedForm {}
extension UniqueItemsForm: GeneratedForm {}
extension RegistrationForm: GeneratedForm {}
extension SettingsForm: GeneratedForm {}
extension ShippingAddressForm: GeneratedForm {}
extension SignupForm: GeneratedForm {}
extension StudentProfileForm: GeneratedForm {}

/// Every spec test of every shipped spec whose input the typed `Input` can hold gives, through the
/// generated code (decode the input as `Input`, `validate(_:with:options:)`), the report the
/// CLI's runtime gives for the raw input, byte for byte. An input the typed struct cannot hold (a
/// number as a string, an unknown key, a wrong type: what the tests check the runtime refuses)
/// fails to decode and is counted, not compared.
@Suite("Generated Swift runs every spec test")
struct TypedSpecTests {
    /// The generated form of each spec (computed: a stored array of metatypes is not `Sendable`).
    static var forms: [(spec: String, form: any GeneratedForm.Type)] {
        [
            ("Specs/address_group.form.yaml", AddressGroupForm.self),
            ("Specs/appointment.form.yaml", AppointmentForm.self),
            ("Specs/appointment_times.form.yaml", AppointmentTimesForm.self),
            ("Specs/booking.form.yaml", BookingForm.self),
            ("Specs/checkout.form.yaml", CheckoutForm.self),
            ("Specs/contact.form.yaml", ContactForm.self),
            ("Specs/coupon.form.yaml", CouponForm.self),
            ("Specs/emergency_contacts.form.yaml", EmergencyContactsForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/exact_numbers.form.yaml", ExactNumbersForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/generated_validator.form.yaml", GeneratedValidatorForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/regressions.form.yaml", RegressionsForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/repeated_items.form.yaml", RepeatedItemsForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/unique_items.form.yaml", UniqueItemsForm.self),
            ("Specs/multilingual.form.yaml", MultilingualForm.self),
            ("Examples/newsletter.form.yaml", NewsletterForm.self),
            ("Specs/order.form.yaml", OrderForm.self),
            ("Specs/password_confirm.form.yaml", PasswordConfirmForm.self),
            ("Specs/password_policy.form.yaml", PasswordPolicyForm.self),
            ("Specs/payment_contact.form.yaml", PaymentContactForm.self),
            ("Specs/pizza.form.yaml", PizzaForm.self),
            ("Tests/FormSpecJavaScriptTests/Specs/rare_constructs.form.yaml", RareConstructsForm.self),
            ("Specs/profile_links.form.yaml", ProfileLinksForm.self),
            ("Specs/registration.form.yaml", RegistrationForm.self),
            ("Specs/settings.form.yaml", SettingsForm.self),
            ("Specs/shipping_address.form.yaml", ShippingAddressForm.self),
            ("Specs/signup.form.yaml", SignupForm.self),
            ("Specs/student_profile.form.yaml", StudentProfileForm.self),
        ]
    }

    static let specs = forms.map(\.spec)

    @Test("every golden has its form here")
    func everyGoldenIsListed() {
        let goldens = Repository.files(under: "Tests/FormSpecTypedFormsTests/Generated", endingWith: [".swift"])
        #expect(goldens.count == Self.forms.count)
    }

    @Test("spec tests through the generated code", arguments: specs)
    func specTestsAgree(_ spec: String) async throws {
        let form = try #require(Self.forms.first { $0.spec == spec }).form
        let (compared, skipped) = try await Self.run(form, spec: spec)
        // Most inputs are typed values; a spec whose every test sends the wrong shape would hide here.
        #expect(compared > 0, "no spec test of \(spec) fits its typed input (\(skipped) skipped)")
    }

    /// The generated file builds its program from Swift values, not from JSON: what it builds must
    /// be the compiled program, every message, pattern automaton and rule of it.
    @Test("the generated tables build the compiled program", arguments: specs)
    func tablesBuildTheProgram(_ spec: String) throws {
        let form = try #require(Self.forms.first { $0.spec == spec }).form
        let compiled = try #require(Compiler.compile(path: Repository.path(spec)).spec, "\(spec) does not compile")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let built = String(decoding: try encoder.encode(try form.program()), as: UTF8.self)
        let expected = String(decoding: try encoder.encode(compiled.program), as: UTF8.self)
        #expect(built == expected, "regenerate: FORMSPEC_RECORD=1 swift test --filter GeneratedSwift")
    }

    /// Runs `spec`'s tests through `form`; returns how many were compared and how many skipped.
    static func run<Form: GeneratedForm>(_ form: Form.Type, spec: String) async throws -> (Int, Int) {
        let compiled = try #require(Compiler.compile(path: Repository.path(spec)).spec, "\(spec) does not compile")
        let program = try Form.program()
        var compared = 0
        var skipped = 0
        for test in compiled.tests {
            guard let input = try? JSONDecoder().decode(Form.Input.self, from: Data(JSONWriter.write(test.input).utf8))
            else {
                skipped += 1
                continue
            }
            let today = test.today ?? CivilDate(iso: "2026-03-15")!
            var checks = CheckRegistry()
            for (name, outcome) in test.stubs { checks.register(name, outcome: outcome) }
            let original = test.original?.members.map { Dictionary($0.map { ($0.key, $0.value) }) { $1 } }
            let options = ValidationOptions(locale: test.locale, mode: test.mode, original: original, today: today)
            let context = EvaluationContext(
                locale: test.locale, mode: test.mode, original: test.original, today: today,
                checks: EvaluationContext.stubs(test.stubs))
            let expected = try compiled.program.validate(test.input, context: context).json(.full)
            let typed = try await Form.validate(
                input, with: CompiledForm(program: program, checks: checks), options: options)
            #expect(typed.json(.full) == expected, "\(spec): '\(test.name)'")
            compared += 1
        }
        return (compared, skipped)
    }
}
