import SignetFiles
import SignetPDF

/// Earlier revisions opened on demand (a copy of the file's first bytes, read by qpdf) and
/// what later revisions changed in them, computed once per revision.
struct RevisionCache {
    let path: String
    let password: String?
    let later: PDFDocument
    let file: ReadableFile
    private var known: [Int: [String]] = [:]

    init(path: String, password: String?, later: PDFDocument, file: ReadableFile) {
        self.path = path
        self.password = password
        self.later = later
        self.file = file
    }

    /// Categories changed after the revision that ends at byte `prefix`.
    mutating func changes(afterPrefix prefix: Int) throws -> [String] {
        if let cached = known[prefix] { return cached }
        let copy = try TemporaryCopy(of: file, range: 0..<prefix)
        let earlier = try PDFDocument(path: copy.path, password: password)
        let result = try RevisionDiff.changes(earlier: earlier, later: later)
        known[prefix] = result
        return result
    }
}
