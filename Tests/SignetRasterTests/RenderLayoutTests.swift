import SignetCore
import SignetRaster
import SignetStrokes
import Testing

@Suite("Render layout: crop, padding, scale, fit, limits")
struct RenderLayoutTests {
    @Test("cropped ink touches the padding on every side (within 1 px)", arguments: [0, 1, 8, 25], [1.0, 2, 3.7])
    func cropExact(padding: Int, scale: Double) throws {
        let drawing = Drawing(strokes: [
            RasterFixtures.loops(), RasterFixtures.loops(count: 40, origin: Point(x: 60, y: 80)),
        ])
        let rendering = try Renderer.bitmap(drawing, options: RenderOptions(scale: scale, padding: padding))
        let b = rendering.bitmap
        let box = try #require(RasterFixtures.alphaExtent(b.pixels, width: b.width, height: b.height))
        // Ink starts at the padding and ends where the padding starts on the far side.
        #expect(abs(box.minX - padding) <= 1 && abs((b.width - 1 - box.maxX) - padding) <= 1, "x: \(box) in \(b.width)")
        #expect(
            abs(box.minY - padding) <= 1 && abs((b.height - 1 - box.maxY) - padding) <= 1, "y: \(box) in \(b.height)")
        // The size is the ink bounds at this scale, rounded up, plus the padding on both sides.
        let bounds = rendering.layout.inkBounds
        #expect(b.width == Int((bounds.width * scale).rounded(.up)) + 2 * padding)
        #expect(b.height == Int((bounds.height * scale).rounded(.up)) + 2 * padding)
    }

    @Test("a horizontal line: exact pixel size and position")
    func lineSize() throws {
        // Width 2.5 with round caps: bounds 7.5…52.5 × 8.75…11.25, so 45 × 2.5 units → 90 × 5 px at scale 2.
        let layout = try Renderer.prepare(Drawing(strokes: [RasterFixtures.line(8.75, 51.25, y: 10)])).layout
        #expect(layout.width == 90 + 16 && layout.height == 5 + 16)
        #expect(layout.transform.apply(Point(x: 7.5, y: 8.75)) == Point(x: 8, y: 8))
    }

    @Test("--dpi maps capture units as CSS pixels and is recorded")
    func dpi() throws {
        let layout = try Renderer.prepare(Drawing(strokes: [RasterFixtures.loops()]), options: RenderOptions(dpi: 288))
            .layout
        #expect(layout.scale == 3 && layout.dpi == 288 && layout.pixelsPerInch == 288)
        let plain = try Renderer.prepare(Drawing(strokes: [RasterFixtures.loops()])).layout
        #expect(plain.dpi == nil && plain.pixelsPerInch == 192)
    }

    @Test("a drawing that records its resolution is scaled in physical terms")
    func unitsPerInch() throws {
        // HIMETRIC-like units: 2540 per inch. --dpi 300 → 300/2540 px per unit; --scale 2 → 192/2540.
        let drawing = Drawing(strokes: [RasterFixtures.line(0, 2540, y: 0)], pen: Pen(width: 50), unitsPerInch: 2540)
        let printed = try Renderer.prepare(drawing, options: RenderOptions(dpi: 300)).layout
        #expect(abs(printed.scale - 300.0 / 2540) < 1e-12 && printed.pixelsPerInch == 300)
        #expect(printed.width == Int((2590 * 300.0 / 2540).rounded(.up)) + 16)
        let screen = try Renderer.prepare(drawing).layout
        #expect(abs(screen.scale - 192.0 / 2540) < 1e-12 && abs(screen.pixelsPerInch - 192) < 1e-9)
    }

    @Test("--fit scales ink and pen into the box", arguments: [(300.0, 100.0), (120, 400), (64, 64)])
    func fit(_ box: (Double, Double)) throws {
        let drawing = Drawing(strokes: [RasterFixtures.loops()])
        let r = try Renderer.bitmap(drawing, options: RenderOptions(fit: Size(width: box.0, height: box.1)))
        #expect(r.bitmap.width <= Int(box.0) && r.bitmap.height <= Int(box.1))
        // One side fills the box (within the pixel rounding).
        #expect(r.bitmap.width >= Int(box.0) - 1 || r.bitmap.height >= Int(box.1) - 1)
        let extent = try #require(
            RasterFixtures.alphaExtent(r.bitmap.pixels, width: r.bitmap.width, height: r.bitmap.height))
        #expect(abs(extent.minX - 8) <= 1 && abs(extent.minY - 8) <= 1)
    }

    @Test("--no-crop keeps the canvas, or the far corner of the ink without one")
    func noCrop() throws {
        var drawing = RasterFixtures.face
        let canvas = try Renderer.prepare(drawing, options: RenderOptions(scale: 1, crop: false)).layout
        #expect(canvas.width == 300 && canvas.height == 150)
        #expect(canvas.transform == .identity)
        drawing.canvas = nil
        let corner = try Renderer.prepare(drawing, options: RenderOptions(scale: 2, crop: false)).layout
        let bounds = corner.inkBounds
        #expect(
            corner.width == Int((bounds.maxX * 2).rounded(.up)) && corner.height == Int((bounds.maxY * 2).rounded(.up)))
    }

    @Test("ink entirely left of and above the origin has no canvas to land on")
    func outsideCanvas() {
        let drawing = Drawing(strokes: [RasterFixtures.line(-50, -10, y: -20)])
        #expect(throws: RenderError(.inkOutsideCanvas)) {
            try Renderer.prepare(drawing, options: RenderOptions(crop: false))
        }
    }

    @Test("no ink: no strokes, or strokes without points")
    func noInk() {
        for drawing in [Drawing(strokes: []), Drawing(strokes: [Stroke(samples: []), Stroke(samples: [])])] {
            #expect(throws: RenderError(.noInk)) { try Renderer.bitmap(drawing) }
        }
        let message = RenderError(.noInk).naming("blank.json").message
        #expect(
            message
                == "blank.json: no ink: the drawing has no stroke with a point in it; check that the file holds a capture."
        )
    }

    @Test("--min-ink-length refuses short ink, dots count as zero length")
    func minInkLength() throws {
        let short = Drawing(strokes: [RasterFixtures.line(0, 6, y: 0)])
        #expect(throws: RenderError(.inkTooShort(length: 6, minimum: 10))) {
            try Renderer.bitmap(short, options: RenderOptions(minInkLength: 10))
        }
        _ = try Renderer.bitmap(short, options: RenderOptions(minInkLength: 6))
        let dot = Drawing(strokes: [Stroke(samples: [Sample(x: 3, y: 3)])])
        #expect(throws: RenderError.self) { try Renderer.bitmap(dot, options: RenderOptions(minInkLength: 0.5)) }
        #expect(RenderError(.inkTooShort(length: 6, minimum: 10)).message.hasPrefix("no ink: the ink is 6 units long"))
    }

    @Test("NaN, infinite and absurd coordinates are refused with their stroke and point")
    func badCoordinates() {
        for bad in [Double.nan, .infinity, -.infinity, 1e12] {
            let drawing = Drawing(strokes: [
                RasterFixtures.line(0, 5, y: 0), Stroke(samples: [Sample(x: 1, y: 1), Sample(x: bad, y: 2)]),
            ])
            #expect(throws: RenderError(.badCoordinate(stroke: 1, point: 1))) { try Renderer.bitmap(drawing) }
        }
        #expect(
            RenderError(.badCoordinate(stroke: 1, point: 1)).message.hasPrefix("stroke 2, point 2 has a coordinate"))
    }

    @Test("the pixel limit is checked before drawing")
    func pixelLimit() throws {
        let drawing = Drawing(strokes: [RasterFixtures.line(0, 20000, y: 0)])
        #expect(throws: RenderError.self) { try Renderer.bitmap(drawing, options: RenderOptions(scale: 2)) }
        let small = Drawing(strokes: [RasterFixtures.line(0, 100, y: 0)])
        #expect(throws: RenderError.self) { try Renderer.bitmap(small, options: RenderOptions(maxPixels: 1000)) }
        let error = try #require(throws: RenderError.self) { try Renderer.bitmap(drawing) }
        #expect(error.message.contains("over the limit of 25000000 pixels"))
    }

    @Test(
        "option values no rendering can use",
        arguments: [
            RenderOptions(scale: 0), RenderOptions(scale: -.infinity), RenderOptions(dpi: 0),
            RenderOptions(penWidth: -1),
            RenderOptions(padding: -1), RenderOptions(padding: 40, fit: Size(width: 80, height: 300)),
            RenderOptions(minInkLength: .nan),
        ])
    func badOptions(_ options: RenderOptions) {
        #expect(throws: RenderError.self) {
            try Renderer.bitmap(Drawing(strokes: [RasterFixtures.loops()]), options: options)
        }
    }
}
