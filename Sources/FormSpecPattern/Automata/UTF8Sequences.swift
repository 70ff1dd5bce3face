/// Compiles a range of Unicode scalar values to the UTF-8 byte-range sequences that match exactly
/// the encodings of its scalars (the technique of RE2 and Rust's `regex-syntax` `Utf8Sequences`).
///
/// `U+0000...U+10FFFF` becomes nine sequences such as `[E1-EC][80-BF][80-BF]`: each sequence is a
/// list of 1 to 4 byte ranges, one per byte of the encoding, and every byte string it accepts is the
/// encoding of a scalar in the range. Surrogates `U+D800...U+DFFF` have no UTF-8 encoding and are
/// dropped. Sequences come out in ascending order and never overlap.
enum UTF8Sequences {
    /// The byte-range sequences for `range`.
    static func sequences(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
        var result: [[ClosedRange<UInt8>]] = []
        var pending: [(UInt32, UInt32)] = []
        let upper = min(range.upperBound, 0x10FFFF)
        guard range.lowerBound <= upper else { return [] }
        // Pushed in reverse so the stack pops ranges in ascending order.
        if range.lowerBound < 0xE000, upper > 0xD7FF {
            if upper >= 0xE000 { pending.append((0xE000, upper)) }
            if range.lowerBound <= 0xD7FF { pending.append((range.lowerBound, 0xD7FF)) }
        } else {
            pending.append((range.lowerBound, upper))
        }
        split: while let (start, end) = pending.popLast() {
            // First split at the boundaries between encoded lengths.
            for boundary: UInt32 in [0x7F, 0x7FF, 0xFFFF] where start <= boundary && boundary < end {
                pending.append((boundary + 1, end))
                pending.append((start, boundary))
                continue split
            }
            if end <= 0x7F {
                result.append([UInt8(start)...UInt8(end)])
                continue
            }
            // Then split until every trailing byte position spans a whole 6-bit block or one prefix.
            for bits in 1..<4 {
                let mask: UInt32 = (1 << (6 * UInt32(bits))) - 1
                guard start & ~mask != end & ~mask else { continue }
                if start & mask != 0 {
                    pending.append(((start | mask) + 1, end))
                    pending.append((start, start | mask))
                    continue split
                }
                if end & mask != mask {
                    pending.append((end & ~mask, end))
                    pending.append((start, (end & ~mask) - 1))
                    continue split
                }
            }
            let low = encode(start)
            let high = encode(end)
            result.append(zip(low, high).map { $0...$1 })
        }
        return result
    }

    /// The UTF-8 encoding of a scalar value that is not a surrogate and at most `0x10FFFF`.
    static func encode(_ value: UInt32) -> [UInt8] {
        switch value {
        case 0..<0x80:
            return [UInt8(value)]
        case 0x80..<0x800:
            return [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800..<0x10000:
            return [UInt8(0xE0 | value >> 12), UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            return [
                UInt8(0xF0 | value >> 18), UInt8(0x80 | (value >> 12) & 0x3F), UInt8(0x80 | (value >> 6) & 0x3F),
                UInt8(0x80 | value & 0x3F),
            ]
        }
    }
}
