import SignetFiles

extension FileRevisions {
    /// Each revision's entries against the state before it: added, changed, freed; every in-use
    /// entry must point at `number generation obj` of the same number inside the file; and every
    /// object of an object stream the revision writes counts as redefined by it, each compressed
    /// entry checked against the stream's own header (`ObjectStreamCheck`; in an encrypted
    /// revision only with `cipher`, which decrypts the streams).
    static func checkEntries(
        _ revisions: inout [Revision], file: any ByteSource, header: Int, cipher: ObjectCipher?
    ) throws {
        var state = EntryState()
        var streams = ObjectStreamCheck(file: file, header: header, cipher: cipher)
        for r in revisions.indices {
            var revision = revisions[r]
            for (number, entry) in revision.entries.sorted(by: { $0.key < $1.key }) where number > 0 {
                let before = state.entries[number]
                if before == entry { continue }
                if before == nil { revision.added.append(number) } else { revision.changed.append(number) }
                if case .inUse(let offset, let generation) = entry,
                    let (problem, history) = try checkObject(
                        number, generation, at: offset, header: header, file: file, revision: revision)
                {
                    revision.problems.append(problem)
                    // A cross-reference stream's entry for itself: readers find that stream through
                    // startxref and /Prev, never through its entry (prefilled_f1040.pdf lists its own at
                    // byte 0); were it referenced, the comparison with poppler's reading would see it.
                    if history || revision.xrefStreams.contains(number) { revision.historyProblems.insert(problem) }
                }
            }
            for run in revision.free {
                revision.freed += state.inUse(run).filter { $0 > 0 && revision.entries[$0] == nil }
            }
            revision.freed.sort()
            for number in revision.changed + revision.freed {
                revision.generationsBefore[number] = state.entries[number]?.generation ?? 0
            }
            let before = state
            for (number, entry) in revision.entries where number > 0 { state.set(number, entry) }
            for number in revision.freed { state.set(number, nil) }
            // Objects read from an object stream this revision writes are redefined by it, whatever
            // their entries say (listed again unchanged, or not listed at all).
            let written = Set(revision.added + revision.changed)
            var redefined: Set<Int> = []
            for stream in written.sorted() where !state.members(of: stream).isEmpty {
                redefined.formUnion(state.members(of: stream))
                if !revision.isEncrypted || cipher != nil {
                    redefined.formUnion(try streams.header(of: stream, in: state, problems: &revision.problems))
                }
            }
            let more = redefined.filter { before.entries[$0] != nil && state.entries[$0] != nil }.subtracting(written)
            for number in more { revision.generationsBefore[number] = before.entries[number]?.generation ?? 0 }
            revision.changed = (revision.changed + more).sorted()
            if !revision.isEncrypted || cipher != nil {
                try streams.checkCompressed(written.union(redefined), in: state, problems: &revision.problems)
            }
            if revision.problems.count > 20 {
                // The problems that may change how the document reads come first, so none is dropped
                // for one about its history.
                let history = revision.historyProblems
                let kept =
                    revision.problems.filter { !history.contains($0) } + revision.problems.filter(history.contains)
                let more = "and \(kept.count - 20) more problems"
                revision.problems = Array(kept.prefix(20)) + [more]
                if kept[20...].allSatisfy(history.contains) { revision.historyProblems.insert(more) }
            }
            revisions[r] = revision
        }
    }

    /// `relative`: the entry's offset as written (from the header), which may be anything. The
    /// problem, and whether it is only about the revision's history (`Revision.historyProblems`).
    private static func checkObject(
        _ number: Int, _ generation: Int, at relative: Int, header: Int, file: any ByteSource, revision: Revision
    ) throws -> (String, history: Bool)? {
        guard let offset = FileNumber.absolute(relative, header: header), offset < file.size else {
            let place = relative < 0 ? "before the start of the file" : "past the end of the file"
            return ("the entry for object \(number) points at byte \(relative), \(place)", false)
        }
        var reader = SyntaxReader(try file.bytes(offset..<min(file.size, offset + 64)))
        let n = Int(reader.word()), g = Int(reader.word()), keyword = reader.word()
        guard keyword == "obj", let n, let g else {
            return ("the entry for object \(number) points at byte \(offset), where no object starts", false)
        }
        guard n == number, g == generation else {
            return ("the entry for object \(number) \(generation) points at object \(n) \(g) (byte \(offset))", false)
        }
        if revision.index > 1, offset < revision.start {
            return (
                "the entry for object \(number) points at byte \(offset), back into the bytes of an earlier revision",
                true
            )
        }
        return nil
    }
}

/// The objects in use after some revision: each one's entry, and the objects whose entries point
/// into each object stream (so a rewritten stream finds its members without a scan of every entry).
struct EntryState {
    private(set) var entries: [Int: XrefEntry] = [:]
    private var membersOf: [Int: Set<Int>] = [:]

    mutating func set(_ number: Int, _ entry: XrefEntry?) {
        if case .compressed(let stream, _) = entries[number] { membersOf[stream]?.remove(number) }
        entries[number] = entry
        if case .compressed(let stream, _) = entry { membersOf[stream, default: []].insert(number) }
    }

    func members(of stream: Int) -> Set<Int> { membersOf[stream] ?? [] }

    /// The numbers in `run` that are in use, found by whichever of the two is smaller.
    func inUse(_ run: Range<Int>) -> [Int] {
        run.count > entries.count ? entries.keys.filter(run.contains).sorted() : run.filter { entries[$0] != nil }
    }
}
