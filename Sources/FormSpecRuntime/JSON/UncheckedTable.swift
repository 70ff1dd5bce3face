/// An immutable array that the record hot loops index without a bounds check (release builds;
/// debug builds still check) and without retaining it: its elements live in memory of their own,
/// freed with the last copy of the table.
///
/// For tables built once from a program and indexed only by positions the same program gave
/// (field and scope indices), never by a number read from an input: the checks it drops were
/// about 5 % of a nested batch's CPU (`Scripts/bench/ab.py`, the runtime built with and without
/// `-Ounchecked`).
struct UncheckedTable<Element> {
    private final class Storage {
        let buffer: UnsafeMutableBufferPointer<Element>

        init(_ array: [Element]) {
            buffer = .allocate(capacity: array.count)
            _ = buffer.initialize(from: array)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    private let storage: Storage
    /// `storage`'s elements, read straight: valid while `storage` is alive, which this table keeps.
    private let elements: UnsafeBufferPointer<Element>

    init(_ array: [Element]) {
        storage = Storage(array)
        elements = UnsafeBufferPointer(storage.buffer)
    }

    @inline(__always)
    subscript(index: Int) -> Element { elements[index] }

    /// Whether the elements at `range` are `other`'s bytes.
    @inline(__always)
    func elementsEqual(_ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Bool where Element == UInt8 {
        guard range.count == other.count else { return false }
        let start = elements.baseAddress.map { $0 + range.lowerBound }
        return FieldKeyTable.memoryEqual(start, other.baseAddress, other.count)
    }

    /// Appends the elements at `range` to `array`, in one copy.
    @inline(__always)
    func append(_ range: Range<Int>, to array: inout [Element]) {
        array.append(contentsOf: UnsafeBufferPointer(rebasing: elements[range]))
    }
}

extension UncheckedTable: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { elements.count }
}

// The elements are never written after `init`.
extension UncheckedTable: @unchecked Sendable where Element: Sendable {}

/// Rows of elements end to end in one ``UncheckedTable``: row `r` is the elements from
/// `bounds[r]` to `bounds[r + 1]`, so reading a row retains no array of its own. Built once
/// (see ``Builder``) and, like the table, indexed without bounds checks in release builds, only
/// by row numbers the same program gave.
struct RaggedTable<Element> {
    private let elements: UncheckedTable<Element>
    /// One more entry than there are rows: the first is 0, the last the number of elements.
    private let bounds: UncheckedTable<Int32>

    /// Collects the rows in order: a row's elements appended to ``elements``, then ``endRow()``.
    struct Builder {
        var elements: [Element] = []
        private(set) var bounds: [Int32] = [0]

        /// How many rows have ended.
        var rowCount: Int { bounds.count - 1 }

        /// Ends the current row (empty when nothing was appended since the last).
        mutating func endRow() { bounds.append(Int32(elements.count)) }

        /// Appends `row` as a row of its own.
        mutating func appendRow(_ row: some Sequence<Element>) {
            elements += row
            endRow()
        }
    }

    init(_ builder: Builder) {
        elements = UncheckedTable(builder.elements)
        bounds = UncheckedTable(builder.bounds)
    }

    /// A table with one row per element of `rows`.
    init(rows: some Sequence<some Sequence<Element>>) {
        var builder = Builder()
        for row in rows { builder.appendRow(row) }
        self.init(builder)
    }

    /// Where row `row`'s elements are, as positions for ``subscript(flat:)``.
    @inline(__always)
    func range(_ row: Int) -> Range<Int> { Int(bounds[row])..<Int(bounds[row &+ 1]) }

    @inline(__always)
    func isEmpty(_ row: Int) -> Bool { bounds[row] == bounds[row &+ 1] }

    /// The element at `index` of all the rows' elements end to end.
    @inline(__always)
    subscript(flat index: Int) -> Element { elements[index] }

    /// Appends row `row`'s elements to `array`, in one copy.
    @inline(__always)
    func appendRow(_ row: Int, to array: inout [Element]) { elements.append(range(row), to: &array) }

    /// Whether row `row` is `other`'s bytes.
    @inline(__always)
    func rowEquals(_ row: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool where Element == UInt8 {
        elements.elementsEqual(range(row), other)
    }
}

// The elements are never written after `init`.
extension RaggedTable: Sendable where Element: Sendable {}
