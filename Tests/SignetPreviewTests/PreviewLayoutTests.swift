import SignetCore
import SignetPreview
import SignetTestSupport
import Testing

/// Pure sizing: the output size and scale for every way of asking, and the limits.
@Suite("Preview layout")
struct PreviewLayoutTests {
    static let letter = Size(width: 612, height: 792)

    struct Case: Sendable, CustomTestStringConvertible {
        var scale: PreviewOptions.Scale
        var width: Int
        var height: Int
        var pixelsPerPoint: Double
        var testDescription: String { "\(scale) → \(width)x\(height)" }
    }

    static let cases: [Case] = [
        Case(scale: .dpi(72), width: 612, height: 792, pixelsPerPoint: 1),
        Case(scale: .dpi(150), width: 1275, height: 1650, pixelsPerPoint: 150.0 / 72),
        Case(scale: .width(306), width: 306, height: 396, pixelsPerPoint: 0.5),
        Case(scale: .height(100), width: 77, height: 100, pixelsPerPoint: 100.0 / 792),
        // The height binds, then the width.
        Case(scale: .fit(width: 1000, height: 1000), width: 773, height: 1000, pixelsPerPoint: 1000.0 / 792),
        Case(scale: .fit(width: 300, height: 1000), width: 300, height: 388, pixelsPerPoint: 300.0 / 612),
    ]

    @Test("sizes for each request", arguments: cases)
    func sizes(_ c: Case) throws {
        let layout = try PreviewLayout(pageSize: Self.letter, options: PreviewOptions(scale: c.scale), page: 1)
        #expect(layout.width == c.width && layout.height == c.height)
        #expect(abs(layout.pixelsPerPoint - c.pixelsPerPoint) < 1e-12)
    }

    @Test("the aspect ratio is kept within one pixel of rounding")
    func aspect() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let page = Size(
                width: Double.random(in: 20...3000, using: &random),
                height: Double.random(in: 20...3000, using: &random))
            let box = (Int.random(in: 16...2000, using: &random), Int.random(in: 16...2000, using: &random))
            let layout = try PreviewLayout(
                pageSize: page, options: PreviewOptions(scale: .fit(width: box.0, height: box.1)), page: 1)
            #expect(layout.width <= box.0 && layout.height <= box.1)
            #expect(layout.width == box.0 || layout.height == box.1, "one side of the box binds")
            #expect(abs(Double(layout.width) - page.width * layout.pixelsPerPoint) <= 0.5 + 1e-9)
            #expect(abs(Double(layout.height) - page.height * layout.pixelsPerPoint) <= 0.5 + 1e-9)
        }
    }

    @Test("a huge page at a huge resolution is refused with the size it would have")
    func tooLarge() {
        #expect {
            try PreviewLayout(
                pageSize: Size(width: 14400, height: 14400), options: PreviewOptions(scale: .dpi(600)), page: 3)
        } throws: { error in
            guard let e = error as? PreviewError, case .tooLarge(page: 3, _, _, _, _) = e.reason else { return false }
            return e.message.contains("120000×120000 pixels") && e.kind == .badInput
        }
        #expect(throws: PreviewError.self) {
            try PreviewLayout(pageSize: Self.letter, options: PreviewOptions(scale: .dpi(1e300)), page: 1)
        }
        #expect(throws: PreviewError.self) {
            try PreviewLayout(
                pageSize: Size(width: 10, height: 100000), options: PreviewOptions(scale: .width(400)), page: 1)
        }
    }

    @Test(
        "nonsense requests are refused",
        arguments: [
            PreviewOptions.Scale.dpi(0), .dpi(-5), .dpi(.nan), .width(0), .height(-1), .fit(width: 0, height: 10),
        ])
    func badOptions(scale: PreviewOptions.Scale) {
        #expect(throws: PreviewError.self) {
            try PreviewLayout(pageSize: Self.letter, options: PreviewOptions(scale: scale), page: 1)
        }
    }
}
