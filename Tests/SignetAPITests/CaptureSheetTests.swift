import Foundation
import Signet
import SignetTestSupport
import Testing

/// `signet capture --pdf`'s layout (`SignetAPI.captureSheet`) and the vector ink it stamps: the box
/// in the page as displayed, the stamp around it when text is shown, and the uncropped canvas
/// landing on the box as drawn.
@Suite struct CaptureSheetTests {
    /// A 600 × 200 canvas with one stroke in its middle third.
    static let drawing = Drawing(
        strokes: [Stroke(samples: [Sample(x: 200, y: 90), Sample(x: 300, y: 110), Sample(x: 400, y: 100)])],
        canvas: Size(width: 600, height: 200))

    @Test func theBoxIsWhereThePlacementPutsItOnTheRotatedPage() throws {
        let pdf = TestPDF.bytes(rotations: [0, 90])
        let sheet = try SignetAPI.captureSheet(
            pdf: pdf, name: "in.pdf", page: nil, placement: StampPlacement(at: Point(x: 60, y: 50), width: 240),
            text: nil, signer: nil)
        #expect(sheet.page == 2 && sheet.pageCount == 2, "\(sheet)")
        #expect(sheet.pageSize == Size(width: 792, height: 612), "the /Rotate 90 page is landscape: \(sheet.pageSize)")
        #expect(sheet.inkBox == Rect(x: 60, y: 50, width: 240, height: 80), "\(sheet.inkBox)")
        #expect(sheet.stampBox == sheet.inkBox, "no text: the stamp is the box")
    }

    @Test func textGoesBelowTheBoxAndTheWholeStampIsAnchored() throws {
        let pdf = TestPDF.bytes()
        let text = SignatureText(
            lines: SignatureText.lines(
                name: "Alice Example", signingTime: Date(timeIntervalSince1970: 1_800_000_000), reason: "I agree",
                location: nil),
            font: try TextFont.file())
        let sheet = try SignetAPI.captureSheet(
            pdf: pdf, name: "in.pdf", page: 1, placement: StampPlacement(), text: text, signer: "Alice Example")
        let (ink, stamp) = (sheet.inkBox, sheet.stampBox)
        // Default placement: the whole stamp's bottom-right corner 36 pt in from the page's.
        #expect(abs(stamp.maxX - (612 - 36)) < 1e-6 && abs(stamp.maxY - (792 - 36)) < 1e-6, "\(stamp)")
        #expect(abs(ink.width - 180) < 1e-9 && abs(ink.height - 60) < 1e-9, "the box keeps 180 × 60 pt: \(ink)")
        #expect(
            stamp.contains(ink, tolerance: 1e-6) && abs(ink.minY - stamp.minY) < 1e-6, "\(ink) at the top of \(stamp)")
        #expect(stamp.height > ink.height + 20, "room for three lines below the box: \(stamp)")
    }

    @Test func aBoxOffThePageIsRefusedUpFront() throws {
        let pdf = TestPDF.bytes()
        #expect(throws: PDFError.self) {
            try SignetAPI.captureSheet(
                pdf: pdf, name: "in.pdf", page: 1, placement: StampPlacement(at: Point(x: 600, y: 10), width: 90),
                text: nil, signer: nil)
        }
        #expect(throws: PDFError.self) {
            try SignetAPI.captureSheet(
                pdf: pdf, name: "in.pdf", page: 2, placement: StampPlacement(), text: nil, signer: nil)
        }
    }

    /// Vector ink with `crop: false` is the whole canvas: a 180 pt wide stamp of a 3:1 canvas is
    /// 60 pt high whatever the ink's own bounds; cropped, it has the ink's aspect.
    @Test func uncroppedVectorInkIsTheCanvas() throws {
        let pdf = TestPDF.bytes()
        func stampHeight(crop: Bool) throws -> Double {
            var render = RenderOptions()
            render.crop = crop
            let options = PipelineOptions(
                render: render, artwork: .vector, stamp: StampOptions(placement: StampPlacement(width: 180)))
            let rect = try SignetAPI.pipeline(Self.drawing, pdf: pdf, options: options).report.stamp.perPage[0]
                .rectUserSpace
            return rect[3] - rect[1]
        }
        let uncropped = try stampHeight(crop: false), cropped = try stampHeight(crop: true)
        #expect(abs(uncropped - 60) < 0.01, "uncropped: \(uncropped) pt high")
        #expect(cropped < 40, "cropped to the ink (about 200 × 20 + the pen): \(cropped) pt high")
    }
}
