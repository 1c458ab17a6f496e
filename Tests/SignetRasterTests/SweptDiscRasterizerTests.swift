import Foundation
import SignetCore
import SignetRaster
import SignetStrokes
import SignetTestSupport
import Testing

/// Signet's own rasteriser (`SweptDiscRasterizer`): each piece measured against a finely
/// supersampled hull, whole drawings against cairo's scan converter with the tolerance stated
/// in docs/performance.md, and random geometry far outside the canvas never written out of
/// bounds (the buffer pointers check every index in the debug builds the tests run in).
@Suite("Swept-disc rasteriser")
struct SweptDiscRasterizerTests {
    /// The fraction of the pixel centred at (`px`, `py`) inside the union of discs swept along
    /// the cone, from 32 × 32 samples against 81 discs.
    static func supersampled(_ c: RoundCone, _ px: Double, _ py: Double) -> Double {
        let n = 32
        var inside = 0
        for i in 0..<n {
            for j in 0..<n {
                let x = px - 0.5 + (Double(i) + 0.5) / Double(n), y = py - 0.5 + (Double(j) + 0.5) / Double(n)
                let hit = (0...80).contains { k in
                    let t = Double(k) / 80
                    let cx = c.ax + (c.bx - c.ax) * t, cy = c.ay + (c.by - c.ay) * t, r = c.ra + (c.rb - c.ra) * t
                    return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
                }
                if hit { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    @Test("a piece covers each pixel within 0.05 of its supersampled area (capsules, cones, discs, thin ink)")
    func pieceCoverage() {
        var random = SeededRandom(seed: 13)
        var worst = 0.0
        for trial in 0..<120 {
            let ra = Double.random(in: 0.3...3, using: &random)
            let rb = trial % 3 == 0 ? ra : Double.random(in: 0.3...3, using: &random)
            let length = trial % 7 == 0 ? 0 : Double.random(in: 0...8, using: &random)
            let angle = Double.random(in: 0...(2 * Double.pi), using: &random)
            let (ax, ay) = (5.3, 5.7)
            let cone = RoundCone(
                ax: ax, ay: ay, ra: ra, bx: ax + length * cos(angle), by: ay + length * sin(angle), rb: rb)
            let px = Double(Int.random(in: 0...11, using: &random)) + 0.5
            let py = Double(Int.random(in: 0...11, using: &random)) + 0.5
            let error = abs(cone.touch(px, py).coverage - Self.supersampled(cone, px, py))
            worst = max(worst, error)
            #expect(error <= 0.05, "trial \(trial): \(cone) at (\(px), \(py)) is off by \(error)")
        }
        #expect(worst > 0, "the comparison measured nothing")
    }

    /// Coverage differences from cairo's scan converter (`Renderer.Rasterizer.cairo`) over a rendering.
    struct Difference: CustomStringConvertible {
        var mean = 0.0, over16 = 0.0, worst = 0
        var description: String {
            String(format: "mean %.3f levels, %.3f %% of pixels over 16, worst %d", mean, over16 * 100, worst)
        }
    }

    static func difference(_ drawing: Drawing, _ options: RenderOptions) throws -> Difference {
        let ours = try Renderer.raster(drawing, options: options).image
        let cairo = try Renderer.raster(drawing, options: options, rasterizer: .cairo).image
        guard case .coverage(let a) = ours, case .coverage(let b) = cairo else {
            Issue.record("one-colour ink should render as a coverage mask")
            return Difference()
        }
        #expect(a.width == b.width && a.height == b.height)
        var total = 0, over = 0, worst = 0
        for (p, q) in zip(a.alpha, b.alpha) {
            let d = abs(Int(p) - Int(q))
            (total, worst) = (total + d, max(worst, d))
            if d > 16 { over += 1 }
        }
        let n = Double(a.alpha.count)
        return Difference(mean: Double(total) / n, over16: Double(over) / n, worst: worst)
    }

    /// The stated tolerance: mean difference and share of pixels more than 16 levels apart (an
    /// edge pixel; cairo's own coverage moves in steps of 17 on its 15 sub-rows). Ink under
    /// 1.5 px wide, where both edges cross one pixel, is allowed more.
    @Test(
        "drawings match cairo's coverage within the stated tolerance",
        arguments: SeamlessInkTests.cases.filter(\.comparedWithCairo))
    func matchesCairo(_ c: SeamlessInkTests.Case) throws {
        for scale in [0.5, 2, 6] {
            let difference = try Self.difference(try c.drawing(), RenderOptions(scale: scale, widthModel: c.model))
            let (mean, share) = scale < 1 ? (1.5, 0.006) : (0.4, 0.002)
            #expect(
                difference.mean <= mean && difference.over16 <= share,
                "scale \(scale): \(difference) (allowed: mean \(mean), \(share * 100) % over 16)")
        }
    }

    @Test("a dot and a straight capsule cover exactly their area")
    func areas() throws {
        let scale = 1.0
        let transform = Transform.identity
        for (spine, area) in [
            (
                [
                    QuadSegment(
                        start: .init(x: 20, y: 20), control: .init(x: 20, y: 20), end: .init(x: 20, y: 20),
                        startWidth: 7, endWidth: 7)
                ], Double.pi * 3.5 * 3.5
            ),
            (
                [
                    QuadSegment(
                        start: .init(x: 10.3, y: 12.6), control: .init(x: 20.3, y: 18.6), end: .init(x: 30.3, y: 24.6),
                        startWidth: 5, endWidth: 5)
                ], 2.5 * 2 * (20.0 * 20 + 12 * 12).squareRoot() + Double.pi * 2.5 * 2.5
            ),
        ] {
            let mask = try #require(SweptDiscRasterizer.mask(spine, transform: transform, width: 60, height: 60))
            let covered = mask.alpha.reduce(0.0) { $0 + Double($1) / 255 } * scale
            #expect(abs(covered - area) / area < 0.01, "covered \(covered) px², expected \(area)")
        }
    }

    @Test("random strokes far outside, huge and hair-thin stay inside the canvas")
    func randomGeometry() {
        var random = SeededRandom(seed: 7)
        var drawn = 0
        for _ in 0..<300 {
            func point() -> Point {
                Point(x: Double.random(in: -80...140, using: &random), y: Double.random(in: -80...140, using: &random))
            }
            let width = [0.01, 0.4, 3, 40, 150][Int.random(in: 0..<5, using: &random)]
            var spine: [QuadSegment] = []
            var start = point()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let end = point()
                spine.append(
                    QuadSegment(
                        start: start, control: point(), end: end, startWidth: width,
                        endWidth: width * Double.random(in: 0.2...2, using: &random)))
                start = end
            }
            let scale = Double.random(in: 0.2...3, using: &random)
            let transform = Transform.scale(scale, scale).concatenating(.translation(3.5, -2.25))
            guard let mask = SweptDiscRasterizer.mask(spine, transform: transform, width: 64, height: 48) else {
                continue
            }
            drawn += 1
            #expect(mask.x >= 0 && mask.y >= 0 && mask.x + mask.width <= 64 && mask.y + mask.height <= 48)
            #expect(mask.alpha.count == mask.width * mask.height)
        }
        #expect(drawn > 100, "only \(drawn) of 300 random strokes landed on the canvas")
        // Not-finite geometry (refused by `Renderer` before this stage) draws nothing, and never traps.
        for bad in [Double.nan, .infinity, -.infinity, 1e300] {
            let spine = [
                QuadSegment(
                    start: Point(x: 1, y: 1), control: Point(x: bad, y: 2), end: Point(x: 3, y: 3), startWidth: 2,
                    endWidth: 2),
                QuadSegment(
                    start: Point(x: 3, y: 3), control: Point(x: 4, y: 4), end: Point(x: 5, y: 5), startWidth: 2,
                    endWidth: bad),
            ]
            for cut in [spine, [spine[1]]] {
                #expect(SweptDiscRasterizer.mask(cut, transform: .identity, width: 16, height: 16) == nil)
            }
        }
    }
}

extension SweptDiscRasterizerTests {
    @Test(
        "colours, translucent ink (one colour or two), a background and ink cut by the canvas composite as cairo's do")
    func compositing() throws {
        var loops = RasterFixtures.loops(count: 40)
        loops.pen = Pen(color: Color(css: "#C0392B99")!)
        var drawing = Drawing(strokes: [loops, RasterFixtures.loops(count: 30, origin: Point(x: 40, y: 60))])
        drawing.canvas = Size(width: 90, height: 70)
        for options in [
            RenderOptions(background: Color(css: "#FFF8E1")!), RenderOptions(),
            RenderOptions(color: Color(css: "#1A237E80")!),
            RenderOptions(scale: 3, widthModel: .velocity, crop: false),
        ] {
            let ours = try Renderer.raster(drawing, options: options).image.bitmap
            let cairo = try Renderer.raster(drawing, options: options, rasterizer: .cairo).image.bitmap
            try #require(ours.width == cairo.width && ours.height == cairo.height)
            var over = 0, total = 0
            for i in stride(from: 0, to: ours.pixels.count, by: 4) {
                // Premultiplied channels, so a transparent pixel's colour does not count.
                let a = Int(ours.pixels[i + 3]), b = Int(cairo.pixels[i + 3])
                var worst = abs(a - b)
                for c in 0..<3 {
                    let p = Int(ours.pixels[i + c]) * a, q = Int(cairo.pixels[i + c]) * b
                    worst = max(worst, abs(p - q) / 255)
                }
                total += worst
                if worst > 16 { over += 1 }
            }
            let n = Double(ours.pixels.count / 4)
            #expect(
                Double(total) / n <= 0.4 && Double(over) / n <= 0.002,
                "\(options): mean \(Double(total) / n), \(over) pixels over 16 levels")
        }
    }
}
