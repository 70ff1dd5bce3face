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
