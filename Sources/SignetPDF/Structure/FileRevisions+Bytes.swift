import SignetFiles

/// What the bytes of one revision hold beyond what qpdf reads: dictionaries that define a key
/// twice (qpdf keeps the last value, other viewers the first), and objects its cross-reference
/// section does not list (a viewer that repairs the file finds them). Read by
/// `FileRevisions.accountBytes`.
package struct RevisionBytes: Sendable {
    /// The revision (1-based).
    package var revision: Int
    /// Objects it defines at file offsets in its bytes, by number, with the keys each defines twice.
    package var duplicates: [Int: [DuplicateKey]] = [:]
    /// Keys its trailer (or cross-reference stream dictionary) defines twice.
    package var trailerDuplicates: [DuplicateKey] = []
    /// `N G obj` headers in its bytes that no entry of its sections lists (updates only).
    package var unlisted: [PDFObjectID] = []
    /// Objects whose syntax is over `FileRevisions.maxScanned` bytes, not checked for duplicate keys.
    package var unchecked: [Int] = []
}

extension FileRevisions {
    /// The most bytes of one object's (or trailer's) syntax read to look for duplicate keys (16 MiB);
    /// stream data is stepped over, not read.
    package static let maxScanned = 16 << 20

    /// Every revision's bytes accounted for: each object its entries place in its bytes is read
    /// (stream data stepped over by `/Length`) and its dictionaries checked for keys defined twice,
    /// as are its trailers; what lies between them is searched for `N G obj` headers no entry
    /// lists. The members of object streams are read too (`ObjectStreamKeys`), an encrypted
    /// file's decrypted with `cipher`.
    package func accountBytes(_ file: any ByteSource, cipher: ObjectCipher? = nil) throws -> [RevisionBytes] {
        let sectionOffsets = try FileStructure.read(file).sectionOffsets.map { headerOffset + $0 }
        var latest: [Int: XrefEntry] = [:]
        var result: [RevisionBytes] = []
        for revision in revisions {
            latest.merge(revision.entries) { _, newer in newer }
            let account = ByteAccount(file: file, header: headerOffset, latest: latest, cipher: cipher)
            result.append(try account.read(revision, sections: sectionOffsets))
        }
        return result
    }
}

/// One revision's bytes walked in file order: known objects, and the gaps between them.
private struct ByteAccount {
    let file: any ByteSource
    let header: Int
    /// Every entry written up to this revision (to resolve a `/Length` reference).
    let latest: [Int: XrefEntry]
    let cipher: ObjectCipher?

    func read(_ revision: Revision, sections: [Int]) throws -> RevisionBytes {
        var out = RevisionBytes(revision: revision.index)
        let span = revision.start..<min(revision.end, file.size)
        var starts: [Int: Int?] = [:]  // absolute offset → object number (nil: a cross-reference stream)
        for (number, entry) in revision.entries {
            if case .inUse(let offset, _) = entry, span.contains(header + offset) { starts[header + offset] = number }
        }
        var sectionStarts = sections.filter(span.contains)
        if let hybrid = revision.trailer["/XRefStm"]?.integer, span.contains(header + hybrid) {
            sectionStarts.append(header + hybrid)
        }
        for offset in sectionStarts { starts[offset] = .some(nil) }
        var position = span.lowerBound
        let ordered = starts.keys.sorted()
        for (i, start) in ordered.enumerated() {
            let bound = i + 1 < ordered.count ? ordered[i + 1] : span.upperBound
            if start > position { try gap(position..<start, revision: revision, into: &out) }
            let number = starts[start]!
            guard let object = try readObject(at: start, bound: bound) else {
                // Not an object (a table section, or an entry that points at no object): its bytes are
                // searched like the rest.
                position = max(position, start)
                continue
            }
            if let number {
                if object.unchecked { out.unchecked.append(number) }
                if !object.duplicates.isEmpty { out.duplicates[number, default: []] += object.duplicates }
                if object.isObjectStream { try members(of: number, at: start, revision: revision, into: &out) }
            } else {
                out.trailerDuplicates += object.duplicates
            }
            position = max(position, object.end)
        }
        if position < span.upperBound { try gap(position..<span.upperBound, revision: revision, into: &out) }
        out.unchecked.sort()
        return out
    }

    struct ReadObject {
        var end: Int
        var duplicates: [DuplicateKey]
        var unchecked = false
        var isObjectStream = false
    }

    /// The members of the object stream `number` at `start` that entries place in it.
    private func members(of number: Int, at start: Int, revision: Revision, into out: inout RevisionBytes) throws {
        guard
            let stream = try StoredStream.read(file, at: start, length: { try length(of: $0) }),
            let outcome = ObjectStreamKeys.check(
                stream, cipher: cipher, encrypted: revision.isEncrypted,
                member: {
                    guard case .compressed(let s, _) = latest[$0] else { return false }
                    return s == number
                })
        else { return }
        // A stream Signet does not decode is a known limit (as for its header), not a finding.
        if case .read(let found) = outcome { out.duplicates.merge(found) { $0 + $1 } }
    }

    /// The object at `start` (`N G obj`, its value, stream data stepped over, `endobj`), read no
    /// further than `bound`; `nil` when no object starts there.
    private func readObject(at start: Int, bound: Int) throws -> ReadObject? {
        guard let (scanner, windowEnd) = try scanValue(at: start, bound: bound, afterObjectHeader: true) else {
            return nil
        }
        guard !scanner.truncated || windowEnd >= bound else {
            return ReadObject(end: bound, duplicates: scanner.found, unchecked: true)
        }
        var after = scanner
        let afterValue = start + after.position
        let keyword = after.word()
        if keyword.elementsEqual("endobj".utf8) {
            return ReadObject(end: start + after.position, duplicates: scanner.found)
        }
        guard keyword.elementsEqual("stream".utf8) else {
            return ReadObject(end: afterValue, duplicates: scanner.found)
        }
        // `stream` is followed by CRLF or LF, then the data.
        var dataStart = start + after.position
        let lineEnd = try file.bytes(dataStart..<min(file.size, dataStart + 2))
        if lineEnd.first == 0x0D { dataStart += 1 }
        if lineEnd.count > dataStart - start - after.position, lineEnd[dataStart - start - after.position] == 0x0A {
            dataStart += 1
        }
        let end = try streamEnd(from: dataStart, length: length(scanner.topLevelValue("/Length")), bound: bound)
        return ReadObject(
            end: end, duplicates: scanner.found,
            isObjectStream: scanner.topLevelValue("/Type")?.name == "/ObjStm")
    }

    /// Scans the value that starts at `start` (after `N G obj` when asked), reading more of the file
    /// while the value runs past what was read, up to `FileRevisions.maxScanned`.
    private func scanValue(
        at start: Int, bound: Int, afterObjectHeader: Bool
    ) throws -> (DuplicateKeyScanner, Int)? {
        var size = 1 << 16
        while true {
            let end = min(bound, file.size, start + size)
            let bytes = try file.bytes(start..<end)
            var scanner = DuplicateKeyScanner(bytes)
            if afterObjectHeader, scanner.objectHeader() == nil { return nil }
            _ = scanner.scan()
            if !scanner.truncated || end >= min(bound, file.size) || size >= FileRevisions.maxScanned {
                return (scanner, end)
            }
            size = min(size * 8, FileRevisions.maxScanned)
        }
    }

    /// A stream's `/Length`: a direct integer, or the integer object a reference names.
    private func length(_ value: SyntaxValue?) throws -> Int? {
        guard let value else { return nil }
        if let direct = value.integer { return direct }
        return try value.objectID.flatMap(length(of:))
    }

    /// The integer object `id` names, as the entries up to this revision place it.
    private func length(of id: PDFObjectID) throws -> Int? {
        guard case .inUse(let offset, _) = latest[id.number], header + offset < file.size else { return nil }
        var reader = SyntaxReader(try file.bytes((header + offset)..<min(file.size, header + offset + 64)))
        guard Int(reader.word()) == id.number, Int(reader.word()) != nil, reader.word() == "obj" else { return nil }
        return Int(reader.word())
    }

    /// Just past `endobj` after the stream data: found from `/Length`, or by searching for
    /// `endstream` when the length is unknown or wrong; `bound` when neither is found.
    private func streamEnd(from dataStart: Int, length: Int?, bound: Int) throws -> Int {
        if let length, length >= 0, dataStart + length < bound {
            let tail = try file.bytes((dataStart + length)..<min(bound, dataStart + length + 64))
            var reader = DuplicateKeyScanner(tail)
            if reader.word().elementsEqual("endstream".utf8) {
                let afterStream = reader.position
                return dataStart + length + (reader.word().elementsEqual("endobj".utf8) ? reader.position : afterStream)
            }
        }
        guard let hit = try find(Array("endstream".utf8), in: dataStart..<bound) else { return bound }
        let tail = try file.bytes(hit.upperBound..<min(bound, hit.upperBound + 64))
        var reader = DuplicateKeyScanner(tail)
        return hit.upperBound + (reader.word().elementsEqual("endobj".utf8) ? reader.position : 0)
    }

    /// The first occurrence of `needle` in the file's bytes `range`, read in chunks.
    private func find(_ needle: [UInt8], in range: Range<Int>) throws -> Range<Int>? {
        var from = range.lowerBound
        let chunk = 1 << 20
        while from < range.upperBound {
            let end = min(range.upperBound, from + chunk + needle.count)
            if let hit = try file.bytes(from..<end).firstRange(of: needle) {
                return (from + hit.lowerBound)..<(from + hit.upperBound)
            }
            from += chunk
        }
        return nil
    }

    /// Bytes no entry accounts for: `N G obj` headers (objects no entry lists, reported for updates)
    /// and `trailer` dictionaries (checked for duplicate keys).
    private func gap(_ range: Range<Int>, revision: Revision, into out: inout RevisionBytes) throws {
        let chunk = 1 << 20, back = 48
        var from = range.lowerBound
        while from < range.upperBound {
            let windowStart = max(range.lowerBound, from - back)
            let windowEnd = min(range.upperBound, from + chunk + 16)
            let window = try file.bytes(windowStart..<windowEnd)
            let limit = min(range.upperBound, from + chunk) - windowStart
            var at = from - windowStart
            while let hit = window[at...].firstRange(of: Array("obj".utf8)), hit.lowerBound < limit {
                at = hit.upperBound
                guard Self.endsToken(window, hit.upperBound), let id = Self.objectHeader(window, before: hit.lowerBound)
                else { continue }
                if revision.index > 1, !out.unlisted.contains(id), out.unlisted.count < 100 { out.unlisted.append(id) }
            }
            at = from - windowStart
            while let hit = window[at...].firstRange(of: Array("trailer".utf8)), hit.lowerBound < limit {
                at = hit.upperBound
                guard Self.endsToken(window, hit.upperBound) else { continue }
                let start = windowStart + hit.upperBound
                if let (scanner, _) = try scanValue(at: start, bound: range.upperBound, afterObjectHeader: false) {
                    out.trailerDuplicates += scanner.found
                }
            }
            from += chunk
        }
    }

    private static func endsToken(_ bytes: [UInt8], _ at: Int) -> Bool {
        at >= bytes.count || SyntaxReader.isWhitespace(bytes[at]) || SyntaxReader.isDelimiter(bytes[at])
    }

    /// `N G` before `obj` at `end` (white space between), when they stand as tokens of their own.
    private static func objectHeader(_ bytes: [UInt8], before end: Int) -> PDFObjectID? {
        var i = end
        func digits() -> Int? {
            let last = i
            while i > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i - 1]) { i -= 1 }
            guard i < last, last - i <= 10 else { return nil }
            return Int(String(decoding: bytes[i..<last], as: UTF8.self))
        }
        func space() -> Bool {
            let last = i
            while i > 0, SyntaxReader.isWhitespace(bytes[i - 1]) { i -= 1 }
            return i < last
        }
        guard space(), let generation = digits(), space(), let number = digits() else { return nil }
        guard i == 0 || SyntaxReader.isWhitespace(bytes[i - 1]) || SyntaxReader.isDelimiter(bytes[i - 1]) else {
            return nil
        }
        return PDFObjectID(number: number, generation: generation)
    }
}
