import FormSpecCompiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that could not be opened, read or written, with the system's reason.
///
/// Its description is the message a command-line tool prints:
/// `cannot read 'x.json': No such file or directory`.
package struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being attempted.
    package enum Operation: String, Sendable, Hashable {
        case read, write, create
    }

    /// The path as the user gave it.
    package var path: String
    /// Reading, writing, or creating a folder.
    package var operation: Operation
    /// The system's explanation (`strerror`), such as `No such file or directory`.
    package var reason: String
    /// Whether the input was longer than the limit it was read with: one input's problem, not
    /// the run's.
    package var exceedsLimit = false

    /// Creates an error.
    package init(path: String, operation: Operation, reason: String, exceedsLimit: Bool = false) {
        self.path = path
        self.operation = operation
        self.reason = reason
        self.exceedsLimit = exceedsLimit
    }

    /// An error for the current `errno`.
    static func current(path: String, operation: Operation) -> FileError {
        FileError(path: path, operation: operation, reason: String(cString: strerror(errno)))
    }

    package var description: String { "cannot \(operation.rawValue) '\(path)': \(reason)" }
}

/// Small POSIX file helpers for the command-line tool: whole-file reads, whole-file writes and
/// unbuffered writes to a descriptor. No Foundation, so the library stays light.
package enum FileIO {
    /// The bytes of the file at `path`.
    ///
    /// - Parameter path: The file to read.
    /// - Returns: Its contents.
    /// - Throws: ``FileError`` when it cannot be opened or read (a folder, a missing file).
    package static func read(path: String, limit: Int = .max) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .current(path: path, operation: .read) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// Every byte readable from `descriptor` until end of file.
    ///
    /// - Parameters:
    ///   - descriptor: An open descriptor (stdin is 0).
    ///   - path: How to name the source in errors.
    ///   - limit: The most bytes accepted; reading stops as soon as the input is longer, so an
    ///     endless stream (`/dev/zero`) costs `limit` bytes of memory at most.
    /// - Returns: The bytes read.
    /// - Throws: ``FileError`` on a read error or when the input is longer than `limit`.
    package static func read(descriptor: Int32, path: String, limit: Int = .max) throws(FileError) -> [UInt8] {
        switch DescriptorReading.readAll(descriptor, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.system(let code)):
            throw FileError(path: path, operation: .read, reason: String(cString: strerror(code)))
        case .failure(.tooLong):
            throw FileError(
                path: path, operation: .read,
                reason: "the input is larger than \(limit) bytes (raise the limit with --max-input-bytes)",
                exceedsLimit: true)
        }
    }

    /// Checks that `path` can be opened for reading and is not a folder, without reading it. A
    /// FIFO is not opened, only its permission checked: an open would wait for a writer, or take
    /// the place of the reader the writer is waiting for and leave it writing to nobody.
    ///
    /// - Throws: ``FileError`` naming the reason.
    package static func checkReadable(path: String) throws(FileError) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            guard access(path, R_OK) == 0 else { throw .current(path: path, operation: .read) }
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .current(path: path, operation: .read) }
        defer { close(descriptor) }
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, operation: .read, reason: String(cString: strerror(EISDIR)))
        }
    }

    /// Replaces the file at `path` with `bytes` (created with mode 0644 when missing).
    ///
    /// - Throws: ``FileError`` when it cannot be created or written.
    package static func write(_ bytes: [UInt8], toPath path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .current(path: path, operation: .write) }
        let written = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed else { throw .current(path: path, operation: .write) }
    }

    /// Whether `path` names a folder (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates the folder at `path` and any missing folders above it (mode 0755); nothing when it
    /// exists already.
    ///
    /// - Throws: ``FileError`` (`cannot create`) when a folder cannot be made, or the path or a
    ///   part of it is a file.
    package static func createDirectory(_ path: String) throws(FileError) {
        let bytes = Array(path.utf8)
        // Every prefix that ends before a `/`, then the whole path.
        let ends = bytes.indices.filter { $0 > 0 && bytes[$0] == UInt8(ascii: "/") } + [bytes.count]
        for end in ends {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            if mkdir(prefix, 0o755) == 0 { continue }
            let reason = errno
            var status = stat()
            if reason == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            // A file in the way: of the folder's own name (said in words: "File exists" read as if
            // the folder did), or above it ("Not a directory").
            if reason == EEXIST, end == bytes.count {
                throw FileError(path: path, operation: .create, reason: "a file of that name is there, not a folder")
            }
            let shown = reason == EEXIST ? ENOTDIR : reason
            throw FileError(path: path, operation: .create, reason: String(cString: strerror(shown)))
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying short writes and interruptions.
    ///
    /// - Returns: `false` when the descriptor reported an error.
    @discardableResult
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// - Returns: `false` when the descriptor reported an error.
    @discardableResult
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes `text` to `descriptor` unbuffered (for stderr messages).
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Bool {
        writeAll(Array(text.utf8), to: descriptor)
    }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }
}

// `write` is shadowed by this file's own `FileIO.write` inside the type.
@inline(__always) private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
