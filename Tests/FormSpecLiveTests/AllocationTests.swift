import FormSpec
@_spi(Tooling) import FormSpecRuntime
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

    /// Counts heap allocations when run with a counting malloc preloaded, and is skipped otherwise.
    /// The counter (glibc), counting per thread so the test runner's own threads do not disturb it:
    ///
    ///     // mc.c — gcc -shared -fPIC -O2 -o mc.so mc.c
    ///     #include <stddef.h>
    ///     #include <errno.h>
    ///     extern void *__libc_malloc(size_t), *__libc_calloc(size_t, size_t);
    ///     extern void *__libc_realloc(void *, size_t), *__libc_memalign(size_t, size_t);
    ///     static __thread long count;
    ///     void *malloc(size_t n) { count++; return __libc_malloc(n); }
    ///     void *calloc(size_t a, size_t b) { count++; return __libc_calloc(a, b); }
    ///     void *realloc(void *p, size_t n) { count++; return __libc_realloc(p, n); }
    ///     void *memalign(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
    ///     void *aligned_alloc(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
    ///     int posix_memalign(void **p, size_t a, size_t n) {
    ///         count++; void *r = __libc_memalign(a, n); if (!r) return ENOMEM; *p = r; return 0;
    ///     }
    ///     long formspec_malloc_count(void) { return count; }
    ///
    /// Then run the test binary directly (not through `swift test`, which would preload it into
    /// the build tools too):
    ///
    ///     LD_PRELOAD=$PWD/mc.so .build/debug/FormSpecPackageTests.xctest \
    ///         --testing-library swift-testing --filter AllocationTests
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

        @Test func readingTimesAndComparingThemWithOffsetBoundsAllocatesNothing() throws {
            let program = try loadSpec("appointment_times").program
            var scratch = EvaluationScratch(program)
            var context = EvaluationContext()
            try context.prepare(for: program)
            // Strings as a JSON reader leaves them: long enough not to be stored inline.
            let inputs: [(FieldType, Value?)] = [
                (.time, .string(String("09:30:00.250000000".utf8))), (.time, .string("10:45:00.12345678")),
                (.time, nil), (.text, nil),
                (.datetime, .string("2026-03-10T08:00:00.123456789+01:00")),
                (.datetime, .string("2026-03-11T07:00:00.000000001-00:00")),
            ]
            let values = inputs.map { $0.0.read($0.1, trim: true) }
            func once() throws {
                scratch.reset(program)
                for index in values.indices { scratch.values[index] = values[index] }
                try program.evaluate(&scratch, context: context)
            }
            try once()  // grows the buffers
            let count = try #require(mallocCount)
            // Every record brings new strings: read 1,000 of each kind, made before counting.
            let times = (0..<1_000).map { Value.string(String("09:30:00.25000\($0 + 1_000)".utf8)) }
            let dateTimes = (0..<1_000).map {
                Value.string(String("2026-03-10T08:00:00.12345\($0 + 1_000)+01:00".utf8))
            }
            var read = 0
            let beforeReading = count()
            for index in times.indices {
                if case .value = FieldType.time.read(times[index], trim: true) { read += 1 }
                if case .value = FieldType.datetime.read(dateTimes[index], trim: true) { read += 1 }
            }
            let readingAllocations = count() - beforeReading
            let before = count()
            for _ in 0..<1_000 { try once() }
            let allocations = count() - before
            #expect(read == 2_000)
            #expect(readingAllocations == 0, "\(readingAllocations) allocations reading 1,000 records")
            #expect(scratch.valid)
            #expect(allocations == 0, "\(allocations) allocations in 1,000 records")
        }

        /// `case: insensitive`, `not_contains_field` and `flags: i` fold as they compare: no copy of
        /// a value, ASCII or not.
        @Test func caseInsensitiveRulesAllocateNothing() throws {
            let program = try CompiledForm(
                source: """
                    formspec: 1
                    form: folding
                    fields:
                      email: {}
                      confirm:
                        rules:
                          - same_as: email
                            case: insensitive
                          - not_one_of: [root, Straße]
                            case: insensitive
                          - not_contains_field: name
                            case: insensitive
                          - not_contains_field: name
                          - pattern: '^[a-zß.ü]+@[a-z.]+$'
                            flags: i
                      name: {}
                    """
            ).program
            var scratch = EvaluationScratch(program)
            var context = EvaluationContext()
            try context.prepare(for: program)
            let values: [FieldValue] = [
                .value(.text("Straße.Müller@example.com")), .value(.text("STRASSE.MÜLLER@EXAMPLE.COM")),
                .value(.text("Kelvin")),
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
