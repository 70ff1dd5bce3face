import FormSpec
import Testing

#if canImport(Glibc)
    import Glibc

    /// The allocation counter of a preloaded malloc wrapper exporting `long formspec_malloc_count(void)`
    /// (any `LD_PRELOAD` library that counts `malloc`, `calloc`, `realloc` and `posix_memalign`
    /// calls); `nil` when none is loaded.
    private let mallocCount: (@convention(c) () -> Int)? = {
        // A nil handle is RTLD_DEFAULT: every loaded object, preloaded ones first.
        guard let symbol = dlsym(nil, "formspec_malloc_count") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
    }()

    /// Counts heap allocations when run with a counting malloc preloaded, e.g.
    ///
    ///     LD_PRELOAD=/path/to/counter.so swift test --skip-build --filter AllocationTests
    ///
    /// and is skipped otherwise.
    @Suite("Heap allocations of the evaluator", .enabled(if: mallocCount != nil))
    struct AllocationTests {
        @Test func evaluatingAValidSignUpRecordAllocatesNothing() throws {
            let program = try loadSpec("signup").program
            var scratch = EvaluationScratch(program)
            var context = EvaluationContext()
            try context.prepare(for: program)
            let values: [FieldValue] = [
                .value(.text("alice_01")), .value(.text("Passw0rd!")), .value(.text("Passw0rd!")),
            ]
            func once() throws {
                scratch.reset(program)
                for index in values.indices { scratch.values[index] = values[index] }
                try program.evaluate(&scratch, context: context)
            }
            try once()  // grows the buffers
            let count = try #require(mallocCount)
            let before = count()
            for _ in 0..<1_000 { try once() }
            let allocations = count() - before
            #expect(scratch.valid)
            #expect(allocations == 0, "\(allocations) allocations in 1,000 records")
        }
    }
#endif
