#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with a condition variable (POSIX threads): what the parallel validator waits on.
///
/// The CLI links no full Foundation (only FoundationEssentials, which has neither `Thread` nor
/// `NSCondition`): loading Foundation and its ICU data cost each `formspec` run about 5 ms.
final class ThreadCondition: @unchecked Sendable {
    // @unchecked: the pthread objects are only used through their own locking functions.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Unlocks, sleeps until a ``broadcast()`` (or a spurious wake-up), locks again.
    func wait() { pthread_cond_wait(condition, mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// The number of processors online (at least 1): the default and the upper bound of `--jobs`.
package func onlineProcessorCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Starts a detached thread with a stack of `stackSize` bytes that runs `body`.
///
/// - Returns: Whether the thread started.
@discardableResult
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, &attributes,
        { context in
            #if canImport(Darwin)
                let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #else
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, context)
    if status != 0 { Unmanaged<Box>.fromOpaque(context).release() }
    return status == 0
}
