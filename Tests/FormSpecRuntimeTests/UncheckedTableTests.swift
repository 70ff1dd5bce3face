import Testing

@testable import FormSpecRuntime

@Suite("Unchecked tables")
struct UncheckedTableTests {
    @Test("a table reads its array's elements, compares and copies out ranges of bytes")
    func readsItsElements() {
        let table = UncheckedTable(Array("NLBEDEFR".utf8))
        #expect(table.count == 8)
        #expect((0..<8).map { table[$0] } == Array("NLBEDEFR".utf8))
        Array("DE".utf8).withUnsafeBufferPointer { de in
            #expect(table.elementsEqual(4..<6, de))
            #expect(!table.elementsEqual(2..<4, de))
            #expect(!table.elementsEqual(4..<7, de))
        }
        var out = Array("[".utf8)
        table.append(2..<6, to: &out)
        #expect(out == Array("[BEDE".utf8))
        #expect(UncheckedTable([Int]()).count == 0)
    }

    final class Tracked {}

    @Test("a table keeps its elements alive while a copy of it lives, and releases them after")
    func ownsItsElements() {
        weak var tracked: Tracked?
        var copy: UncheckedTable<Tracked>?
        do {
            let object = Tracked()
            tracked = object
            let table = UncheckedTable([object, object])
            copy = table
        }
        #expect(tracked != nil)
        #expect(copy?[1] === tracked)
        copy = nil
        #expect(tracked == nil)
    }
}
