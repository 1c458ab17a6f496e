import Synchronization

/// Values of a pure function remembered across threads, at most `capacity` of them (all are
/// forgotten when it is full): for work asked for again and again with the same few keys, such as
/// a resampler's taps or a key's validity.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let values = Mutex<[Key: Value]>([:])

    package init(capacity: Int) { self.capacity = capacity }

    /// The remembered value for `key`, or `make()`'s, remembered (made outside the lock, so two
    /// threads may both make a value the first time).
    package func value(for key: Key, make: () -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make()
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = made
        }
        return made
    }
}
