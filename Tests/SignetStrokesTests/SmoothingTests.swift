import SignetCore
import SignetTestSupport
import Testing

@testable import SignetStrokes

/// Properties of midpoint quadratic smoothing, checked on random strokes.
struct SmoothingTests {
    static func randomStroke(_ rng: inout SeededRandom, count: Int) -> [Point] {
        var p = Point(x: 100, y: 100)
        return (0..<count).map { _ in
            p = p + Point(x: Double.random(in: -20...20, using: &rng), y: Double.random(in: -20...20, using: &rng))
            return p
        }
    }

    static func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
    }

    @Test("the curve starts at the first sample and ends at the last", arguments: [2, 3, 4, 17, 300])
    func endsAtSamples(count: Int) {
        var rng = SeededRandom(seed: UInt64(count))
        let pts = Self.randomStroke(&rng, count: count)
        let segs = MidpointSmoother.segments(pts, widths: Array(repeating: 1, count: count))
        #expect(segs.first!.start == pts.first!)
        #expect(segs.last!.end == pts.last!)
        #expect(segs.count == count)
    }

    @Test("each inner sample controls a segment ending at its midpoint with the next")
    func passesThroughMidpoints() {
        var rng = SeededRandom(seed: 7)
        let pts = Self.randomStroke(&rng, count: 50)
        let segs = MidpointSmoother.segments(pts, widths: Array(repeating: 1, count: 50))
        for i in 0..<(pts.count - 1) {
            #expect(Self.close(segs[i].end, pts[i].midpoint(pts[i + 1])))
            #expect(segs[i].control == pts[i])
        }
    }

    @Test("joins are C1: equal position and equal derivative", arguments: [3, 10, 200])
    func joinsAreC1(count: Int) {
        var rng = SeededRandom(seed: 99 + UInt64(count))
        let pts = Self.randomStroke(&rng, count: count)
        let segs = MidpointSmoother.segments(pts, widths: Array(repeating: 1, count: count))
        for (a, b) in zip(segs, segs.dropFirst()) {
            #expect(Self.close(a.end, b.start))
            #expect(Self.close(a.derivative(at: 1), b.derivative(at: 0), 1e-9))
        }
    }

    @Test("the exact cubic equals the quadratic everywhere")
    func cubicConversionIsExact() {
        let p0 = Point(x: 0, y: 0), q = Point(x: 10, y: 30), p2 = Point(x: 40, y: -5)
        let (c1, c2) = Path.cubic(from: p0, control: q, to: p2)
        for i in 0...20 {
            let t = Double(i) / 20
            #expect(Self.close(Bezier.quadPoint(p0, q, p2, t), Bezier.cubicPoint(p0, c1, c2, p2, t), 1e-9))
        }
    }

    @Test("quadratic bounds contain every curve point and touch the extremes")
    func quadBoundsAreTight() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let p = Self.randomStroke(&rng, count: 3)
            let box = Bezier.quadBounds(p[0], p[1], p[2])
            var sampled = Rect(origin: p[0], size: .zero)
            for i in 0...400 {
                let v = Bezier.quadPoint(p[0], p[1], p[2], Double(i) / 400)
                #expect(box.outsetBy(1e-9).contains(v))
                sampled = sampled.union(Rect(origin: v, size: .zero))
            }
            #expect(box.contains(sampled, tolerance: 1e-9) && sampled.contains(box, tolerance: 0.01))
        }
    }

    @Test("cubic bounds contain the circle and equal its extent")
    func circleBounds() {
        let b = Path.circle(center: Point(x: 5, y: 5), radius: 2).bounds!
        #expect(abs(b.minX - 3) < 1e-9 && abs(b.maxX - 7) < 1e-9 && abs(b.minY - 3) < 1e-9 && abs(b.maxY - 7) < 1e-9)
    }
}

/// Named edge cases, as perfect-freehand keeps them.
struct SmoothingEdgeCases {
    let pen = Pen(width: 4)

    @Test("one point is a dot of the pen width")
    func onePoint() {
        let ink = Ink(Drawing(strokes: [Stroke(samples: [Sample(x: 10, y: 20)])], pen: pen))
        #expect(ink.shapes.count == 1 && ink.shapes[0].paint == .fill)
        #expect(ink.bounds == Rect(x: 8, y: 18, width: 4, height: 4))
    }

    @Test("two equal points are a dot too")
    func twoEqualPoints() {
        let ink = Ink(
            Drawing(strokes: [Stroke(samples: [Sample(x: 10, y: 20), Sample(x: 10, y: 20, t: 5)])], pen: pen))
        #expect(ink.shapes.count == 1 && ink.shapes[0].paint == .fill)
        #expect(ink.bounds == Rect(x: 8, y: 18, width: 4, height: 4))
    }

    @Test("two points are a straight line with round ends")
    func twoPoints() {
        let ink = Ink(Drawing(strokes: [Stroke(samples: [Sample(x: 0, y: 0), Sample(x: 10, y: 0)])], pen: pen))
        #expect(ink.shapes[0].paint == .stroke(width: 4))
        #expect(ink.bounds == Rect(x: -2, y: -2, width: 14, height: 4))
    }

    @Test("consecutive duplicates are dropped, later repeats kept")
    func duplicates() {
        let s = [Sample(x: 0, y: 0), Sample(x: 0, y: 0), Sample(x: 1, y: 1), Sample(x: 1, y: 1), Sample(x: 0, y: 0)]
        #expect(
            MidpointSmoother.deduplicated(s).map(\.point) == [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 0)])
    }

    @Test("an empty stroke leaves no ink")
    func emptyStroke() {
        let ink = Ink(Drawing(strokes: [Stroke(samples: [])]))
        #expect(ink.shapes.isEmpty && ink.bounds == nil)
    }

    @Test("velocity width: fast strokes are thinner and never below the minimum")
    func velocityWidths() {
        let pen = Pen(minWidth: 0.5, maxWidth: 2.5, widthModel: .velocity)
        let slow = WidthFilter.widths(of: (0..<10).map { Sample(x: Double($0), y: 0, t: Double($0) * 100) }, pen: pen)
        let fast = WidthFilter.widths(of: (0..<10).map { Sample(x: Double($0) * 50, y: 0, t: Double($0)) }, pen: pen)
        #expect(slow.last! > fast.last!)
        #expect(fast.allSatisfy { $0 >= 0.5 } && slow.allSatisfy { $0 <= 2.5 })
    }

    @Test("velocity width tolerates repeated and backwards timestamps")
    func velocityBadTimes() {
        let pen = Pen(widthModel: .velocity)
        let w = WidthFilter.widths(
            of: [Sample(x: 0, y: 0, t: 10), Sample(x: 5, y: 0, t: 10), Sample(x: 9, y: 0, t: 4)], pen: pen)
        #expect(w.allSatisfy { $0.isFinite && $0 > 0 })
    }

    @Test("pressure width applies only when pressure varies")
    func pressureFallback() {
        let pen = Pen(width: 3, minWidth: 1, maxWidth: 5, widthModel: .pressure)
        let flat = WidthFilter.widths(of: [Sample(x: 0, y: 0, force: 0), Sample(x: 5, y: 0, force: 0)], pen: pen)
        let varying = WidthFilter.widths(of: [Sample(x: 0, y: 0, force: 0), Sample(x: 5, y: 0, force: 1)], pen: pen)
        #expect(flat == [3, 3])
        #expect(varying == [1, 5])
    }

    @Test("variable-width ink is one filled outline per stroke")
    func variableWidthIsFilled() {
        let pen = Pen(minWidth: 1, maxWidth: 5, widthModel: .pressure)
        let ink = Ink(
            Drawing(
                strokes: [
                    Stroke(
                        samples: (0..<20).map { Sample(x: Double($0) * 3, y: Double($0 % 4), force: Double($0) / 19) })
                ], pen: pen))
        #expect(ink.shapes.count == 1 && ink.shapes[0].paint == .fill)
        // The outline's arcs are cubics, which stray up to 0.03 % of the radius (here 2.5) outside their circle.
        #expect(ink.shapes[0].path.bounds.map { ink.bounds!.contains($0, tolerance: 1e-3) } == true)
    }
}
