#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file's bytes mapped read-only into memory, so that JSON Lines are validated where
/// the file is rather than copied by `read(2)` first. On the nested bench the kernel's copy was
/// 6 % of a run; mapped, a run takes 0.94–0.98× the CPU in median and 0.98–0.99× in the lower
/// quartile, with one thread and with two (120 to 150 interleaved runs, `Scripts/bench/ab.py`).
///
/// The bytes read are given back in steps of ``releaseStep`` (``release(before:)``), so a run
/// keeps a few MiB of the file in memory however long it is; the pages ahead are asked for
/// (``prefetch(from:)``), so that parts of the file the system dropped from its cache are read
/// in the background, not by the validating thread waiting on the disk (on this machine, whose
/// memory manager pages out what was not used for a few seconds, a nested bench run whose reads
/// waited for the disk 16–19 times took 0.11–0.13 s instead of 0.09 s).
///
/// A file that shrinks while it is mapped does not crash the run: reading past its new end would
/// raise `SIGBUS`, which ``TruncationGuard`` turns into pages of zeros and ``shrank``, and the
/// readers then stop with an error.
package final class MappedInput {
    /// The file's bytes, as long as it was when mapped.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The bytes before this offset were given back.
    private var released = 0
    /// The pages before this offset were asked for (``prefetch(from:)``).
    private var prefetched = 0
    /// The mapping's place in ``TruncationGuard``'s table.
    private let slot: Int
    /// Its flag there, set when the file shrank: read before each line's report is written.
    private let shrankFlag: UnsafePointer<Int>

    /// How many bytes are given back at once.
    static let releaseStep = 1 << 20

    /// Maps the regular file open at `descriptor` (opened for reading, not yet read) and moves the
    /// descriptor past the bytes mapped, so that `read(2)` goes on with what the file gains.
    /// `nil` for anything but a non-empty regular file, or when the system refuses the mapping.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            let size = Int(exactly: status.st_size)
        else { return nil }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        guard lseek(descriptor, off_t(size), SEEK_SET) == off_t(size),
            let slot = TruncationGuard.register(start: Int(bitPattern: base), count: size)
        else {
            munmap(base, size)
            return nil
        }
        self.slot = slot
        shrankFlag = TruncationGuard.shrankFlag(slot)
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        prefetch(from: 0)
    }

    deinit {
        TruncationGuard.unregister(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Whether the file shrank while mapped: some of ``bytes`` read as zeros instead.
    var shrank: Bool { shrankFlag.pointee != 0 }

    /// The error for a file that shrank while it was read.
    static func shrankError(path: String) -> FileError {
        FileError(path: path, operation: .read, reason: "the file shrank while it was being read")
    }

    /// Gives back the memory of the bytes before `offset` (in steps of ``releaseStep``): they are
    /// read no more. Reading them again would still work (the pages come back from the file).
    /// Also asks for the pages through ``prefetchDistance`` past `offset` (``prefetch(from:)``).
    func release(before offset: Int) {
        guard offset - released >= Self.releaseStep else { return }
        prefetch(from: offset)
        let end = offset / Self.pageSize * Self.pageSize
        guard end > released else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + released), end - released, MADV_DONTNEED)
        released = end
    }

    /// Asks the system to read into its cache, in the background, whatever it does not hold of
    /// the file's next ``prefetchDistance`` bytes from `offset` on. A file read a while ago may
    /// have lost some pages from the cache (a system short of memory gives back pages not used
    /// lately); a read of such a page through the mapping waits for the disk, on the thread that
    /// validates, where `read(2)` would have had them read ahead.
    func prefetch(from offset: Int) {
        let end = min(bytes.count, offset + Self.prefetchDistance)
        var start = max(prefetched, offset) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        // One request reads at most the device's read-ahead size (128 KiB unless it was raised):
        // asked for in steps of that, so that the whole distance is.
        while start < end {
            let count = min(Self.prefetchStep, end - start)
            _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + start), count, MADV_WILLNEED)
            start += count
        }
        prefetched = end
    }

    /// How far ahead of the readers pages are asked for.
    static let prefetchDistance = 8 << 20
    /// How much one request asks for.
    static let prefetchStep = 128 << 10

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Catches the `SIGBUS` of reading a mapped file past its end (it shrank since it was mapped):
/// the page read becomes a page of zeros and the mapping is marked as shrunk, so the reading goes
/// on and its reader stops with an error. A `SIGBUS` anywhere else goes to the action there was
/// before, as the fault comes again.
///
/// The handler reads a fixed table of the mappings' bounds, written under a lock before a mapping
/// is read and cleared before it is unmapped: nothing it touches allocates or locks.
enum TruncationGuard {
    /// At most this many files are mapped at once (more are read with `read(2)`).
    static let slotCount = 64

    /// Per slot: the mapping's first address (0 when free), its end, and whether it shrank.
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<Int>.allocate(capacity: 3 * slotCount)
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var pageSize = 4096
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)

    /// Takes a slot for the mapping of `count` bytes at `start` (installing the handler the first
    /// time); `nil` when every slot is taken or the handler cannot be installed.
    static func register(start: Int, count: Int) -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if !installed {
            table.initialize(repeating: 0, count: 3 * slotCount)
            pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
            guard install() else { return nil }
            installed = true
        }
        guard let slot = (0..<slotCount).first(where: { table[3 * $0] == 0 }) else { return nil }
        table[3 * slot + 1] = start + count
        table[3 * slot + 2] = 0
        table[3 * slot] = start
        return slot
    }

    static func unregister(_ slot: Int) {
        pthread_mutex_lock(lock)
        table[3 * slot] = 0
        pthread_mutex_unlock(lock)
    }

    /// Where the handler marks `slot`'s mapping as shrunk (nonzero).
    static func shrankFlag(_ slot: Int) -> UnsafePointer<Int> { UnsafePointer(table + 3 * slot + 2) }

    private static func install() -> Bool {
        #if canImport(Glibc) || canImport(Darwin)
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_sigaction = { _, info, _ in
                    TruncationGuard.handle(Int(bitPattern: info?.pointee._sifields._sigfault.si_addr))
                }
            #else
                action.__sigaction_u.__sa_sigaction = { _, info, _ in
                    TruncationGuard.handle(Int(bitPattern: info?.pointee.si_addr))
                }
            #endif
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            return sigaction(SIGBUS, &action, previous) == 0
        #else
            return false
        #endif
    }

    /// The `SIGBUS` handler, for a fault at `address`.
    private static func handle(_ address: Int) {
        for slot in 0..<slotCount {
            let start = table[3 * slot]
            guard start != 0, address >= start, address < table[3 * slot + 1] else { continue }
            let page = UnsafeMutableRawPointer(bitPattern: address & ~(pageSize - 1))
            if mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED {
                table[3 * slot + 2] = 1
                return
            }
        }
        // Not a mapped input's: the action before ours takes the fault when it comes again.
        sigaction(SIGBUS, previous, nil)
    }
}
