import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@MainActor
@Suite("Settings persistence")
struct PersistenceTests {
    @Test func keysAreFormDotField() {
        #expect(LiveForm.storageKey(form: "settings", field: "display_order") == "settings.display_order")
    }

    @Test func inMemoryRoundTrip() throws {
        let compiled = try loadSpec("settings")
        let store = InMemorySettingsStore()

        let first = LiveForm(compiled)
        first.load(from: store)  // nothing stored: defaults
        #expect(first["max_price_level"]?.value == 5)
        first.set(true, forField: "show_check_in_only")
        first.set("favorite_first", forField: "display_order")
        first.set("3", forField: "max_price_level")
        #expect(first.hasUnsavedChanges)
        #expect(first.save(to: store))
        #expect(!first.hasUnsavedChanges)
        #expect(
            store.storage == [
                "settings.show_check_in_only": true, "settings.display_order": "favorite_first",
                "settings.max_price_level": 3,
            ])

        let second = LiveForm(compiled)
        second.load(from: store)
        #expect(second["show_check_in_only"]?.value == true)
        #expect(second["display_order"]?.value == "favorite_first")
        #expect(second["max_price_level"]?.value == 3)
        #expect(!second.hasUnsavedChanges && second.isValid)
        #expect(second.fields.allSatisfy { !$0.isTouched })
    }

    @Test("a list and a group are stored whole under their own keys, typed, secrets left out (were lost)")
    func listsAndGroupsRoundTrip() throws {
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: prefs
                fields:
                  channels: {type: list, of: choice, options: [mail, sms, push]}
                  limits: {type: list, of: integer}
                  home:
                    type: group
                    fields:
                      city: {}
                      floor: {type: integer}
                      code: {type: secret}
                """)
        let store = InMemorySettingsStore()
        let first = LiveForm(compiled)
        first.set([
            "channels": ["mail", "push"], "limits": ["3", 5], "home": ["city": "Gent", "floor": "2", "code": "1234"],
        ])
        #expect(first.save(to: store))
        #expect(
            store.storage == [
                "prefs.channels": ["mail", "push"], "prefs.limits": [3, 5], "prefs.home": ["city": "Gent", "floor": 2],
            ])

        // An option the spec no longer has is left out of its list: a stale store is no error.
        store.set(["mail", "fax", "sms"], forKey: "prefs.channels")
        let second = LiveForm(compiled)
        second.load(from: store)
        #expect(second.values["channels"] == ["mail", "sms"])
        #expect(second.values["limits"] == [3, 5])
        #expect(second.values["home"] == ["city": "Gent", "floor": 2])
        #expect(second.itemCount(of: "channels") == 2 && second.isValid && !second.hasUnsavedChanges)
    }

    @Test func invalidValuesAreNotSavedUnlessAsked() throws {
        let store = InMemorySettingsStore()
        let form = LiveForm(try loadSpec("settings"))
        form.set("9", forField: "max_price_level")
        #expect(!form.save(to: store))
        #expect(store.storage.isEmpty)
        #expect(form.hasUnsavedChanges)
        #expect(form.save(to: store, onlyIfValid: false))
        #expect(store.storage["settings.max_price_level"] == 9)
    }

    @Test func absentValuesRemoveTheirKey() throws {
        let spec = """
            formspec: 1
            form: settings
            fields:
              nickname: {}
              max_price_level: {type: integer, default: 5}
            """
        let store = InMemorySettingsStore(["settings.nickname": "Mei", "settings.max_price_level": 2])
        let form = LiveForm(try CompiledForm(source: spec))
        form.load(from: store)
        #expect(form["nickname"]?.value == "Mei")
        form.set(nil, forField: "nickname")
        // A field with a default is never absent: cleared, it is back at its default, as the form opened.
        form.set(nil, forField: "max_price_level")
        #expect(form.save(to: store))
        #expect(store.storage["settings.nickname"] == nil)
        #expect(store.storage["settings.max_price_level"] == 5)
    }

    @Test func secretsAreNeverWritten() throws {
        let store = InMemorySettingsStore()
        let form = LiveForm(try loadSpec("password_confirm"))
        form.set("hunter22", forField: "password")
        form.set("hunter22", forField: "confirm_password")
        #expect(form.save(to: store))
        #expect(store.storage.isEmpty)
    }

    @Test("a stale member of a stored group or item is left out on loading: the form opens valid")
    func staleMembersAreLeftOut() throws {
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: prefs
                fields:
                  home:
                    type: group
                    fields:
                      city: {required: true}
                      floor: {type: integer}
                  rooms:
                    type: list
                    of: group
                    fields:
                      kind: {type: choice, options: [bed, bath]}
                """)
        let store = InMemorySettingsStore([
            "prefs.home": ["city": "Rome", "floor": "first", "gone": 1],
            "prefs.rooms": [["kind": "bed"], ["kind": "attic"], "not an object"],
        ])
        let form = LiveForm(compiled)
        form.load(from: store)
        #expect(form.values["home"] == ["city": "Rome"])
        #expect(form.values["rooms"] == [["kind": "bed"], [:]])
        #expect(form.isValid && !form.hasUnsavedChanges)
    }

    @Test("a list of secrets is never stored, and a property list gets no null (UserDefaults trapped)")
    func secretListsAreNotStored() throws {
        let suite = "formspec.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSettingsStore(defaults: defaults)
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: prefs
                fields:
                  pins: {type: list, of: secret}
                  notes: {type: list, of: text}
                """)
        let form = LiveForm(compiled)
        form.set(["pins": ["1234", "5678"], "notes": ["a", nil, "b"]])
        #expect(form.save(to: store))
        #expect(defaults.object(forKey: "prefs.pins") == nil)
        #expect(defaults.object(forKey: "prefs.notes") as? [String] == ["a", "b"])
    }

    @Test func userDefaultsRoundTrip() throws {
        let suite = "formspec.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSettingsStore(defaults: defaults)
        let compiled = try loadSpec("settings")

        let form = LiveForm(compiled)
        form.set(true, forField: "show_check_in_only")
        form.set("check_in_first", forField: "display_order")
        form.set(4, forField: "max_price_level")
        #expect(form.save(to: store))
        #expect(defaults.object(forKey: "settings.display_order") as? String == "check_in_first")
        #expect(defaults.object(forKey: "settings.show_check_in_only") as? Bool == true)

        let reloaded = LiveForm(compiled)
        reloaded.load(from: store)
        #expect(reloaded["show_check_in_only"]?.value == true)
        #expect(reloaded["display_order"]?.value == "check_in_first")
        #expect(reloaded["max_price_level"]?.value == 4)
        #expect(reloaded.isValid && !reloaded.hasUnsavedChanges)
    }

    @Test func aKeyPrefixOfYourOwn() throws {
        let store = InMemorySettingsStore(["prefs.max_price_level": 2])
        let form = LiveForm(try loadSpec("settings"))
        form.load(from: store, keyPrefix: "prefs.")
        #expect(form["max_price_level"]?.value == 2)
        form.set("4", forField: "max_price_level")
        #expect(form.save(to: store, keyPrefix: "prefs."))
        #expect(store.storage["prefs.max_price_level"] == 4)
        #expect(store.storage["prefs.display_order"] == "alphabetical")
        #expect(store.storage["settings.max_price_level"] == nil)
    }

    @Test func valuesAreStoredTyped() throws {
        let source = """
            formspec: 1
            form: profile
            fields:
              birthday: {type: date}
              height: {type: number}
              newsletter: {type: boolean}
              visits: {type: integer}
              nickname: {type: text, trim: true}
            """
        let store = InMemorySettingsStore()
        let form = LiveForm(try CompiledForm(source: source))
        form.set([
            "birthday": "2001-04-03", "height": "1.75", "newsletter": "true", "visits": "12", "nickname": " mei ",
        ])
        #expect(form.save(to: store))
        #expect(
            store.storage == [
                "profile.birthday": "2001-04-03", "profile.height": 1.75, "profile.newsletter": true,
                "profile.visits": 12, "profile.nickname": "mei",
            ])
    }

    @Test func anUnreadableStoredValueFallsBackToTheDefault() throws {
        let store = InMemorySettingsStore([
            "settings.max_price_level": "soon", "settings.display_order": "by_mood", "settings.show_check_in_only": 1,
        ])
        let form = LiveForm(try loadSpec("settings"))
        form.load(from: store)
        #expect(form["max_price_level"]?.value == 5)
        #expect(form["display_order"]?.value == "alphabetical")
        #expect(form["show_check_in_only"]?.value == true)
        #expect(form.isValid && !form.hasUnsavedChanges)
    }

    @Test func userDefaultsStoresPlainPropertyListTypes() throws {
        let suite = "formspec.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsSettingsStore(defaults: defaults)
        let values: [String: Value] = [
            "b": false, "i": 42, "n": 2.5, "s": "text", "a": [1, "x", true], "o": ["k": 1, "m": "v"],
        ]
        for (key, value) in values { store.set(value, forKey: key) }
        for (key, value) in values { #expect(store.value(forKey: key) == value, "\(key)") }
        store.set(.null, forKey: "s")
        #expect(store.value(forKey: "s") == nil)
        store.set("again", forKey: "s")
        store.set(nil, forKey: "s")
        #expect(defaults.object(forKey: "s") == nil)
    }
}
