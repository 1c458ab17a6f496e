import SignetFiles

/// One save of a PDF: the bytes it appended and what its cross-reference section(s) say.
package struct Revision: Sendable {
    /// 1-based, oldest first.
    package var index: Int
    /// Absolute byte span: `start` up to `end` (just past its `%%EOF` and line end).
    package var start: Int
    package var end: Int
    /// Just past `%%EOF` (a ByteRange may end here or after the line end).
    package var eofEnd: Int
    /// The entries this revision wrote for objects in use (object number → entry).
    package var entries: [Int: XrefEntry]
    /// Object numbers its sections list as free (most name nothing that existed).
    var free: [Range<Int>] = []
    /// The generation each changed or freed object had before this revision.
    package var generationsBefore: [Int: Int] = [:]
    /// For a span of revisions (`FileRevisions.span`): the revision that last wrote or freed each object.
    package var writer: [Int: Int] = [:]
    /// Its newest section's trailer.
    var trailer: [String: SyntaxValue]
    package var xrefKind: FileStructure.XrefKind
    package var added: [Int] = []
    package var changed: [Int] = []
    package var freed: [Int] = []
    /// Syntax problems, one sentence each: a problem here means what the revision says cannot be trusted.
    package var problems: [String] = []
    /// Objects its hybrid table lists as free and its /XRefStm as stored whole: defined for readers
    /// of /XRefStm (qpdf, poppler), freed for the others (MuPDF). Normal in a file's first save
    /// (Word writes them); after a signature, a way to show two documents.
    package var shadowed: [Int] = []
    /// Those of `problems` about the revision's place in the file's history — an entry pointing back
    /// into an earlier revision's bytes, a startxref naming another section, a section inside an
    /// earlier revision, earlier revisions cut off, a cross-reference stream's entry for itself
    /// pointing elsewhere — which leave every reader reading the document
    /// as it stands the same way (`AmbiguousReading`); the others may not.
    package var historyProblems: Set<String> = []
    /// The numbers of its own cross-reference streams (its sections' and those its tables' /XRefStm name).
    package var xrefStreams: Set<Int> = []

    /// The trailer's `/Root` and `/Info` references.
    package var root: PDFObjectID? { trailer["/Root"]?.objectID }
    package var info: PDFObjectID? { trailer["/Info"]?.objectID }
    /// The trailer names `/Encrypt`.
    package var isEncrypted: Bool { trailer["/Encrypt"] != nil }
}

/// Every revision of a file, read from its bytes along the `/Prev` chain (tables, streams,
/// hybrid files, linearized files), with what each revision added, changed and freed, and the
/// syntax problems a verifier must not reconcile silently: an entry whose object has another
/// number, offsets past the end, a revision the chain does not reach (a trailer without
/// `/Prev`), bytes after the last `%%EOF`.
package struct FileRevisions: Sendable {
    package var headerOffset: Int
    package var revisions: [Revision]
    /// What follows the last revision's `%%EOF`, when it is more than white space: bytes no
    /// revision accounts for, after every signature.
    package var trailingBytes: String?

    /// The most decoded cross-reference stream data read from one file (256 MiB).
    static let maxDecoded = 256 << 20
    /// The most objects in use that the sections of one file may list (400,000: a 1,000-page file
    /// lists about 10,000). Every object is read and checked, about 30 µs each, so a million
    /// one-token objects in an update kept a verification busy for 30 s.
    package static let maxObjects = 400_000

    /// Reads every revision; a file over the limits (`FileStructure.maxSections`,
    /// `FileStructure.maxStreamEntries`, `maxDecoded`, `maxObjects`) is refused with a `PDFError` rather than
    /// read for minutes. `cipher` decrypts an encrypted file's object streams, so that their
    /// headers are checked too (`ObjectStreamCheck`).
    package static func read(_ file: any ByteSource, cipher: ObjectCipher? = nil) throws -> FileRevisions {
        let structure = try FileStructure.read(file)
        let header = structure.headerOffset
        var sections: [ReadXrefSection] = []
        var chainProblem = structure.problem
        var decoded = 0
        var listed = 0
        for relative in structure.sectionOffsets {
            guard
                var section = try XrefTableReader.read(file, at: header + relative)
                    ?? XrefStreamReader.read(file, at: header + relative)
            else {
                chainProblem = "the cross-reference section at byte \(header + relative) cannot be read"
                break
            }
            if section.kind == .table, let stream = section.trailer["/XRefStm"]?.integer {
                if let at = FileNumber.absolute(stream, header: header),
                    let hybrid = try XrefStreamReader.read(file, at: at)
                {
                    // Its entries count where the table's are free or missing.
                    let freed = section.freeNumbers
                    for (number, entry) in hybrid.entries where section.entries[number] == nil {
                        section.entries[number] = entry
                        if case .inUse = entry, freed.contains(where: { $0.contains(number) }) {
                            section.shadowed.append(number)
                        }
                    }
                    section.free += hybrid.freeNumbers
                    section.decoded += hybrid.decoded
                    section.problems += hybrid.problems
                    section.end = max(section.end, hybrid.end)
                } else {
                    section.problems.append("its /XRefStm \(stream) is not a cross-reference stream")
                }
            }
            listed += section.entries.count
            guard listed <= maxObjects else {
                throw PDFError(file.name, .overLimit("its cross-reference sections list over \(maxObjects) objects"))
            }
            decoded += section.decoded
            guard decoded <= maxDecoded else {
                throw PDFError(
                    file.name,
                    .overLimit("its cross-reference streams decode to over \(maxDecoded >> 20) MiB"))
            }
            sections.append(section)
        }
        var (revisions, trailing) = try group(sections.reversed(), file: file, header: header)
        if let chainProblem, !revisions.isEmpty { revisions[revisions.count - 1].problems.append(chainProblem) }
        try checkUnreachable(&revisions, file: file, structure: structure)
        try checkEntries(&revisions, file: file, header: header, cipher: cipher)
        return FileRevisions(headerOffset: header, revisions: revisions, trailingBytes: trailing)
    }

    /// Sections oldest first → revisions. A section whose /Prev points forward (a linearized
    /// file's first-page section) belongs to the same save as the one it points to.
    private static func group(
        _ sections: [ReadXrefSection], file: any ByteSource, header: Int
    ) throws -> ([Revision], String?) {
        var groups: [[ReadXrefSection]] = []
        for section in sections {
            if let last = groups.last?.last, let prev = section.trailer["/Prev"]?.integer,
                FileNumber.absolute(prev, header: header) == last.offset, last.offset > section.offset
            {
                groups[groups.count - 1].append(section)
            } else {
                groups.append([section])
            }
        }
        var revisions: [Revision] = []
        var start = 0
        for (i, group) in groups.enumerated() {
            var entries: [Int: XrefEntry] = [:]
            var free: [Range<Int>] = []
            var problems: [String] = []
            var shadowed: [Int] = []
            var history: Set<String> = []
            for section in group {
                shadowed += section.shadowed
                entries.merge(section.entries) { _, newer in newer }
                free += section.freeNumbers
                problems += section.problems
            }
            let last = group.max { $0.end < $1.end }!
            let (eofEnd, end, startxref, written) = try endOfRevision(after: last.end, file: file)
            if group.contains(where: { $0.offset < start }) {
                problems.append("its cross-reference section lies inside the bytes of an earlier revision")
                history.insert(problems.last!)
            }
            // A reader opening the file as this revision left it starts at this startxref: it must
            // name the revision's own section, or the revision means something else to it.
            let own = group.last!.offset - header
            if let startxref, startxref != own {
                problems.append("its startxref names byte \(startxref), not its own cross-reference section at \(own)")
                history.insert(problems.last!)
            } else if startxref == nil {
                problems.append("it has no startxref before its %%EOF")
            }
            if startxref != nil, let written, FileNumber.digits(written) == nil {
                problems.append("its startxref is written \(written), \(FileNumber.notDigits(written))")
            }
            var revision = Revision(
                index: i + 1, start: start, end: max(end, start), eofEnd: max(eofEnd, start), entries: entries,
                free: free, trailer: group.last!.trailer, xrefKind: group.last!.kind, problems: problems,
                shadowed: shadowed.sorted(), historyProblems: history)
            // Its cross-reference streams: its sections', and those its tables name in /XRefStm.
            let streams =
                group.filter { $0.kind == .stream }.map(\.offset)
                + group.compactMap {
                    $0.trailer["/XRefStm"]?.integer.flatMap { FileNumber.absolute($0, header: header) }
                }
            for offset in streams where offset >= 0 && offset < file.size {
                var reader = SyntaxReader(try file.bytes(offset..<min(file.size, offset + 64)))
                if let number = Int(reader.word()) { revision.xrefStreams.insert(number) }
            }
            revisions.append(revision)
            start = max(end, start)
        }
        let trailing = try revisions.last.flatMap {
            $0.end < file.size ? try describeTrailingBytes(after: $0.end, file: file) : nil
        }
        return (revisions, trailing)
    }

    /// Just past the `%%EOF` that follows `position`, past its line end too, and the number of the
    /// `startxref` before it (between `position` and the `%%EOF`), read as qpdf reads it (a sign
    /// allowed), with its text as written.
    private static func endOfRevision(
        after position: Int, file: any ByteSource
    ) throws -> (eof: Int, end: Int, startxref: Int?, written: String?) {
        let marker = Array("%%EOF".utf8), keyword = Array("startxref".utf8)
        var from = position
        var chunks = ScanChunks()
        while from < file.size {
            let chunk = chunks.next()
            let window = try file.bytes(from..<min(file.size, from + chunk + marker.count))
            if let hit = window.firstRange(of: marker) {
                let eof = from + hit.upperBound
                var end = eof
                let tail = try file.bytes(eof..<min(file.size, eof + 2))
                if tail.first == 0x0D { end += 1 }
                if tail.count > end - eof, tail[end - eof] == 0x0A { end += 1 }
                let before = try file.bytes(max(position, eof - 64)..<eof)
                var startxref: Int?, written: String?
                if let k = before.lastRange(of: keyword) {
                    var reader = SyntaxReader(before, at: k.upperBound)
                    written = reader.word()
                    startxref = written.flatMap { Int($0) }
                }
                return (eof, end, startxref, written)
            }
            from += chunk
        }
        return (file.size, file.size, nil, nil)
    }

    /// Bytes after the last `%%EOF`: white space is harmless, however long; objects are an
    /// incomplete update. Every byte is read, a chunk at a time (`ByteScan`).
    private static func describeTrailingBytes(after end: Int, file: any ByteSource) throws -> String? {
        let count = file.size - end
        guard let first = try ByteScan.firstNonWhitespace(in: end..<file.size, of: file) else { return nil }
        let markers = [" obj", "\nobj", "\robj"].map { Array($0.utf8) }
        if try ByteScan.contains(markers, in: max(end, first - 1)..<file.size, of: file) {
            return
                "an incomplete update: \(count) bytes with objects after the last %%EOF and no cross-reference section"
        }
        return "\(count) bytes follow the last %%EOF"
    }

    /// A `startxref` in the file that points at a cross-reference section the chain does not
    /// reach: an update whose trailer has no /Prev (or a wrong one) hides the revisions before it.
    private static func checkUnreachable(
        _ revisions: inout [Revision], file: any ByteSource, structure: FileStructure
    ) throws {
        guard !revisions.isEmpty else { return }
        let chain = Set(structure.sectionOffsets)
        let targets = try FileStructure.startxrefTargets(file).filter { $0 > 0 && !chain.contains($0) }
        let reachable = try targets.filter {
            guard let at = FileNumber.absolute($0, header: structure.headerOffset) else { return false }
            return try XrefTableReader.read(file, at: at) != nil || XrefStreamReader.read(file, at: at) != nil
        }
        guard !reachable.isEmpty else { return }
        let hidden = reachable.sorted().map(String.init).joined(separator: ", ")
        revisions[0].problems.append(
            "earlier revisions are cut off: the cross-reference section at \(hidden) is not reachable through /Prev (a trailer without /Prev, or a wrong one)"
        )
        revisions[0].historyProblems.insert(revisions[0].problems.last!)
    }
}

extension SyntaxValue {
    var objectID: PDFObjectID? {
        if case .reference(let n, let g) = self { return PDFObjectID(number: n, generation: g) }
        return nil
    }
}
