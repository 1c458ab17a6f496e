/// A growable list of plain values for the JSON parser's hot loop: appending needs no
/// copy-on-write check (an `Array` asks the runtime on every append whether its storage is
/// shared). It owns its memory, frees it when it goes away, and cannot be copied.
struct ParseBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "parse buffer index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "parse buffer index out of range")
            base[i] = newValue
        }
    }

    var last: Element? { count > 0 ? base[count - 1] : nil }

    mutating func removeLast(_ n: Int = 1) {
        precondition(n >= 0 && n <= count, "removing more than the parse buffer holds")
        count -= n
    }

    /// Appends the elements `range` of `other`.
    mutating func append(from other: borrowing ParseBuffer<Element>, _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "parse buffer range out of bounds")
        while capacity - count < range.count { grow() }
        (base + count).initialize(from: other.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// The contents as an array.
    var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
