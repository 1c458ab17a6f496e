import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

/// An output is written to a temporary file beside it (`AtomicOutput`) and read back before it is
/// committed (a stamp's judgement, a signature's digest): every message about what is read back
/// names the output, never the temporary file.
@Suite("Messages name an output being written, never its temporary file")
struct OutputNameTests {
    /// The output being written (its temporary file lives as long as it), its name, and its bytes
    /// so far, read back.
    func readBack(
        _ bytes: [UInt8], _ dir: TemporaryDirectory
    ) throws -> (out: AtomicOutput, output: String, source: any ByteSource) {
        let output = dir.path("out.pdf")
        let out = try AtomicOutput(path: output)
        try out.write(bytes)
        #expect(out.workingPath != output, "the bytes are in a temporary file until committed")
        return (out, output, try out.writtenBytes())
    }

    /// The message names `output` and not the temporary file (`.out.pdf.signet-…`).
    func expectNamed(_ message: String, _ output: String) {
        #expect(message.contains(output), "names the output: \(message)")
        #expect(!message.contains(".signet-"), "names no temporary file: \(message)")
    }

    @Test("a page the document read back does not have: the message names the output")
    func pageOutOfRange() throws {
        let dir = TemporaryDirectory("output-name-page")
        let (out, output, source) = try readBack(TestPDF.bytes(), dir)
        #expect(source.name == output)
        let document = try withExtendedLifetime(out) { try PDFDocument(source: source) }
        #expect(document.path == output)
        let error = #expect(throws: PDFError.self) { try document.page(2) }
        expectNamed(error?.message ?? "", output)
    }

    @Test("bytes that are not a PDF: the message names the output")
    func notAPDF() throws {
        let dir = TemporaryDirectory("output-name-not-pdf")
        let (out, output, source) = try readBack(Array("not a PDF at all\n".utf8), dir)
        let error = withExtendedLifetime(out) { #expect(throws: PDFError.self) { try PDFDocument(source: source) } }
        expectNamed(error?.message ?? "", output)
    }

    @Test("an earlier revision of the output, opened from its mapping: the message names the output")
    func mappedRevision() throws {
        let dir = TemporaryDirectory("output-name-mapped")
        let (out, output, source) = try readBack(TestPDF.bytes(), dir)
        let mapped = try withExtendedLifetime(out) { try MappedFile.of(source) }
        // Cut inside the header: no revision ends there.
        let error = #expect(throws: PDFError.self) { try PDFDocument(mapped: mapped, prefix: 20) }
        expectNamed(error?.message ?? "", output)
    }

    @Test("the temporary file gone before qpdf opens it: qpdf's message names the output")
    func goneBeforeOpened() throws {
        let dir = TemporaryDirectory("output-name-gone")
        var out: AtomicOutput? = try AtomicOutput(path: dir.path("out.pdf"))
        try out?.write(TestPDF.bytes())
        let source = try #require(try out?.writtenBytes())
        out = nil  // an uncommitted output removes its temporary file; `source` keeps it open
        let error = #expect(throws: PDFError.self) { try PDFDocument(source: source) }
        expectNamed(error?.message ?? "", dir.path("out.pdf"))
    }
}
