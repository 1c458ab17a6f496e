import Foundation
import SignetCore
import SignetPDF
import SignetRaster
import SignetTestSupport
import Testing

/// Inputs the PDF fuzzer found (`make fuzz`), kept as regression tests (files in `Reproducers/`).
@Suite("Fuzz reproducers: PDF")
struct PDFReproducerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Reproducers")

    /// A reference to object 99999999995 makes qpdf's highest object number INT_MAX; numbering a
    /// new stream then throws a C++ exception that qpdf's C API lets escape: the process
    /// aborted ("terminate called after throwing an instance of 'std::range_error'"). Such a file is
    /// damaged (qpdf rebuilt its table), so stamping works on a repaired copy, which cannot be written.
    @Test("a new stream in a file whose highest object number is INT_MAX")
    func objectNumberOverflow() throws {
        let dir = TemporaryDirectory("pdf-repro")
        let input = Self.folder.appendingPathComponent("pdf-object-number-overflow.pdf").path
        let error = #expect(throws: PDFError.self) {
            try Stamper.stamp(
                input: input, artwork: .bitmap(Bitmap(width: 2, height: 2, fill: .black)),
                options: StampOptions(pages: PageSelection("1"), mode: .rewrite), output: dir.path("out.pdf"))
        }
        #expect(
            error?.message
                == "\(input): the file is damaged beyond repair (max object id is too high to create new objects); try opening it in a PDF reader and saving a new copy."
        )
        #expect(dir.contents().isEmpty)
    }

    /// The fuzzer's first seed run: rewriting an encrypted file read freed memory. qpdf's writer
    /// keeps the output file name pointer until `qpdf_write` and reads it again for encrypted
    /// files; Swift had passed a temporary C string that was freed after `qpdf_init_write`.
    /// Without AddressSanitizer the freed bytes usually still hold the name, so this test
    /// catches a regression under `make sanitize` (AddressSanitizer: heap-use-after-free).
    @Test(
        "rewriting an encrypted file keeps the output name alive",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func encryptedRewrite() throws {
        let dir = TemporaryDirectory("pdf-repro")
        let output = dir.path("stamped-with-a-long-enough-name-to-leave-the-small-string-form.pdf")
        let report = try Stamper.stamp(
            input: Corpus.path("pdfs/pdfjs/empty_protected.pdf"),
            artwork: .bitmap(Bitmap(width: 2, height: 2, fill: .black)),
            options: StampOptions(pages: PageSelection("1"), mode: .rewrite), output: output)
        #expect(report.mode == "rewrite" && report.pagesStamped == 1)
        #expect(try PDFDocument(path: output).isEncrypted)
        #expect(try QPDFTool.check(output).status == 0)
    }
}
