import Glibc
import SignetFiles

/// What the file's own bytes say about how it was saved: where `%PDF` starts, where the last
/// cross-reference section is and of which kind, and how many revisions the `/Prev` chain holds.
/// qpdf hides all of this (it repairs and merges), but the incremental writer and `info` need it.
package struct FileStructure: Sendable, Hashable, Codable {
    package enum XrefKind: String, Sendable, Hashable, Codable {
        /// A classic `xref` table followed by `trailer`.
        case table
        /// A cross-reference stream (`/Type /XRef`), PDF 1.5 and later.
        case stream
    }

    /// Bytes before `%PDF-` (offsets inside the file are relative to it).
    package var headerOffset: Int
    /// The value after the last `startxref` (relative to the header), when readable.
    package var startxref: Int?
    /// The kind of the section `startxref` points to.
    package var lastXrefKind: XrefKind?
    /// True when that last section is a table whose trailer names an `/XRefStm` (hybrid file).
    package var isHybrid: Bool
    /// Offsets (relative to the header) of the cross-reference sections along the `/Prev`
    /// chain, newest first. A hybrid file's `/XRefStm` streams are not separate sections.
    package var sectionOffsets: [Int]
    /// Times the file was saved, when counted (`read(_:countingRevisions: true)`): the sections
    /// some `startxref` in the file points to. A linearized file's main section (reached by a
    /// `/Prev` that points forward from its first-page section) and extra sections a writer
    /// chained within one save are not separate revisions; neither is a `%%EOF` inside a stream.
    package var revisions: Int?
    /// Why the chain could not be followed to its end, if it could not.
    package var problem: String?
    /// True when the last byte is a line end (an update can start right away).
    package var endsWithLineEnd: Bool

    /// The chain was followed to its start without a problem.
    package var isIntact: Bool { problem == nil && startxref != nil && lastXrefKind != nil }

    /// The most cross-reference sections (so revisions) followed: every command that opens a file
    /// refuses one with more, `signet verify` and `signet info` alike.
    static let maxSections = 10_000
    /// The most entries the cross-reference streams of one file may list (10 million: far above
    /// any real file). Rows of zeros deflate a thousandfold, so a 70 KB file could otherwise make
    /// qpdf and Signet build a table of tens of millions of entries; the count is read from the
    /// streams' dictionaries before anything is decoded.
    static let maxStreamEntries = 10_000_000
    static let trailerSearchLimit = 256 << 20

    /// Reads the structure of `file`; never throws for damage, it reports it in `problem`, but
    /// throws a `PDFError` for a chain of more than `maxSections` sections or cross-reference
    /// streams that list more than `maxStreamEntries` entries.
    /// Counting revisions reads the whole file once (in chunks).
    package static func read(_ file: any ByteSource, countingRevisions: Bool = false) throws -> FileStructure {
        let head = try file.bytes(0..<min(file.size, 1024))
        let headerOffset = head.firstRange(of: Array("%PDF-".utf8))?.lowerBound ?? 0
        // The last startxref lies before any white space that follows the last %%EOF.
        let end = try ByteScan.contentEnd(of: file)
        let tail = try file.bytes(max(0, end - 2048)..<end)
        let last = try file.bytes(max(0, file.size - 1)..<file.size).last
        var s = FileStructure(
            headerOffset: headerOffset, startxref: nil, lastXrefKind: nil, isHybrid: false, sectionOffsets: [],
            revisions: nil, problem: nil, endsWithLineEnd: last == 0x0A || last == 0x0D)
        guard let keyword = tail.lastRange(of: Array("startxref".utf8)) else {
            s.problem = "no startxref near the end of the file"
            return s
        }
        var reader = SyntaxReader(tail, at: keyword.upperBound)
        guard let offset = Int(reader.word()), offset >= 0 else {
            s.problem = "startxref is not followed by a number"
            return s
        }
        s.startxref = offset
        var visited: Set<Int> = []
        var next: Int? = offset
        var streamEntries = 0
        while let current = next {
            guard visited.insert(current).inserted else {
                s.problem = "the /Prev chain of cross-reference sections loops"
                break
            }
            guard visited.count <= maxSections else {
                throw PDFError(
                    file.name, .overLimit("its /Prev chain holds over \(maxSections) cross-reference sections"))
            }
            // Offsets come from the file: one past its end (or one that would overflow) is damage.
            guard current >= 0, current < file.size,
                let section = try XrefSectionHeader.read(file, at: headerOffset + current)
            else {
                s.problem = "no cross-reference section at offset \(current)"
                break
            }
            if current == offset {
                s.lastXrefKind = section.kind
                s.isHybrid = section.kind == .table && section.trailer["/XRefStm"] != nil
            }
            s.sectionOffsets.append(current)
            streamEntries += try section.streamEntries(file, headerOffset: headerOffset)
            guard streamEntries <= maxStreamEntries else {
                throw PDFError(
                    file.name,
                    .overLimit("its cross-reference streams list over \(maxStreamEntries) entries"))
            }
            next = section.trailer["/Prev"]?.integer
        }
        if countingRevisions {
            let targets = try startxrefTargets(file)
            s.revisions = s.sectionOffsets.filter { targets.contains($0) }.count
        }
        return s
    }

    /// The numbers after every `startxref` keyword in the file, read in overlapping chunks.
    static func startxrefTargets(_ file: any ByteSource) throws -> Set<Int> {
        let keyword = Array("startxref".utf8)
        var targets: Set<Int> = []
        let chunk = 1 << 20, overlap = 64
        var position = 0
        while position < file.size {
            let window = try file.bytes(position..<min(file.size, position + chunk + overlap))
            var from = 0
            while let hit = window[from...].firstRange(of: keyword) {
                if hit.lowerBound < chunk || position + chunk >= file.size {
                    var reader = SyntaxReader(window, at: hit.upperBound)
                    if let n = Int(reader.word()) { targets.insert(n) }
                }
                from = hit.upperBound
            }
            position += chunk
        }
        return targets
    }
}

/// The kind and trailer dictionary of one cross-reference section.
struct XrefSectionHeader {
    var kind: FileStructure.XrefKind
    var trailer: [String: SyntaxValue]

    /// Reads the section at absolute `offset`; `nil` when there is none there.
    static func read(_ file: any ByteSource, at offset: Int) throws -> XrefSectionHeader? {
        guard offset >= 0, offset < file.size else { return nil }
        let window = try file.bytes(offset..<min(file.size, offset + 4096))
        var reader = SyntaxReader(window)
        reader.skipSpace()
        let start = reader.position
        if reader.word() == "xref" {
            guard let trailer = try findTrailer(file, from: offset + start) else { return nil }
            return XrefSectionHeader(kind: .table, trailer: trailer)
        }
        reader.position = start
        guard Int(reader.word()) != nil, Int(reader.word()) != nil, reader.word() == "obj",
            let dict = reader.value()?.dictionary, dict["/Type"]?.name == "/XRef"
        else { return nil }
        return XrefSectionHeader(kind: .stream, trailer: dict)
    }

    /// The entries a cross-reference stream lists (its /Index counts, else its /Size), or the
    /// stream a hybrid table names with /XRefStm; 0 for a plain table (its bytes bound it).
    func streamEntries(_ file: any ByteSource, headerOffset: Int) throws -> Int {
        switch kind {
        case .stream:
            let counts = trailer["/Index"]?.integers.map { index in
                stride(from: 1, to: index.count, by: 2).map { index[$0] }
            }
            return (counts ?? [trailer["/Size"]?.integer ?? 0]).reduce(0) {
                $0 + max(0, min($1, ReadXrefSection.maxEntries))
            }
        case .table:
            guard let stream = trailer["/XRefStm"]?.integer, stream >= 0, stream < file.size - headerOffset,
                let hybrid = try XrefSectionHeader.read(file, at: headerOffset + stream), hybrid.kind == .stream
            else { return 0 }
            return try hybrid.streamEntries(file, headerOffset: headerOffset)
        }
    }

    /// Finds `trailer` after a table starting at `offset` and reads its dictionary, scanning
    /// in chunks (`ScanChunks`) so a table of any length is read with bounded memory.
    private static func findTrailer(_ file: any ByteSource, from offset: Int) throws -> [String: SyntaxValue]? {
        let keyword = Array("trailer".utf8)
        var chunks = ScanChunks()
        var position = offset
        while position < file.size, position - offset < FileStructure.trailerSearchLimit {
            let chunk = chunks.next()
            let window = try file.bytes(position..<min(file.size, position + chunk + 4096))
            if let hit = window.firstRange(of: keyword) {
                var reader = SyntaxReader(window, at: hit.upperBound)
                if let dict = reader.value()?.dictionary { return dict }
                let rest = try file.bytes(
                    (position + hit.upperBound)..<min(file.size, position + hit.upperBound + (1 << 20)))
                var wide = SyntaxReader(rest)
                return wide.value()?.dictionary
            }
            position += chunk
        }
        return nil
    }
}

/// The sizes of the chunks a forward scan reads: 1 KiB first (what it looks for, a table's
/// trailer or a revision's `%%EOF`, is usually a few lines away), then four times larger each
/// time up to 64 KiB, so thousands of tiny updates cost a kilobyte each, not 64 KiB each.
struct ScanChunks {
    private var size = 1 << 10

    mutating func next() -> Int {
        defer { size = min(size * 4, 1 << 16) }
        return size
    }
}

extension ArraySlice where Element == UInt8 {
    /// The first occurrence of `needle` (indices of the underlying array): candidates are found
    /// with memchr (vectorized), then compared.
    func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, count >= needle.count else { return nil }
        let offset: Int? = withUnsafeBytes { hay in
            guard let base = hay.baseAddress else { return nil }
            var from = 0
            let last = hay.count - needle.count
            while from <= last {
                guard let hit = memchr(base + from, Int32(needle[0]), last - from + 1) else { return nil }
                let at = UnsafeRawPointer(hit) - base
                if memcmp(base + at, needle, needle.count) == 0 { return at }
                from = at + 1
            }
            return nil
        }
        return offset.map { (startIndex + $0)..<(startIndex + $0 + needle.count) }
    }
}

extension Array where Element == UInt8 {
    /// The first occurrence of `needle`.
    func firstRange(of needle: [UInt8]) -> Range<Int>? { self[...].firstRange(of: needle) }

    /// The last occurrence of `needle`.
    func lastRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, count >= needle.count else { return nil }
        var i = count - needle.count
        while i >= 0 {
            if self[i] == needle[0], self[i..<(i + needle.count)].elementsEqual(needle) {
                return i..<(i + needle.count)
            }
            i -= 1
        }
        return nil
    }
}
