/// One entry of a cross-reference section: where an object number's current definition lives.
package enum XrefEntry: Sendable, Hashable {
    /// Not in use (`f`); the generation a reuse would take.
    case free(generation: Int)
    /// A plain object `number generation obj` at `offset` (relative to the header).
    case inUse(offset: Int, generation: Int)
    /// Object number `index`-th in the object stream `stream` (cross-reference streams only).
    case compressed(stream: Int, index: Int)

    var isInUse: Bool { if case .free = self { return false } else { return true } }

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
    var entries: [Int: XrefEntry]
    var trailer: [String: SyntaxValue]
    /// Entries that could not be read as written, one sentence each.
    var problems: [String]

    /// Most entries one section may hold (10 million: far above any real file).
    static let maxEntries = 10_000_000

    /// How many entries repeated an object number the section had already listed (overlapping
    /// subsections or /Index ranges), and the first such number.
    var duplicates = 0
    var firstDuplicate: Int?

    /// Records `entry` for `number` unless the section already listed it: within one section the
    /// first entry wins, as qpdf, poppler, MuPDF and pdf.js read it, so the objects Signet judges are
    /// the ones viewers show. A repeated number is a problem of the section (`finishDuplicates`).
    mutating func record(_ number: Int, _ entry: XrefEntry) {
        guard entries[number] == nil else {
            duplicates += 1
            if firstDuplicate == nil { firstDuplicate = number }
            return
        }
        entries[number] = entry
    }

    /// Adds one problem naming the first repeated object number, when there was any.
    mutating func finishDuplicates(_ what: String) {
        guard let firstDuplicate else { return }
        let more = duplicates > 1 ? " (and \(duplicates - 1) more repeated entries)" : ""
        problems.append(
            "\(what) lists object \(firstDuplicate) more than once\(more); viewers use the first entry, and so does Signet")
    }
}
