import SignetCodecs
import SignetCore
import SignetRaster
import SignetStrokes
import Testing

@Suite("Golden renderings")
struct RenderGoldenTests {
    @Test("default: black, 2.5 units wide, scale 2, cropped with 8 px padding, transparent")
    func loops() throws {
        let drawing = Drawing(strokes: [
            RasterFixtures.loops(), RasterFixtures.loops(count: 30, origin: Point(x: 40, y: 60)),
        ])
        try Golden.check(try Renderer.bitmap(drawing).bitmap, named: "loops-default")
    }

    /// The PNG a render writes keeps 16 coverage levels (`PNGOptions.maskLevels`): each pixel
    /// within 8 levels of the exact rendering, so within the golden's tolerance plus 8.
    @Test("the default PNG of the loops decodes within 8 levels of the golden")
    func loopsPNG() throws {
        let drawing = Drawing(strokes: [
            RasterFixtures.loops(), RasterFixtures.loops(count: 30, origin: Point(x: 40, y: 60)),
        ])
        let png = try PNGEncoder.encode(try Renderer.raster(drawing).image)
        try Golden.check(try PNGDecoder.decode(png), named: "loops-default", tolerance: Golden.tolerance(plus: 8))
    }

    @Test("face: dots and a velocity-width smile in navy")
    func face() throws {
        var drawing = RasterFixtures.face
        drawing.pen = Pen(color: Color(css: "#1A237E")!, minWidth: 0.5, maxWidth: 2.5, widthModel: .velocity)
        try Golden.check(
            try Renderer.bitmap(drawing, options: RenderOptions(scale: 1.5)).bitmap, named: "face-velocity")
    }

    @Test("semi-transparent ink over an opaque background, pressure width")
    func background() throws {
        let drawing = Drawing(strokes: [RasterFixtures.loops(count: 80, force: true)])
        let options = RenderOptions(
            color: Color(css: "#C0392B99")!, background: Color(css: "#FFF8E1")!, scale: 1, penWidth: 4,
            widthModel: .pressure)
        try Golden.check(try Renderer.bitmap(drawing, options: options).bitmap, named: "pressure-on-background")
    }
}
