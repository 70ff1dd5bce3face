import FormSpecPattern
import Testing

@Test func scalarSetMergesOverlappingAndAdjacentRanges() {
    let set = ScalarSet([5...9, 0...2, 3...3, 8...12, 20...20])
    #expect(set.ranges == [0...3, 5...12, 20...20])
}

@Test func scalarSetInvertsWithinTheCodeSpace() {
    #expect(ScalarSet([0...9]).inverted.ranges == [10...0x10FFFF])
    #expect(ScalarSet.all.inverted.ranges.isEmpty)
    #expect(ScalarSet().inverted == .all)
    #expect(ScalarSet([0x41...0x5A]).subtracting(ScalarSet([0x45...0x45])).ranges == [0x41...0x44, 0x46...0x5A])
    #expect(ScalarSet([0x41...0x5A]).contains(0x45))
    #expect(!ScalarSet([0x41...0x5A]).contains(0x61))
}
