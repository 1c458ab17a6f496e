import Foundation
import SignetCodecs
import SignetCore
import SignetFiles
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetPDF

/// Limits that keep one stamping run bounded whatever the file claims: pages per run, decoded
/// page content, object numbers and cross-reference offsets from the file.
@Suite("PDF resource limits")
struct ResourceLimitTests {
    let dir = TemporaryDirectory("pdf-limits")
    static let stamp = StampArtwork.bitmap(Bitmap(width: 4, height: 2, fill: .black))

    @Test("a selection over maxPages is refused before anything is written")
    func pageLimit() throws {
        let input = dir.write("five.pdf", bytes: GeometryFixture.document(pageCount: 5))
        let error = #expect(throws: PDFError.self) {
            try Stamper.stamp(
                input: input, artwork: Self.stamp, options: StampOptions(pages: .all, maxPages: 3),
                output: dir.path("out.pdf"))
        }
        #expect(
            error?.message
                == "\(input): the selection covers 5 pages, over the limit of 3 pages for one run; stamp at most 3 pages at a time with StampOptions.pages (for example set StampOptions.pages to 1-3, then the rest on that output)."
        )
        #expect(!dir.contents().contains("out.pdf"))
        #expect(StampOptions().maxPages == 100_000)
    }

    @Test("the flate bomb generator and the bounded inflater agree")
    func inflater() {
        let count = 1 + 258 * 1000
        guard case .bytes(let data) = Zlib.inflate(FlateBomb.zlib(decodingTo: count), limit: 1 << 20) else {
            Issue.record("the bomb did not inflate")
            return
        }
        #expect(data.count == count && data.allSatisfy { $0 == UInt8(ascii: "a") })
        guard case .overLimit = Zlib.inflate(FlateBomb.zlib(decodingTo: count), limit: 100_000) else {
            Issue.record("the limit did not stop inflating")
            return
        }
        guard case .corrupt = Zlib.inflate(Array("not zlib".utf8), limit: 100) else {
            Issue.record("garbage inflated")
            return
        }
    }

    @Test("page content that decodes past the limit is refused; under it, it is scanned")
    func contentLimit() throws {
        let bomb = FlateBomb.zlib(decodingTo: 1 + 258 * 8200)  // 2 MiB of 'a' from 13 KB
        let input = dir.write("bomb.pdf", bytes: HostilePDFs.onePage(content: "/Filter /FlateDecode", bomb))
        let page = try PDFDocument(path: input).page(1)
        let error = #expect(throws: PDFError.self) { try page.contentData(limit: 1 << 20) }
        #expect(
            error?.message
                == "page 1 of \(input): its content streams decode to more than 1 MiB, far beyond any real page (a decompression bomb?); check that this is the right file."
        )
        #expect(try page.contentData(limit: 4 << 20)?.count == 1 + 258 * 8200)
        #expect(PageContent.defaultLimit == 256 << 20)
    }

    @Test("a stamping run stops at a 300 MiB flate bomb with the default limit")
    func stampBomb() throws {
        let input = dir.write("bomb.pdf", bytes: HostilePDFs.flateBomb(mebibytes: 300))
        let error = #expect(throws: PDFError.self) {
            try Stamper.stamp(
                input: input, artwork: Self.stamp, options: StampOptions(mode: .incremental),
                output: dir.path("out.pdf"))
        }
        #expect(error?.message.hasPrefix("page 1 of \(input): its content streams decode to more than 256 MiB") == true)
        #expect(!dir.contents().contains("out.pdf"))
    }

    @Test("other filter chains are decoded by qpdf when their worst case fits, refused when it may not")
    func filterChains() throws {
        // ASCIIHex of "q q 1 0 0 1 5 5 cm" leaves two q open: the stamp must close them.
        let hex = Array("q q 1 0 0 1 5 5 cm".utf8).map { String(format: "%02X", $0) }.joined() + ">"
        let input = dir.write(
            "hex.pdf", bytes: HostilePDFs.onePage(content: "/Filter /ASCIIHexDecode", Array(hex.utf8)))
        let page = try PDFDocument(path: input).page(1)
        let data = try #require(try page.contentData())
        #expect(ContentBalance(scanning: data).finalDepth == 2)
        // RunLength can expand 128 times: 10 KB of it may pass 1 MiB, so it is not decoded.
        let runs = [UInt8](repeating: 0x80, count: 10_000)  // code 128 is end-of-data; content is empty
        let rl = dir.write("rl.pdf", bytes: HostilePDFs.onePage(content: "/Filter /RunLengthDecode", runs))
        #expect(throws: PDFError.self) { try PDFDocument(path: rl).page(1).contentData(limit: 1 << 20) }
        // A filter qpdf does not decode leaves the balance unknown (nil), as before.
        let dct = dir.write("dct.pdf", bytes: HostilePDFs.onePage(content: "/Filter /DCTDecode", [0xFF, 0xD8]))
        #expect(try PDFDocument(path: dct).page(1).contentData() == nil)
    }

    @Test(
        "absurd numbers from the file end in a PDFError, never a trap",
        arguments: [
            ("/Size 5", "/Size 9223372036854775807"),
            ("/Size 5", "/Size 4294967296"),
        ])
    func absurdSize(_ from: String, _ to: String) throws {
        let original = String(decoding: HostilePDFs.onePage(content: "", Array("q Q".utf8)), as: UTF8.self)
        #expect(original.contains(from))
        let input = dir.write("size.pdf", original.replacingOccurrences(of: from, with: to))
        // Opened as it is, the first new object would be numbered from the trailer's /Size.
        let error = #expect(throws: PDFError.self) {
            try Stamper.apply(Self.stamp, options: StampOptions(), to: try PDFDocument(path: input), incremental: false)
        }
        #expect(
            error?.message
                == "\(input): object number \(to.dropFirst(6)) is beyond the largest qpdf can address (2147483647); the file may be broken, re-save it with a PDF reader."
        )
        // qpdf rebuilds the table of such a file, so a stamp is drawn on its repaired copy, renumbered.
        let report = try Stamper.stamp(input: input, artwork: Self.stamp, output: dir.path("out.pdf"))
        #expect(report.repaired == "qpdf had to reconstruct its cross-reference table", "the report's repair")
    }

    @Test("a page tree deeper than 256 levels is refused before qpdf walks it recursively")
    func deepPageTree() throws {
        // 50,000 levels overflowed the stack inside qpdf (signal 11); 300 already is refused.
        for depth in [300, 50_000] {
            let input = dir.write("deep.pdf", bytes: HostilePDFs.chain(depth: depth))
            let error = #expect(throws: PDFError.self) { try PDFDocument(path: input) }
            #expect(
                error?.message
                    == "\(input): the page tree is broken (it is more than 256 levels deep); the file is broken, re-save it with a PDF reader."
            )
        }
        let shallow = dir.write("shallow.pdf", bytes: HostilePDFs.chain(depth: 255))
        #expect(try PDFDocument(path: shallow).pageCount == 1)
    }

    @Test("a form nested deeper than 32 levels is refused, not read in part")
    func deepForm() throws {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let fields = (0..<40).map { _ in pdf.reserve() }
        for (i, field) in fields.enumerated() {
            pdf.set(field, i == 39 ? "<< /T (leaf) /FT /Sig >>" : "<< /T (f\(i)) /Kids [\(fields[i + 1]) 0 R] >>")
        }
        pdf.set(page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R /AcroForm << /Fields [\(fields[0]) 0 R] >> >>")
        let input = dir.write("form.pdf", bytes: pdf.build(root: catalog))
        let error = #expect(throws: PDFError.self) { try FormFields.all(in: try PDFDocument(path: input)) }
        #expect(
            error?.message
                == "\(input): its form has more than 100000 fields and widgets, or fields nested more than 32 levels deep; the file may be broken, re-save it with a PDF reader."
        )
    }

    @Test("a startxref past the end of the file is damage, not an overflow")
    func offsets() throws {
        // Junk before %PDF makes the header offset non-zero: header + Int.max would overflow.
        let text = "junk\n" + String(decoding: HostilePDFs.onePage(content: "", Array("q Q".utf8)), as: UTF8.self)
        let startxref = text.range(of: "startxref\n")!.upperBound
        let end = text.range(of: "\n%%EOF")!.lowerBound
        for bogus in ["9223372036854775807", "99999999"] {
            let input = dir.write("xref.pdf", String(text[..<startxref]) + bogus + String(text[end...]))
            let structure = try FileStructure.read(try ReadableFile(path: input))
            #expect(structure.problem == "no cross-reference section at offset \(bogus)")
        }
    }
}
