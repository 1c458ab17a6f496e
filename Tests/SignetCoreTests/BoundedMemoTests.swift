import SignetCore
import Synchronization
import Testing

@Suite("Bounded memo")
struct BoundedMemoTests {
    @Test("a value is made once per key, and all are forgotten when the memo is full")
    func remembersUpToCapacity() {
        let memo = BoundedMemo<Int, Int>(capacity: 3)
        let made = Mutex(0)
        func value(_ key: Int) -> Int {
            memo.value(for: key) {
                made.withLock { $0 += 1 }
                return key * 10
            }
        }
        #expect([value(1), value(2), value(1), value(2)] == [10, 20, 10, 20], "values of keys 1, 2, 1, 2")
        #expect(made.withLock { $0 } == 2, "values made for two keys asked twice each")
        _ = value(3)
        _ = value(4)  // the fourth key finds the memo full: it starts over with this one
        #expect(made.withLock { $0 } == 4, "values made after keys 3 and 4")
        #expect(value(4) == 40 && made.withLock { $0 } == 4, "key 4 is remembered")
        #expect(value(1) == 10 && made.withLock { $0 } == 5, "key 1 was forgotten and made again")
    }
}
