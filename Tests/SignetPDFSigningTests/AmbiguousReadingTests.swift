import Foundation
import SignetFiles
import SignetPDF
import SignetPreview
import SignetTestSupport
import Testing

@testable import SignetVerify

/// What `signet capture --pdf` refuses to show because it reads two ways, past the byte scans: the
/// reader's reading (poppler, which draws the page the signer sees) against qpdf's (which signs),
/// through the renderer `captureSheet` is given. Here the reader is poppler in this process
/// (`ObjectReading`), its answer changed where a case says so.
@Suite("capture --pdf: poppler's reading of the page shown against qpdf's")
struct AmbiguousReadingTests {
    /// Why `bytes` reads two ways, with poppler's reading passed through `change`; `nil` when it does not.
    func ambiguity(
        _ bytes: [UInt8], _ name: String, change: @escaping @Sendable (String) -> String = { $0 }
    ) throws
        -> String?
    {
        let dir = TemporaryDirectory("ambiguous-reading-\(name)")
        let path = dir.write("\(name).pdf", bytes: bytes)
        let reader = ObjectReader { ends in
            let reading = try ObjectReading.read(path: path, password: nil, ends: ends.map { $0 ?? 0 })
            return Array(change(String(decoding: reading, as: UTF8.self)).utf8)
        }
        let source = MemorySource(bytes, name: name)
        return try AmbiguousReading.ambiguity(
            of: source, document: try PDFDocument(source: source, password: nil), rendering: .renderer(reader))
    }

    @Test("a clean document reads one way")
    func alike() throws {
        #expect(try ambiguity(TestPDF.bytes(), "clean") == nil)
    }

    /// The IRS form of pdf.js's corpus: its fifth save's cross-reference stream (object 2004) lists
    /// itself at byte 0, where the header and object 1566 are. Readers find the stream through
    /// startxref and /Prev, nothing references it, so the file reads one way; verify still lists the
    /// entry among that revision's problems.
    @Test(
        "a cross-reference stream whose entry for itself points elsewhere reads one way (prefilled_f1040.pdf)",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func xrefStreamSelfEntry() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfs/pdfjs/prefilled_f1040.pdf"))))
        #expect(try ambiguity(bytes, "f1040") == nil)
        let revisions = try FileRevisions.read(MemorySource(bytes, name: "f1040"), cipher: nil).revisions
        let listed = revisions.flatMap(\.problems).filter {
            $0.contains("the entry for object 2004 0 points at object 1566 0")
        }
        #expect(listed.count == 1, "the entry stays a problem of its revision: \(revisions.map(\.problems))")
    }

    /// poppler resolving page 1 (object 4) with another MediaBox: what the signer would see is not
    /// what qpdf reads, though no byte scan finds anything.
    @Test("an object poppler resolves otherwise than qpdf is named")
    func readerDiffers() throws {
        let bytes = TestPDF.bytes()
        let found = try ambiguity(bytes, "changed") { reading in
            reading.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("obj 4 0 ") ? line.replacingOccurrences(of: "#612", with: "#613") : String(line)
            }.joined(separator: "\n")
        }
        #expect(found == "poppler and qpdf resolve object 4 (page 1) differently", "\(found ?? "read alike")")
        #expect(try ambiguity(bytes, "unchanged") == nil, "the control: the same file, its reading as poppler gave it")
    }

    @Test("a reading that cannot be compared is an error, not a verdict")
    func readingNotCompared() throws {
        do {
            let found = try ambiguity(TestPDF.bytes(), "malformed") { _ in "not a reading\n" }
            Issue.record("a malformed reading was judged: \(found ?? "read alike")")
        } catch let error as PDFError {
            guard case .readingsNotCompared(let why) = error.reason else {
                Issue.record("another error: \(error.message)")
                return
            }
            #expect(why == "the renderer's reading is malformed", "\(why)")
        }
    }

    @Test("a document poppler cannot open is refused")
    func readerCannotOpen() throws {
        let found = try ambiguity(TestPDF.bytes(), "unopened") { _ in "reading 0\nfailed 1\nend\n" }
        #expect(found?.hasPrefix("poppler cannot open it (its error 1)") == true, "\(found ?? "read alike")")
    }
}
