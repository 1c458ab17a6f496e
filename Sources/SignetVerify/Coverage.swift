import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// How a signature's ByteRange covers the file.
struct Coverage {
    var kind: SignatureReport.Coverage
    /// The signed ranges, when the ByteRange is well formed.
    var ranges: [Range<Int>]?
    /// The bytes of the hex string in the gap: the CMS as the file stores it.
    var signatureBytes: [UInt8]?
    var problems: [String]

    /// A ByteRange is sound when it starts at 0, its gap is exactly the `<…>` of /Contents, and
    /// it runs to the end of the file — or to the `%%EOF` of an earlier revision. In an encrypted
    /// file (`revisions` given) the gap is compared with /Contents as the signature dictionary
    /// `object` stores it in the file, not with qpdf's value, which is decrypted in some
    /// dictionaries; a dictionary that is not an object at a file offset has nothing to compare.
    static func judge(
        _ signature: EmbeddedSignature, file: any ByteSource, encryptedRevisions revisions: FileRevisions?,
        object: Int?
    ) throws -> Coverage {
        let values = signature.byteRange.values
        guard let ranges = signature.byteRange.ranges(fileSize: file.size) else {
            return Coverage(
                kind: .partial, ranges: nil, signatureBytes: nil,
                problems: [
                    "its ByteRange \(values) is not four increasing offsets inside the \(file.size)-byte file"
                ])
        }
        var problems: [String] = []
        if ranges[0].lowerBound != 0 {
            problems.append(
                "its ByteRange starts at byte \(ranges[0].lowerBound), leaving the file's first bytes unsigned")
        }
        let gap = ranges[0].upperBound..<ranges[1].lowerBound
        let stored = try hexString(in: gap, file: file, limit: 2 * signature.contents.count + 4096)
        let contents =
            try revisions.map { revisions in
                try object.flatMap {
                    try revisions.rawString("/Contents", inObject: $0, file: file, end: gap.upperBound)
                }
            } ?? signature.contents
        if stored == nil || stored != contents {
            problems.append(
                "the unsigned gap (bytes \(gap.lowerBound) to \(gap.upperBound - 1)) is not exactly the /Contents hex string"
            )
        }
        let end = ranges[1].upperBound
        if !problems.isEmpty {
            return Coverage(kind: .partial, ranges: ranges, signatureBytes: stored, problems: problems)
        }
        // What follows the signed bytes may be white space (a line end after %%EOF, as some
        // writers leave): no reader sees it, however long; every byte of it is read.
        if try ByteScan.firstNonWhitespace(in: end..<file.size, of: file) == nil {
            return Coverage(kind: .entireFile, ranges: ranges, signatureBytes: stored, problems: [])
        }
        if try endsRevision(at: end, file: file), try endsRevision(at: file.size, file: file),
            try hasStartxref(after: end, file: file)
        {
            return Coverage(kind: .earlierRevision, ranges: ranges, signatureBytes: stored, problems: [])
        }
        return Coverage(
            kind: .partial, ranges: ranges, signatureBytes: stored,
            problems: [
                "its ByteRange ends at byte \(end), leaving the last \(file.size - end) bytes (\(end) to \(file.size - 1)) unsigned, and they are not complete incremental updates"
            ])
    }

    /// The decoded bytes when the gap is exactly `<hex digits>` (white space allowed), else `nil`.
    private static func hexString(in gap: Range<Int>, file: any ByteSource, limit: Int) throws -> [UInt8]? {
        guard gap.count >= 2, gap.count <= limit else { return nil }
        let bytes = try file.bytes(gap)
        guard bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return nil }
        var decoded: [UInt8] = []
        var high: UInt8?
        for byte in bytes.dropFirst().dropLast() {
            guard let nibble = hexValue(byte) else {
                if [0x20, 0x0A, 0x0D, 0x09].contains(byte) { continue }
                return nil
            }
            if let h = high { decoded.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        if let h = high { decoded.append(h << 4) }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// True when a `startxref` follows `start` near the end of the file (the last update's).
    private static func hasStartxref(after start: Int, file: any ByteSource) throws -> Bool {
        let from = max(start, file.size - 4096)
        return try file.bytes(from..<file.size).firstRange(of: Array("startxref".utf8)) != nil
    }

    /// True when the bytes before `end` close a revision (`%%EOF` and optional line end).
    private static func endsRevision(at end: Int, file: any ByteSource) throws -> Bool {
        let tail = try file.bytes(max(0, end - 8)..<end)
        var trimmed = tail[...]
        while let last = trimmed.last, last == 0x0A || last == 0x0D || last == 0x20 { trimmed = trimmed.dropLast() }
        return Array(trimmed.suffix(5)) == Array("%%EOF".utf8)
    }
}
