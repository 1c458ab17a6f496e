import Dispatch
import Synchronization

/// Independent jobs run side by side on at most `threads` threads (the caller's choice, e.g.
/// `BudgetOptions.threads`, bound for the length of a budget search; the default elsewhere, e.g. for
/// the incremental writer, which hashes each chunk of its input while writing it).
package enum Parallel {
    /// The `threads` a call gets unless a caller binds another value: 2, what the CLI's own searches use.
    package static let defaultThreads = 2

    /// Threads a call may use, the calling thread included; 1 runs everything on the calling thread.
    @TaskLocal package static var threads = defaultThreads

    /// `transform` of every element (in order; the first error thrown is rethrown), on up to
    /// `threads` workers that each take the next element not yet taken (`forEach`).
    package static func map<T, R>(_ items: [T], _ transform: (T) throws -> R) throws -> [R] {
        let workers = min(threads, items.count)
        if workers <= 1 { return try items.map(transform) }
        let results = UnsafeMutableBufferPointer<Result<R, any Error>>.allocate(capacity: items.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let limit = threads
        // concurrentPerform returns only after every iteration ran, so the borrowed closure and
        // items do not escape.
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            nonisolated(unsafe) let inputs = items
            let next = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                // Work done inside (an SSIM) keeps the caller's limit: task-locals do not reach Dispatch's threads.
                Parallel.$threads.withValue(limit) {
                    while case let i = next.wrappingAdd(1, ordering: .relaxed).oldValue, i < inputs.count {
                        (slots.baseAddress! + i).initialize(to: Result { try work(inputs[i]) })
                    }
                }
            }
        }
        defer { _ = results.baseAddress!.deinitialize(count: items.count) }
        return try results.map { try $0.get() }
    }

    /// Starts the threads a first `map` or `forEach` would wait for, without waiting for them:
    /// called before serial work that precedes parallel work (a budget search decoding its
    /// input), it has them ready when the parallel work starts instead of the calling thread doing
    /// that work alone while they start. Nothing when `threads` is 1.
    package static func prepare() {
        guard threads > 1 else { return }
        for _ in 1..<threads { DispatchQueue.global().async {} }
    }

    /// `first()` and `second()` side by side (one after the other on one thread).
    package static func pair<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
        var a: Result<A, any Error>?, b: Result<B, any Error>?
        _ = try map([0, 1]) { (i: Int) -> Void in
            if i == 0 { a = Result(catching: first) } else { b = Result(catching: second) }
        }
        return (try a!.get(), try b!.get())
    }

    /// `body(i)` for every `i` in `0..<count`, on up to `threads` threads; each `i` runs once.
    /// Each thread takes the next `i` not yet taken, so a thread that starts late or is held up
    /// (the machine's other work, a slower piece) leaves more of the pieces to the others instead
    /// of keeping every other one of them waiting.
    package static func forEach(_ count: Int, _ body: (Int) -> Void) {
        let workers = min(threads, count)
        if workers <= 1 {
            for i in 0..<count { body(i) }
            return
        }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            let next = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while case let i = next.wrappingAdd(1, ordering: .relaxed).oldValue, i < count { work(i) }
            }
        }
    }
}
