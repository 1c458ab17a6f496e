import Foundation
import SignetCore
import SignetTestSupport
import Testing

@testable import SignetPDF

/// A page whose content pops more graphics states than it pushes gets as many extra leading `q`s,
/// written as separate operators: `qq` is an unknown operator, and poppler then draws none of the
/// stamp.
@Suite("Stamping content that pops more than it pushes")
struct ExcessPopsStampTests {
    let folder = TemporaryDirectory("excess-pops")

    /// One Letter page drawing a grey square after two unmatched `Q`s (grey: the stamp locator
    /// looks for saturated colours; poppler draws nothing of this page by itself, and all of it
    /// once the stamper has balanced it).
    func input() -> String {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve()
        let content = pdf.addStream("", Array("Q Q 0.5 g 0 0 100 100 re f".utf8))
        let page = pdf.add(
            "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents \(content) 0 R >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        return folder.write("excess-pops.pdf", bytes: pdf.build(root: catalog))
    }

    @Test(
        "the leading pushes are separate operators and poppler draws the stamp",
        arguments: [StampOptions.Mode.rewrite, .incremental])
    func stampDrawn(_ mode: StampOptions.Mode) throws {
        let input = input()
        let output = folder.path("stamped-\(mode.rawValue).pdf")
        let placement = StampPlacement(at: Point(x: 200, y: 100), width: 240)
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(placement: placement, mode: mode), output: output)

        let document = try PDFDocument(path: output)
        let first = try #require(try document.page(1).object.value("/Contents")?.items().first)
        let leading = String(decoding: try first.streamData(decoded: true), as: UTF8.self)
        #expect(leading == "\nq q q\n", "the leading stream")

        let found = try #require(try StampLocator.locate(pdf: output, page: 1), "no stamp drawn")
        #expect(found.isUpright(at: Rect(x: 200, y: 100, width: 240, height: 80)), "\(found)")
        // The page's own square, 0..100 pt from the bottom-left corner, at 72 dpi.
        let render = try Pdftoppm.render(pdf: output, page: 1, dpi: 72)
        let grey = render.rgb[((792 - 50) * render.width + 50) * 3]
        #expect(abs(Int(grey) - 128) <= 2, "the page content is drawn too (\(grey))")
        #expect(try QPDFTool.check(output).isClean)
    }
}
