import Dispatch

/// Independent jobs run side by side on all cores.
enum Parallel {
    /// `transform` of every element, each on its own worker (in order; the first error thrown is rethrown).
    static func map<T, R>(_ items: [T], _ transform: (T) throws -> R) throws -> [R] {
        if items.count == 1 { return [try transform(items[0])] }
        let results = UnsafeMutableBufferPointer<Result<R, any Error>>.allocate(capacity: items.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        // concurrentPerform returns only after every iteration ran, so the borrowed closure and
        // items do not escape.
        try withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            nonisolated(unsafe) let inputs = items
            DispatchQueue.concurrentPerform(iterations: inputs.count) { i in
                (slots.baseAddress! + i).initialize(to: Result { try work(inputs[i]) })
            }
        }
        defer { _ = results.baseAddress!.deinitialize(count: items.count) }
        return try results.map { try $0.get() }
    }

    /// `first()` and `second()` side by side.
    static func pair<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
        var a: Result<A, any Error>?, b: Result<B, any Error>?
        _ = try map([0, 1]) { (i: Int) -> Void in
            if i == 0 { a = Result(catching: first) } else { b = Result(catching: second) }
        }
        return (try a!.get(), try b!.get())
    }
}
