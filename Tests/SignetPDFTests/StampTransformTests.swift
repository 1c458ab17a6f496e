import SignetCore
import SignetPDF
import SignetTestSupport
import Testing

@Suite("The stamp matrix: upright on screen, exactly in the displayed rectangle")
struct StampTransformTests {
    /// The matrix maps the stamp's top-left corner (0, h in its y-up box) to the displayed
    /// rectangle's top-left, checked against the independent oracle of the test support.
    @Test("corners land where the oracle says, for random geometries", arguments: 0..<40)
    func randomGeometry(_ seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let x0 = Double.random(in: -300...300, using: &rng), y0 = Double.random(in: -300...300, using: &rng)
        let crop = Rect(
            x: x0, y: y0, width: .random(in: 100...900, using: &rng), height: .random(in: 100...900, using: &rng))
        let rotate = [0, 90, 180, 270, -90, 450, 990][Int.random(in: 0..<7, using: &rng)]
        let unit = [1.0, 2, 0.5, 1.5][Int.random(in: 0..<4, using: &rng)]
        let page = PageGeometry(
            PageAttributes(
                mediaBox: [crop.minX, crop.minY, crop.maxX, crop.maxY], rotate: Double(rotate), userUnit: unit))
        let oracle = DisplayedGeometry(cropBox: crop, rotate: rotate, userUnit: unit)
        let shown = oracle.size
        #expect(
            abs(page.displayedSize.width - shown.width) < 1e-9 && abs(page.displayedSize.height - shown.height) < 1e-9)
        let displayed = Rect(
            x: shown.width * 0.1, y: shown.height * 0.2, width: shown.width * 0.3, height: shown.height * 0.1)
        let stamp = Size(width: 600, height: 200)
        let m = StampTransform.matrix(stampSize: stamp, displayed: displayed, on: page)
        let toUser = oracle.displayedToUser
        let pairs: [(Point, Point)] = [
            (Point(x: 0, y: 200), Point(x: displayed.minX, y: displayed.minY)),  // top-left
            (Point(x: 600, y: 200), Point(x: displayed.maxX, y: displayed.minY)),  // top-right
            (Point(x: 0, y: 0), Point(x: displayed.minX, y: displayed.maxY)),  // bottom-left
        ]
        for (stampCorner, displayedCorner) in pairs {
            let got = m.apply(stampCorner), want = toUser.apply(displayedCorner)
            #expect(abs(got.x - want.x) < 1e-6 && abs(got.y - want.y) < 1e-6, "rotate \(rotate): \(got) vs \(want)")
        }
    }

    /// A viewer draws an appearance by mapping its /Matrix-transformed BBox onto /Rect; the
    /// result must be the same matrix a stamp uses, so a visible signature is upright too.
    @Test("widget /Rect and /Matrix compose to the stamp matrix", arguments: [0, 90, 180, 270])
    func widget(_ rotate: Int) {
        let page = PageGeometry(
            PageAttributes(mediaBox: [0, 0, 612, 792], cropBox: [10, 20, 582, 752], rotate: Double(rotate)))
        let size = Size(width: 300, height: 100)
        let displayed = Rect(x: 50, y: 60, width: 150, height: 50)
        let widget = WidgetPlacement(stampSize: size, displayed: displayed, on: page)
        let box = widget.matrix.apply(Rect(origin: .zero, size: size))
        let fit = Transform(
            a: widget.rect.width / box.width, b: 0, c: 0, d: widget.rect.height / box.height,
            e: widget.rect.minX - box.minX * widget.rect.width / box.width,
            f: widget.rect.minY - box.minY * widget.rect.height / box.height)
        let composed = widget.matrix.concatenating(fit)
        let expected = StampTransform.matrix(stampSize: size, displayed: displayed, on: page)
        for (a, b) in zip(composed.components, expected.components) {
            #expect(abs(a - b) < 1e-9, "\(composed) vs \(expected)")
        }
    }
}
