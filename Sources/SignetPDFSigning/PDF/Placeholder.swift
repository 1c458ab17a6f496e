import SignetFiles
import SignetPDF

/// The zero-filled /Contents that `signet sign --prepare` left in a PDF: the last signature, its
/// /ByteRange covering the whole file but the `<…>` hole.
struct Placeholder {
    let field: String
    /// `/Name` of the prepared signature: the name its appearance shows (`--name` at `--prepare`).
    let name: String?
    let byteRange: ByteRange
    /// The `<…>` of /Contents, delimiters included.
    let hole: Range<Int>
    let signedRanges: [Range<Int>]
    /// Bytes of CMS the hole takes.
    var reserved: Int { (hole.count - 2) / 2 }

    init(in path: String, password: Secret?) throws {
        let document = try PDFDocument(path: path, password: password)
        let file = try ReadableFile(path: path)
        let signatures = try FormFields.all(in: document).compactMap { field in
            try field.signatureValue().map { try EmbeddedSignature(field: field.name, dictionary: $0) }
        }
        guard let last = signatures.max(by: { $0.coveredEnd < $1.coveredEnd }) else {
            throw TwoStepError(path, .notPrepared(detail: "it has no signature field with a value"))
        }
        guard last.contents.allSatisfy({ $0 == 0 }) else {
            throw TwoStepError(
                path, .notPrepared(detail: "its last signature, field \(last.field), is already filled in"))
        }
        guard let ranges = last.byteRange.ranges(fileSize: file.size), ranges[0].lowerBound == 0,
            ranges[1].upperBound == file.size, ranges[0].upperBound + 2 <= ranges[1].lowerBound
        else {
            throw TwoStepError(
                path,
                .notPrepared(
                    detail: "the /ByteRange of field \(last.field) does not cover the whole file but /Contents"))
        }
        let hole = ranges[0].upperBound..<ranges[1].lowerBound
        let body = try file.bytes(hole)
        guard body.first == UInt8(ascii: "<"), body.last == UInt8(ascii: ">"), hole.count % 2 == 0,
            body.dropFirst().dropLast().allSatisfy({ $0 == UInt8(ascii: "0") })
        else {
            throw TwoStepError(
                path,
                .notPrepared(detail: "the /ByteRange of field \(last.field) does not frame a zero-filled /Contents"))
        }
        field = last.field
        name = last.name
        byteRange = last.byteRange
        self.hole = hole
        signedRanges = ranges
    }
}
