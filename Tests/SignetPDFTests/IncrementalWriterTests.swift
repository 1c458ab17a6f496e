import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@Suite(
    "Incremental writer: original bytes kept, an update of the same xref kind appended",
    .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct IncrementalWriterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var kind: FileStructure.XrefKind
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "qpdf/minimal.pdf", kind: .table),
        Case(file: "qpdf/object-stream.pdf", kind: .stream),
        Case(file: "qpdf/hybrid-xref.pdf", kind: .table),
        Case(file: "pyhanko/minimal-hybrid-xref-mswordstyle.pdf", kind: .table),
        Case(file: "qpdf/incremental-1.pdf", kind: .table),
        Case(file: "pdf20examples/PDF_2.0_with_offset_start.pdf", kind: .table),
        Case(file: "node-signpdf/signed-twice.pdf", kind: .table),
        Case(file: "qpdf/digitally-signed.pdf", kind: .stream),
        Case(file: "pdfjs/prefilled_f1040.pdf", kind: .stream),
    ]

    /// Changes the catalog, adds a new object, a stream and a raw object with placeholders; the
    /// update must be readable by qpdf and poppler, keep every input byte, and place the raw body
    /// exactly where the result says.
    @Test("update readable by qpdf and poppler", arguments: cases)
    func update(_ c: Case) throws {
        let input = Corpus.path("pdfs/" + c.file)
        let dir = TemporaryDirectory("incremental")
        let output = dir.path("out.pdf")
        let before = try FileStructure.read(try ReadableFile(path: input), countingRevisions: true)
        #expect(before.lastXrefKind == c.kind)

        let doc = try PDFDocument(path: input)
        let added = try doc.makeIndirect(try doc.parse("<< /Signet (added \\(1\\)) /Numbers [1 2.5 -3] >>"))
        let stream = try doc.makeStream(Array("BT ET".utf8))
        let raw = try doc.reserveObject()
        try doc.catalog().set(
            "/SignetTest",
            try doc.parse("[\(try added.id!.reference) \(try stream.id!.reference) \(try raw.id!.reference)]"))
        let placeholder =
            "/ByteRange [0000000000 0000000000 0000000000 0000000000] /Contents <" + String(repeating: "0", count: 64)
            + ">"
        let body = Array("<< /Type /Sig \(placeholder) >>".utf8)
        let out = try AtomicOutput(path: output)
        let result = try IncrementalWriter(document: doc).write(to: out, rawBodies: [try raw.id!: body])
        try out.commit()

        let original = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        let written = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(written.count == result.totalLength)
        #expect(result.inputLength == original.count)
        #expect(Array(written.prefix(original.count)) == original, "the input's bytes must come first, unchanged")
        let base = result.bodyOffsets[try raw.id!]!
        #expect(Array(written[base..<(base + body.count)]) == body)
        // New numbers start at the old /Size.
        #expect(try added.id!.number >= doc.firstNewObjectNumber)

        #expect(try CheckDelta.newProblems(input: input, output: output) == [])
        #expect(try PopplerInfo.pages(output).count == doc.pageCount)

        let after = try FileStructure.read(try ReadableFile(path: output), countingRevisions: true)
        #expect(after.lastXrefKind == c.kind)
        #expect(after.isIntact)
        #expect(after.sectionOffsets.count == before.sectionOffsets.count + 1)
        #expect(after.revisions == before.revisions.map { $0 + 1 })

        let reopened = try PDFDocument(path: output)
        #expect(!reopened.wasReconstructed)
        let list = try #require(try reopened.catalog().value("/SignetTest")?.items())
        #expect(list.count == 3)
        #expect(try list[0].value("/Signet")?.stringBytes() == Array("added (1)".utf8))
        #expect(try list[1].streamData(decoded: true) == Array("BT ET".utf8))
        #expect(try list[2].value("/Type")?.nameValue() == "/Sig")
    }

    @Test("an encrypted file is refused with the reason")
    func encrypted() throws {
        let doc = try PDFDocument(path: Corpus.path("pdfs/qpdf/20-pages.pdf"), password: Secret("user"))
        let error = try #require(throws: PDFError.self) { try IncrementalWriter(document: doc) }
        #expect(error.message.contains("encrypted") && error.message.contains("qpdf"))
    }

    @Test(
        "a file qpdf had to reconstruct is refused",
        arguments: ["pdfjs/helloworld-bad.pdf", "qpdf/append-xref-loop.pdf"])
    func reconstructed(_ file: String) throws {
        let doc = try PDFDocument(path: Corpus.path("pdfs/" + file))
        #expect(doc.wasReconstructed)
        let error = try #require(throws: PDFError.self) { try IncrementalWriter(document: doc) }
        #expect(error.message.contains("reconstruct"))
    }
}
