import Glibc

/// A mutex with one condition variable (pthread), for the batch runner's hand-over between
/// workers. Owns both pthread objects and destroys them in `deinit`.
final class Monitor: @unchecked Sendable {
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

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a broadcast; call only inside `locked`.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter; call only inside `locked`.
    func broadcast() { pthread_cond_broadcast(condition) }
}
