import SignetCrypto
import SignetFiles
import SignetPDF

/// Whether a document reads one way to every reader, judged from its bytes as `signet verify`
/// judges what a signature covers: damage each reader repairs its own way (a cross-reference table
/// qpdf had to rebuild by scanning), a revision whose syntax cannot be trusted (an offset not in
/// digits, an entry that points at another object or at none, an object stream whose header
/// disagrees with the entries…), bytes after the last `%%EOF`, a key defined twice with different
/// values in the document as it stands, and an object a revision holds without listing it. Where
/// readers disagree, the page one of them shows may not be what another one signs. What only
/// concerns the file's history (`Revision.historyProblems`: an update pointing an object back at its
/// definition in an earlier revision's bytes, as Word's second cross-reference section does) leaves
/// every reader reading the same document.
package enum AmbiguousReading {
    /// The first reason `file` (opened as `document`) reads two ways, as a phrase; `nil` when it
    /// reads one way. With a renderer in `rendering`, last, what it resolves of every object against
    /// what qpdf resolves (`ReaderCheck.compare`, as `signet verify` compares them); a reading that
    /// cannot be compared (malformed, over the bound) throws `PDFReason.readingsNotCompared`.
    package static func ambiguity(
        of file: any ByteSource, document: PDFDocument, rendering: PageRendering
    ) throws -> String? {
        if let damage = document.damage { return damage }
        let cipher = try? document.readingCipher(using: OpenSSLCiphers())
        let read = try FileRevisions.read(file, cipher: cipher)
        for revision in read.revisions {
            if let problem = revision.problems.first(where: { !revision.historyProblems.contains($0) }) {
                return "the syntax of revision \(revision.index) cannot be trusted: \(problem)"
            }
        }
        if let trailing = read.trailingBytes { return trailing }
        let raw = RawSyntaxFindings(revisions: read.revisions, bytes: try read.accountBytes(file, cipher: cipher))
        let describe = RawSyntaxFindings.describe(try? DocumentMap(document))
        if let found = raw.twoReadings(describe: describe).first { return found }
        guard case .renderer(let renderer) = rendering else { return nil }
        guard let reading = ReaderReading.parse(try renderer.readObjects(ends: [nil]))?.first else {
            throw PDFError(file.name, .readingsNotCompared("the renderer's reading is malformed"))
        }
        if let failed = reading.failed { return "poppler cannot open it (its error \(failed)), though qpdf reads it" }
        if let bound = reading.bound {
            throw PDFError(file.name, .readingsNotCompared("it has over \(bound) objects, the bound of the comparison"))
        }
        var agreed = AgreedObjects(revisions: read.revisions)
        return try ReaderCheck.compare(
            reading, DocumentReading(document), mapped: try MappedFile.of(file), agreed: &agreed, describe: describe)
    }
}
