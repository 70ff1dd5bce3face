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

@Suite("Ragged tables")
struct RaggedTableTests {
    @Test("rows end to end: each row's range, emptiness, comparison and copy, from rows or a builder")
    func rowsEndToEnd() {
        let table = RaggedTable(rows: [Array("NL".utf8), [], Array("DEU".utf8)])
        #expect([table.range(0), table.range(1), table.range(2)] == [0..<2, 2..<2, 2..<5])
        #expect(!table.isEmpty(0) && table.isEmpty(1) && !table.isEmpty(2))
        #expect(table.range(2).map { table[flat: $0] } == Array("DEU".utf8))
        Array("DEU".utf8).withUnsafeBufferPointer { deu in
            #expect(table.rowEquals(2, deu))
            #expect(!table.rowEquals(0, deu))
        }
        var out = Array("[".utf8)
        table.appendRow(0, to: &out)
        table.appendRow(1, to: &out)
        #expect(out == Array("[NL".utf8))

        var builder = RaggedTable<Int>.Builder()
        builder.elements += [7, 8]
        builder.endRow()
        builder.endRow()
        builder.appendRow([9])
        #expect(builder.rowCount == 3)
        let built = RaggedTable(builder)
        #expect([built.range(0), built.range(1), built.range(2)] == [0..<2, 2..<2, 2..<3])
        #expect(built[flat: 2] == 9)
    }
}
