import Dispatch
import SignetCore
import Synchronization
import Testing

/// `Parallel` runs independent jobs on up to `Parallel.threads` threads and gives the results as a
/// plain loop would: in order, each job once, the first error (by position) rethrown.
@Suite("Parallel helpers")
struct ParallelTests {
    struct Failure: Error, Equatable {
        let index: Int
    }

    @Test("map keeps the order of its input", arguments: [1, 2, 3, 8])
    func mapOrder(threads: Int) throws {
        let squares = try Parallel.$threads.withValue(threads) { try Parallel.map(Array(0..<100)) { $0 * $0 } }
        #expect(squares == (0..<100).map { $0 * $0 }, "squares on \(threads) threads")
        let none = try Parallel.$threads.withValue(threads) { try Parallel.map([Int]()) { $0 } }
        #expect(none.isEmpty, "map of nothing on \(threads) threads: \(none)")
    }

    @Test("map rethrows the error of the earliest failing element", arguments: [1, 2, 4])
    func mapError(threads: Int) {
        let error = #expect(throws: Failure.self) {
            try Parallel.$threads.withValue(threads) {
                try Parallel.map(Array(0..<50)) { i -> Int in
                    if i == 7 || i == 30 { throw Failure(index: i) }
                    return i
                }
            }
        }
        #expect(error == Failure(index: 7), "error on \(threads) threads: \(String(describing: error))")
    }

    @Test("map's jobs see the caller's thread limit")
    func limitReachesWorkers() throws {
        let seen = try Parallel.$threads.withValue(3) { try Parallel.map(Array(0..<6)) { _ in Parallel.threads } }
        #expect(seen == Array(repeating: 3, count: 6), "the limit inside each job: \(seen)")
    }

    @Test("forEach runs every index exactly once", arguments: [1, 2, 5])
    func forEachOnce(threads: Int) {
        let counts = Mutex([Int](repeating: 0, count: 97))
        Parallel.$threads.withValue(threads) {
            Parallel.forEach(97) { i in counts.withLock { $0[i] += 1 } }
        }
        let result = counts.withLock { $0 }
        #expect(result == Array(repeating: 1, count: 97), "runs per index on \(threads) threads")
    }

    @Test("a held-up thread leaves the other pieces to the other thread")
    func heldUpThread() {
        // Index 0 waits until the other 19 are done. Had each thread taken every other index, the
        // one holding index 0 would also hold 9 of the others, and it would wait the whole 10 s.
        let done = Atomic(0)
        let released = Mutex(false)
        let others = DispatchSemaphore(value: 0)
        Parallel.$threads.withValue(2) {
            Parallel.forEach(20) { i in
                guard i == 0 else {
                    if done.wrappingAdd(1, ordering: .relaxed).newValue == 19 { others.signal() }
                    return
                }
                let inTime = others.wait(timeout: .now() + 10) == .success
                released.withLock { $0 = inTime }
            }
        }
        #expect(released.withLock { $0 }, "the other 19 pieces done while one waited: \(done.load(ordering: .relaxed))")
    }

    @Test("pair gives both results, and the first one's error first")
    func pair() throws {
        let (a, b) = try Parallel.pair({ "left" }, { 42 })
        #expect(a == "left" && b == 42, "the pair: \(a), \(b)")
        let error = #expect(throws: Failure.self) {
            try Parallel.pair(
                { () throws -> Int in throw Failure(index: 0) }, { () throws -> Int in throw Failure(index: 1) })
        }
        #expect(error == Failure(index: 0), "error of the pair: \(String(describing: error))")
    }

    @Test("the default is two threads")
    func defaultThreads() {
        #expect(Parallel.defaultThreads == 2, "Parallel.defaultThreads")
        #expect(Parallel.threads == Parallel.defaultThreads, "Parallel.threads outside any binding")
    }
}
