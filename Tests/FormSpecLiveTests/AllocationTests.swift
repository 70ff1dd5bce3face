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
