import SignetCore
import SignetRaster
import SignetStrokes
import Testing

@Suite("Rendered pixels: transparency, colour, pens")
struct RenderPixelTests {
    let drawing = Drawing(strokes: [RasterFixtures.loops()])

    @Test("the background is transparent: corners and padding have alpha 0")
    func transparent() throws {
        let b = try Renderer.bitmap(drawing).bitmap
        for (x, y) in [(0, 0), (b.width - 1, 0), (0, b.height - 1), (b.width - 1, b.height - 1)] {
            #expect(b[x, y].a == 0)
        }
        for x in 0..<b.width { #expect(b[x, 3].a == 0 && b[x, b.height - 4].a == 0) }
        #expect(b.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 }, "solid ink somewhere")
        #expect(!b.isOpaque)
    }

    @Test("an opaque background makes every pixel opaque and keeps the ink on top")
    func background() throws {
        let b = try Renderer.bitmap(drawing, options: RenderOptions(background: .white)).bitmap
        #expect(b.isOpaque)
        #expect(b[0, 0] == (255, 255, 255, 255))
        #expect(b.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element == 0 }, "black ink somewhere")
    }

    @Test("--color paints every stroke, alpha included; anti-aliased edges keep the exact colour")
    func color() throws {
        var mixed = drawing
        mixed.strokes.append(
            Stroke(samples: RasterFixtures.loops(origin: Point(x: 30, y: 70)).samples, pen: Pen(color: .white)))
        let ink = Color(css: "#1A237E80")!
        let b = try Renderer.bitmap(mixed, options: RenderOptions(color: ink)).bitmap
        var alphas = Set<UInt8>()
        for i in stride(from: 0, to: b.pixels.count, by: 4) where b.pixels[i + 3] > 0 {
            #expect(b.pixels[i] == 0x1A && b.pixels[i + 1] == 0x23 && b.pixels[i + 2] == 0x7E)
            alphas.insert(b.pixels[i + 3])
        }
        #expect(alphas.max() == 128, "half-transparent ink never gets more opaque than its alpha")
        #expect(alphas.count > 20, "edges are anti-aliased")
    }

    @Test(
        "one ink colour over transparency comes as a coverage mask; a background or two colours as RGBA; the same pixels either way"
    )
    func rasterForms() throws {
        var twoColors = drawing
        twoColors.strokes.append(
            Stroke(samples: RasterFixtures.loops(origin: Point(x: 30, y: 70)).samples, pen: Pen(color: .white)))
        let cases: [(Drawing, RenderOptions, Bool)] = [
            (drawing, RenderOptions(), true), (drawing, RenderOptions(color: Color(css: "#1A237E80")!), true),
            (drawing, RenderOptions(background: .white), false), (twoColors, RenderOptions(), false),
        ]
        for (d, options, coverage) in cases {
            let raster = try Renderer.raster(d, options: options)
            if case .coverage = raster.image { #expect(coverage) } else { #expect(!coverage) }
            #expect(raster.image.bitmap == (try Renderer.bitmap(d, options: options).bitmap))
        }
    }

    @Test("strokes of different colours keep their colours")
    func perStrokeColors() throws {
        let red = Stroke(
            samples: [Sample(x: 0, y: 0), Sample(x: 40, y: 0)], pen: Pen(color: Color(red: 1, green: 0, blue: 0)))
        let blue = Stroke(
            samples: [Sample(x: 0, y: 20), Sample(x: 40, y: 20)], pen: Pen(color: Color(red: 0, green: 0, blue: 1)))
        let b = try Renderer.bitmap(Drawing(strokes: [red, blue]), options: RenderOptions(scale: 1)).bitmap
        let top = b[b.width / 2, 8 + 1], bottom = b[b.width / 2, b.height - 8 - 2]
        #expect(top == (255, 0, 0, 255) && bottom == (0, 0, 255, 255))
    }

    /// The number of ink rows in the middle column of a horizontal line.
    private func thickness(_ options: RenderOptions, pen: Pen = .standard) throws -> Int {
        let line = Drawing(strokes: [RasterFixtures.line(0, 50, y: 0)], pen: pen)
        let b = try Renderer.bitmap(line, options: options).bitmap
        return (0..<b.height).filter { b[b.width / 2, $0].a > 127 }.count
    }

    @Test("--pen-width in capture units, scaled with the drawing")
    func penWidth() throws {
        #expect(try thickness(RenderOptions(scale: 2)) == 5)
        #expect(try thickness(RenderOptions(scale: 2, penWidth: 6)) == 12)
        #expect(try thickness(RenderOptions(scale: 4, penWidth: 6)) == 24)
    }

    @Test(
        "a capture in physical units draws the default 2.5 CSS px pen 5 px wide at scale 2",
        arguments: [
            "2\n0 0 0 1\n1000 0 10 1\n",  // SVC2004: 2540 units per inch
            "<ink><traceFormat><channel name='X' units='mm'/><channel name='Y' units='mm'/></traceFormat><trace>0 0, 10 0</trace></ink>",
            #"{"unitsPerInch":254,"strokes":[[[0,0],[100,0]]]}"#,
        ])
    func penInPhysicalUnits(_ text: String) throws {
        let line = try StrokeReader.read(Array(text.utf8), name: "line")
        let b = try Renderer.bitmap(line).bitmap
        #expect((0..<b.height).filter { b[b.width / 2, $0].a > 127 }.count == 5)
        // A 1 cm line is 75.6 px at 192 px per inch, plus the round caps (5 px) and the padding.
        #expect(b.width == 16 + 81)
    }

    @Test("--width-model switches the captured pens' model; --pen-width keeps variable pens' proportions")
    func widthModel() throws {
        let fast = Drawing(strokes: [Stroke(samples: (0..<20).map { Sample(x: Double($0) * 20, y: 0, t: Double($0)) })])
        let fixed = try Renderer.prepare(fast).ink
        let velocity = try Renderer.prepare(fast, options: RenderOptions(widthModel: .velocity)).ink
        #expect(fixed.shapes.first?.paint == .stroke(width: 2.5))
        #expect(velocity.shapes.first?.paint == .fill)
        // Fast strokes thin down towards minWidth (0.5 of 2.5): with --pen-width 10 towards 2.
        let options = RenderOptions(penWidth: 10, widthModel: .velocity)
        let pens = options.applyingPens(to: fast)
        #expect(pens.pen.maxWidth == 10 && pens.pen.minWidth == 2)
        let thick = try Renderer.prepare(fast, options: options).layout.inkBounds
        #expect(thick.height > 2 && thick.height <= 10.001)
    }

    @Test("--antialias fast: same geometry, coarser but still anti-aliased edges")
    func fastAntialias() throws {
        let best = try Renderer.bitmap(drawing).bitmap
        let fast = try Renderer.bitmap(drawing, options: RenderOptions(antialias: .fast)).bitmap
        #expect(fast.width == best.width && fast.height == best.height)
        let alpha = { (b: Bitmap) in stride(from: 3, to: b.pixels.count, by: 4).map { b.pixels[$0] } }
        let (a, f) = (alpha(best), alpha(fast))
        #expect(Set(f).count > 8 && Set(f).count <= 17, "4×4 supersampling gives at most 17 levels")
        #expect(Set(a).count > 64)
        let worst = zip(a, f).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 128, "largest alpha difference \(worst)")
        let solid = zip(a, f).filter { $0.0 == 255 }.count,
            solidBoth = zip(a, f).filter { $0.0 == 255 && $0.1 == 255 }.count
        #expect(Double(solidBoth) / Double(solid) > 0.95, "the body of the strokes is the same")
    }
}
