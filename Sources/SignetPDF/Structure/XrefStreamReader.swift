import SignetFiles

/// Reads a cross-reference stream (`/Type /XRef`, PDF 1.5) at an absolute offset: its
/// dictionary (the section's trailer) and its binary entries, FlateDecode with PNG predictors.
enum XrefStreamReader {
    /// Largest decoded entry data (64 MiB).
    static let maxDecoded = 64 << 20

    static func read(_ file: any ByteSource, at offset: Int) throws -> ReadXrefSection? {
        guard let stored = try StoredStream.read(file, at: offset), stored.dictionary["/Type"]?.name == "/XRef" else {
            return nil
        }
        let dict = stored.dictionary
        var section = ReadXrefSection(kind: .stream, offset: offset, end: stored.dataStart, trailer: dict)
        func fail(_ why: String) -> ReadXrefSection {
            section.problems.append("its cross-reference stream at byte \(offset) \(why)")
            return section
        }
        guard let data = stored.data else { return fail("has no direct /Length inside the file") }
        section.end = stored.dataStart + data.count
        guard let widths = dict["/W"]?.integers, widths.count == 3, widths.allSatisfy({ (0...8).contains($0) }) else {
            return fail("has no usable /W")
        }
        guard let size = dict["/Size"]?.integer, size >= 0 else { return fail("has no /Size") }
        let index = dict["/Index"]?.integers ?? [0, size]
        guard index.count % 2 == 0 else { return fail("has an /Index of odd length") }
        let row = widths.reduce(0, +)
        guard row > 0 else { return fail("has /W [0 0 0]") }
        let pairs = stride(from: 0, to: index.count, by: 2).map { (first: index[$0], count: index[$0 + 1]) }
        guard
            pairs.allSatisfy({
                $0.first >= 0 && $0.count >= 0 && $0.count <= ReadXrefSection.maxEntries
                    && $0.first <= Int(Int32.max) - $0.count
            })
        else { return fail("has an /Index entry out of range") }
        let listed = pairs.reduce(0) { $0 + $1.count }
        guard listed <= ReadXrefSection.maxEntries else {
            return fail("lists \(listed) entries, over the limit of \(ReadXrefSection.maxEntries) for one section")
        }
        let rows: [UInt8]
        switch decode(data, dict: dict, rowLength: row) {
        case .success(let bytes): rows = bytes
        case .failure(let why): return fail(why.text)
        }
        section.decoded = rows.count
        // The rows its /Index lists must fit in the decoded data: a claim of millions of rows is
        // checked before any is read.
        guard listed * row <= rows.count else { return fail("holds fewer entries than its /Index lists") }
        var cursor = 0
        // Fields of up to 8 bytes are read unsigned; one above Int.max is a problem, never wrapped.
        var oversized: (first: Int, count: Int)?
        func field(_ width: Int) -> UInt64 {
            var value: UInt64 = 0
            for _ in 0..<width {
                value = value << 8 | UInt64(rows[cursor])
                cursor += 1
            }
            return value
        }
        for (first, count) in pairs {
            section.beginSubsection(first, count: count)
            for number in first..<(first + count) {
                let type = widths[0] == 0 ? 1 : field(widths[0])
                let (second, third) = (Int(exactly: field(widths[1])), Int(exactly: field(widths[2])))
                guard let second, let third else {
                    oversized = (oversized?.first ?? number, (oversized?.count ?? 0) + 1)
                    continue
                }
                switch type {
                case 0: section.record(number, .free(generation: third))
                case 1: section.record(number, .inUse(offset: second, generation: third))
                case 2: section.record(number, .compressed(stream: second, index: third))
                default: continue  // unknown types are references to the null object (ISO 32000-2 7.5.8.3)
                }
            }
        }
        if let oversized {
            let more = oversized.count > 1 ? " (and \(oversized.count - 1) more entries)" : ""
            section.problems.append(
                "its cross-reference stream at byte \(offset) gives object \(oversized.first) a field above \(Int.max)\(more)"
            )
        }
        section.finishDuplicates("its cross-reference stream at byte \(offset)")
        return section
    }

    struct DecodeFailure: Error {
        var text: String
    }

    /// The entry bytes: no filter or FlateDecode, then PNG row predictors (10–15) or none.
    static func decode(_ stored: [UInt8], dict: [String: SyntaxValue], rowLength: Int) -> Result<[UInt8], DecodeFailure>
    {
        let filters: [String]
        switch dict["/Filter"] {
        case nil: filters = []
        case .name(let n)?: filters = [n]
        case .array(let items)?: filters = items.compactMap(\.name)
        default: return .failure(DecodeFailure(text: "has an unreadable /Filter"))
        }
        guard filters.allSatisfy({ $0 == "/FlateDecode" }), filters.count <= 1 else {
            return .failure(
                DecodeFailure(
                    text: "uses the filter \(filters.joined(separator: " ")), which cross-reference streams do not use")
            )
        }
        var data = stored
        if !filters.isEmpty {
            switch Zlib.inflate(stored, limit: maxDecoded) {
            case .bytes(let b): data = b
            case .overLimit: return .failure(DecodeFailure(text: "decodes to more than \(maxDecoded) bytes"))
            case .corrupt: return .failure(DecodeFailure(text: "is not valid FlateDecode data"))
            }
        }
        let parms: [String: SyntaxValue]?
        switch dict["/DecodeParms"] {
        case .dictionary(let d)?: parms = d
        case .array(let items)?: parms = items.first?.dictionary
        default: parms = nil
        }
        let predictor = parms?["/Predictor"]?.integer ?? 1
        guard predictor >= 10 else {
            return predictor == 1 ? .success(data) : .failure(DecodeFailure(text: "uses the TIFF predictor"))
        }
        let columns = parms?["/Columns"]?.integer ?? 1
        guard columns == rowLength else {
            return .failure(DecodeFailure(text: "has /Columns \(columns) for rows of \(rowLength) bytes"))
        }
        return .success(PNGRows.undo(data, columns: columns))
    }
}

/// PNG row predictors (filter byte, then `columns` bytes; one byte per pixel).
enum PNGRows {
    static func undo(_ data: [UInt8], columns: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: columns)
        var i = 0
        while i + columns < data.count + 1, i < data.count {
            let filter = data[i]
            var row = [UInt8](repeating: 0, count: columns)
            for c in 0..<columns {
                let x = i + 1 + c < data.count ? data[i + 1 + c] : 0
                let left = c > 0 ? row[c - 1] : 0, up = previous[c], upLeft = c > 0 ? previous[c - 1] : 0
                switch filter {
                case 1: row[c] = x &+ left
                case 2: row[c] = x &+ up
                case 3: row[c] = x &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: row[c] = x &+ paeth(left, up, upLeft)
                default: row[c] = x
                }
            }
            out += row
            previous = row
            i += columns + 1
        }
        return out
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

extension SyntaxValue {
    /// The integers of an array of integers; `nil` when any item is not one.
    var integers: [Int]? {
        guard case .array(let items) = self else { return nil }
        let values = items.compactMap(\.integer)
        return values.count == items.count ? values : nil
    }
}
