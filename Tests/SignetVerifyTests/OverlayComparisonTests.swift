import SignetCore
import SignetRaster
import Testing

@testable import SignetPDFSigning
@testable import SignetVerify

/// The pixel rule of the overlay check on bitmaps made here: covered ink counts, a translucent
/// highlight and ink added in blank space do not, and an annotation's rectangle becomes the pixels
/// `signet-preview` draws.
@Suite("Overlay check: the pixel comparison")
struct OverlayComparisonTests {
    /// A 100×100-pixel render (50×50 points at 144 dpi) of white with a black 10×10-pixel block at
    /// pixels 20..<30 × 20..<30 ("signed text").
    static let signed = paint(Bitmap(width: 100, height: 100, fill: .white), x: 20..<30, y: 20..<30, rgb: (0, 0, 0))
    /// Where the render lies in the page image: 40 pixels from the left, 60 from the top.
    static let region = Rect(x: 40, y: 60, width: 100, height: 100)

    /// `bitmap` with the pixels in `x` × `y` set to the opaque colour `rgb`.
    static func paint(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>, rgb: (UInt8, UInt8, UInt8)) -> Bitmap {
        var b = bitmap
        for row in y {
            for column in x {
                let i = (row * b.width + column) * 4
                (b.pixels[i], b.pixels[i + 1], b.pixels[i + 2], b.pixels[i + 3]) = (rgb.0, rgb.1, rgb.2, 255)
            }
        }
        return b
    }

    @Test("an opaque white box over the signed block hides it; the bounds are the covered pixels, in points")
    func whiteBoxHides() throws {
        let now = Self.paint(Self.signed, x: 10..<40, y: 10..<40, rgb: (255, 255, 255))
        let finding = try OverlayComparison.compare(signed: Self.signed, now: now, region: Self.region)
        #expect(finding.pixels == 100 && finding.hides)
        #expect(finding.bounds == Rect(x: 30, y: 40, width: 5, height: 5))
    }

    @Test("a rectangle in points becomes the whole pixels it touches at 144 dpi, clipped to the page")
    func region() {
        let page = Size(width: 50, height: 50)
        let inside = OverlayComparison.region(of: Rect(x: 5.2, y: 5.2, width: 10, height: 10), pageSize: page)
        #expect(inside == Rect(x: 10, y: 10, width: 21, height: 21))
        let across = OverlayComparison.region(of: Rect(x: 40, y: -10, width: 30, height: 20), pageSize: page)
        #expect(across == Rect(x: 80, y: 0, width: 20, height: 20))
        #expect(OverlayComparison.region(of: Rect(x: 60, y: 0, width: 10, height: 10), pageSize: page) == nil)
    }

    @Test("a yellow highlight keeps black ink black; new ink in blank space covers nothing")
    func highlightAndBlankSpace() throws {
        var now = Self.paint(Self.signed, x: 0..<100, y: 0..<20, rgb: (0, 0, 0))
        for y in 20..<30 {
            for x in 10..<40 where !(20..<30).contains(x) {
                let i = (y * now.width + x) * 4
                (now.pixels[i], now.pixels[i + 1], now.pixels[i + 2]) = (255, 255, 0)
            }
        }
        let finding = try OverlayComparison.compare(signed: Self.signed, now: now, region: Self.region)
        #expect(finding.pixels == 0)
    }

    @Test("under the threshold: fewer than 16 covered pixels do not count")
    func threshold() throws {
        let now = Self.paint(Self.signed, x: 20..<23, y: 20..<25, rgb: (255, 255, 255))
        let finding = try OverlayComparison.compare(signed: Self.signed, now: now, region: Self.region)
        #expect(finding.pixels == 15 && !finding.hides)
    }

    @Test("renders of different sizes are refused with one sentence")
    func sizeMismatch() {
        let other = Bitmap(width: 100, height: 101, fill: .white)
        #expect(throws: OverlayComparison.SizeMismatch(signed: [100, 100], now: [100, 101])) {
            try OverlayComparison.compare(signed: Self.signed, now: other, region: Self.region)
        }
    }

    @Test("the signed bytes end at the furthest end of the ByteRange's pairs")
    func signedEnd() {
        #expect(OverlayCheck.signedEnd([0, 100, 200, 50]) == 250)
        #expect(OverlayCheck.signedEnd([0, 100, 200]) == nil)
        #expect(OverlayCheck.signedEnd(nil) == nil)
    }
}
