import Foundation
import SignetCore
import SignetTestSupport
import Testing

@testable import SignetPDF

/// Viewers join a page's content streams into one, so whatever the page's own content leaves
/// unfinished at its end runs on into the stamp's stream: a `%` comment without an end-of-line
/// swallows the stamp's first line, and an open text object (`BT` without `ET`) puts the stamp's
/// `q`, `cm` and `Do` where they are not allowed. The stamp must be drawn all the same.
@Suite("Stamping content that ends unfinished")
struct ContentJointTests {
    let folder = TemporaryDirectory("content-joints")

    /// One Letter page whose content is `content`, with a Helvetica font as /F1 and an
    /// optional-content group /oc1 that is off.
    func input(_ name: String, content: String) -> String {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve()
        let stream = pdf.addStream("", Array(content.utf8))
        let font = pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let layer = pdf.add("<< /Type /OCG /Name (hidden layer) >>")
        let page = pdf.add(
            "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Contents \(stream) 0 R"
                + " /Resources << /Font << /F1 \(font) 0 R >> /Properties << /oc1 \(layer) 0 R >> >> >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(
            catalog,
            "<< /Type /Catalog /Pages \(pages) 0 R /OCProperties << /OCGs [\(layer) 0 R] /D << /OFF [\(layer) 0 R] >> >> >>"
        )
        return folder.write(name + ".pdf", bytes: pdf.build(root: catalog))
    }

    static let endings: [(name: String, content: String)] = [
        ("comment-without-eol", "0.5 g 0 0 100 100 re f % a comment with no end-of-line"),
        ("open-text-object", "0.5 g 0 0 100 100 re f BT /F1 24 Tf 0 g 300 700 Td (open) Tj"),
        ("open-text-object-in-q", "q 0.5 g 0 0 100 100 re f BT /F1 24 Tf 0 g 300 700 Td (open) Tj"),
        ("open-hidden-layer", "0.5 g 0 0 100 100 re f /OC /oc1 BDC 0 g 300 300 50 50 re f"),
    ]

    @Test(
        "the stamp is drawn after content that ends unfinished",
        arguments: endings.map(\.name), [StampOptions.Mode.rewrite, .incremental])
    func stampDrawn(_ ending: String, _ mode: StampOptions.Mode) throws {
        let content = try #require(Self.endings.first { $0.name == ending }?.content)
        let input = input(ending, content: content)
        let output = folder.path("\(ending)-\(mode.rawValue).pdf")
        let placement = StampPlacement(at: Point(x: 200, y: 100), width: 240)
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(placement: placement, mode: mode), output: output)

        let found = try #require(try StampLocator.locate(pdf: output, page: 1), "no stamp ink in the render")
        #expect(found.isUpright(at: Rect(x: 200, y: 100, width: 240, height: 80)), "\(found)")
        let render = try Pdftoppm.render(pdf: output, page: 1, dpi: 72)
        let grey = render.rgb[((792 - 50) * render.width + 50) * 3]
        #expect(abs(Int(grey) - 128) <= 2, "the page's own square is drawn too (red channel \(grey))")
        #expect(try QPDFTool.check(output).isClean, "qpdf --check of the stamped file")
    }

    @Test("every stream the stamper adds starts and ends with an end-of-line")
    func streamEnds() throws {
        let input = input("joints", content: "BT /F1 24 Tf 300 700 Td (open) Tj % comment")
        let output = folder.path("joints-stamped.pdf")
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(placement: StampPlacement(at: Point(x: 200, y: 100), width: 240)), output: output)
        let items = try #require(try PDFDocument(path: output).page(1).object.value("/Contents")?.items())
        #expect(items.count == 3, "the page's stream between the stamper's two")
        for stream in [items.first, items.last].compactMap({ $0 }) {
            let text = String(decoding: try stream.streamData(decoded: true), as: UTF8.self)
            #expect(text.hasPrefix("\n") && text.hasSuffix("\n"), "stream \(text.debugDescription) is bounded by EOLs")
        }
        let last = String(decoding: try items[2].streamData(decoded: true), as: UTF8.self)
        #expect(last.hasPrefix("\nET\n"), "the open text object is closed first: \(last.debugDescription)")
    }

    /// pdf.js's calgray.pdf: its second content stream ends in a comment with no end-of-line.
    @Test(
        "pdf.js's calgray.pdf gets a visible stamp",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func calgray() throws {
        let input = Corpus.path("pdfs/pdfjs-corpus/calgray.pdf")
        let output = folder.path("calgray-stamped.pdf")
        let placement = StampPlacement(at: Point(x: 10, y: 10), width: 25, units: .percent)
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: PageSelection("1"), placement: placement), output: output)
        let found = try StampLocator.locate(pdf: output, page: 1, baseline: input)
        #expect(found != nil, "stamp ink in pdftoppm's render of page 1")
    }
}
