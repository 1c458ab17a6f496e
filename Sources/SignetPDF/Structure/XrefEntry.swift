/// One entry of a cross-reference section: where an object number's current definition lives.
package enum XrefEntry: Sendable, Hashable {
    /// Not in use (`f`); the generation a reuse would take.
    case free(generation: Int)
    /// A plain object `number generation obj` at `offset` (relative to the header).
    case inUse(offset: Int, generation: Int)
    /// Object number `index`-th in the object stream `stream` (cross-reference streams only).
    case compressed(stream: Int, index: Int)

    /// The generation of a plain object (0 for compressed ones, which always have 0).
    package var generation: Int {
        switch self {
        case .free(let g), .inUse(_, let g): return g
        case .compressed: return 0
        }
    }
}

/// The entries and trailer of one cross-reference section (a table, or a stream), read from the
/// file's bytes: qpdf merges every section into one table and repairs what it finds, but a
/// verifier must see each revision as it was written.
struct ReadXrefSection {
    var kind: FileStructure.XrefKind
    /// Absolute offset of the section (`xref` keyword, or the stream's `N G obj`).
    var offset: Int
    /// Absolute offset just past the section (past `trailer << … >>` or `endobj`).
    var end: Int
    /// The entries of objects in use (plain or compressed); free entries are in `free`.
    var entries: [Int: XrefEntry]
    /// Object numbers listed as free, as runs: a free entry matters only when it frees an object an
    /// earlier revision defined, so millions of them cost a few runs, not a dictionary entry each.
    var free: [Range<Int>] = []
    var trailer: [String: SyntaxValue]
    /// Entries that could not be read as written, one sentence each.
    var problems: [String]
    /// Bytes of decoded cross-reference stream data (counted against `FileRevisions.maxDecoded`).
    var decoded = 0
    /// A hybrid table's objects that it lists as free and its /XRefStm as stored whole (not in an
    /// object stream): readers that skip /XRefStm see them freed, the others see them defined.
    var shadowed: [Int] = []

    init(
        kind: FileStructure.XrefKind, offset: Int, end: Int, trailer: [String: SyntaxValue], problems: [String] = []
    ) {
        (self.kind, self.offset, self.end, self.entries, self.trailer, self.problems) =
            (kind, offset, end, [:], trailer, problems)
        let subject =
            kind == .table
            ? "the trailer of its cross-reference table at byte \(offset)"
            : "its cross-reference stream at byte \(offset)"
        for key in Self.numberKeys {
            guard let value = trailer[key], !value.isDigits else { continue }
            self.problems.append("\(subject) writes \(key) as \(value.written), \(FileNumber.notDigits(value.written))")
        }
    }

    /// The trailer entries that are offsets or counts, written in digits only (`FileNumber`).
    static let numberKeys = ["/Prev", "/Size", "/XRefStm", "/W", "/Index"]

    /// Most entries one section may hold (10 million: far above any real file).
    static let maxEntries = 10_000_000

    /// Object numbers this section lists more than once (overlapping subsections or /Index ranges).
    private var duplicates = 0
    private var firstDuplicate: Int?
    /// One past the highest number listed so far: while every subsection starts at or above it
    /// (as writers list them), no number can repeat and none is remembered.
    private var listedEnd = 0
    private var outOfOrder = false
    /// Free numbers listed after a subsection out of order (kept to find repeats among them).
    private var laterFree: Set<Int> = []

    /// Starts a subsection of `count` entries from `first` (a table's subsection, an /Index pair).
    mutating func beginSubsection(_ first: Int, count: Int) {
        if first < listedEnd { outOfOrder = true }
        listedEnd = max(listedEnd, first + count)
    }

    /// Records `entry` for `number` unless the section already listed it: within one section the
    /// first entry wins, as qpdf, poppler, MuPDF and pdf.js read it, so the objects Signet judges are
    /// the ones viewers show. A repeated number is a problem of the section (`finishDuplicates`).
    mutating func record(_ number: Int, _ entry: XrefEntry) {
        if outOfOrder, entries[number] != nil || isListedFree(number) {
            duplicates += 1
            if firstDuplicate == nil { firstDuplicate = number }
            return
        }
        guard case .free = entry else {
            entries[number] = entry
            return
        }
        if outOfOrder {
            laterFree.insert(number)
        } else if let last = free.last, last.upperBound == number {
            free[free.count - 1] = last.lowerBound..<(number + 1)
        } else {
            free.append(number..<(number + 1))
        }
    }

    /// The runs of free numbers, sorted, and the numbers freed after a subsection out of order.
    var freeNumbers: [Range<Int>] { free + laterFree.sorted().map { $0..<($0 + 1) } }

    private func isListedFree(_ number: Int) -> Bool {
        if laterFree.contains(number) { return true }
        // The runs were listed in order: the last one starting at or below `number` is the only candidate.
        var low = 0, high = free.count
        while low < high {
            let mid = (low + high) / 2
            if free[mid].lowerBound <= number { low = mid + 1 } else { high = mid }
        }
        return low > 0 && free[low - 1].contains(number)
    }

    /// Adds one problem naming the first repeated object number, when there was any.
    mutating func finishDuplicates(_ what: String) {
        guard let firstDuplicate else { return }
        let more = duplicates > 1 ? " (and \(duplicates - 1) more repeated entries)" : ""
        problems.append(
            "\(what) lists object \(firstDuplicate) more than once\(more); viewers use the first entry, and so does Signet"
        )
    }
}
