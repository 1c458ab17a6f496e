import SignetCore
import SignetStrokes

/// A coverage mask of one shape: `width × height` bytes at (`x`, `y`) in the image.
package struct ShapeMask: Sendable, Hashable {
    package var x: Int, y: Int, width: Int, height: Int
    /// Coverage bytes, rows top to bottom (0 = no ink, 255 = full).
    package var alpha: [UInt8]
}

/// Draws ink directly from its centre line: the union of the discs swept along the smoothed
/// quadratics, their diameter the ink width, as exact-area anti-aliased coverage.
///
/// Every stroke Signet draws is such a union — a fixed-width stroke with round caps and joins, a
/// variable-width outline, a dot — so one rasteriser serves all three without building an outline
/// or a polygon: each quadratic is cut into chords that stay within `tolerance` pixels of the curve,
/// each chord with its end discs is a `RoundCone`, and the pieces' coverages are joined in a
/// `CoverageCanvas`. Only pixels within reach of a chord are visited, most of them once: each
/// chord draws the band beside it, each joint the wedge its two chords leave open.
package enum SweptDiscRasterizer {
    /// How far a chord may stray from the curve, in output pixels (cairo's default tolerance is 0.1).
    static let tolerance = 0.05
    /// Most chords per quadratic.
    static let maxChords = 256

    /// The coverage of the ink swept along `spine` (capture units) under `transform`, which
    /// must scale both axes alike, clipped to a `width × height` image; `nil` when nothing lands on it.
    package static func mask(_ spine: [QuadSegment], transform t: Transform, width: Int, height: Int) -> ShapeMask? {
        let cones = cones(spine, transform: t)
        guard !cones.isEmpty else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in cones {
            let r = c.reach
            minX = min(minX, min(c.ax, c.bx) - r)
            maxX = max(maxX, max(c.ax, c.bx) + r)
            minY = min(minY, min(c.ay, c.by) - r)
            maxY = max(maxY, max(c.ay, c.by) + r)
        }
        let x0 = max(Int(minX.rounded(.down)), 0), y0 = max(Int(minY.rounded(.down)), 0)
        let x1 = min(Int(maxX.rounded(.up)), width), y1 = min(Int(maxY.rounded(.up)), height)
        guard x1 > x0, y1 > y0 else { return nil }
        let w = x1 - x0, h = y1 - y0
        var alpha = [UInt8](repeating: 0, count: w * h)
        var normals = [SIMD2<Int8>](repeating: .zero, count: w * h)
        alpha.withUnsafeMutableBufferPointer { alpha in
            normals.withUnsafeMutableBufferPointer { normals in
                draw(
                    cones,
                    on: CoverageCanvas(alpha: alpha, normals: normals, originX: x0, originY: y0, width: w, height: h))
            }
        }
        return ShapeMask(x: x0, y: y0, width: w, height: h, alpha: alpha)
    }

    /// Each cone's sides, then each end disc once: at a joint only the wedge that neither
    /// neighbour's sides reach (beyond the end of one chord and before the start of the next,
    /// the outside of a bend), and at the stroke's two ends the cap.
    private static func draw(_ cones: [RoundCone], on canvas: CoverageCanvas) {
        for cone in cones { canvas.drawSides(cone) }
        guard let first = cones.first, let last = cones.last else { return }
        if !first.isDisc {
            canvas.drawDisc(x: first.ax, y: first.ay, radius: first.ra, within: .init(x: -first.ux, y: -first.uy))
        }
        if !last.isDisc {
            canvas.drawDisc(x: last.bx, y: last.by, radius: last.rb, within: .init(x: last.ux, y: last.uy))
        }
        for (a, b) in zip(cones, cones.dropFirst()) where !a.isDisc && !b.isDisc {
            // Nothing is left uncovered where the chord goes straight on.
            guard a.ux * b.uy - a.uy * b.ux != 0 || a.ux * b.ux + a.uy * b.uy < 0 else { continue }
            canvas.drawDisc(
                x: a.bx, y: a.by, radius: a.rb, within: .init(x: a.ux, y: a.uy), and: .init(x: -b.ux, y: -b.uy))
        }
    }

    /// The spine's chords in pixel space, each with the ink radius at its ends: every quadratic
    /// cut finely enough to follow the curve, then runs of nearly straight, evenly widening cuts
    /// joined into one chord, so a pixel sees few overlapping chords.
    static func cones(_ spine: [QuadSegment], transform t: Transform) -> [RoundCone] {
        let points = polyline(spine, transform: t)
        var cones: [RoundCone] = []
        var start = 0
        while start < points.count - 1 {
            var end = start + 1
            while end + 1 < points.count, end + 1 - start <= maxJoined,
                isStraight(points, from: start, to: end + 1)
            {
                end += 1
            }
            let (a, b) = (points[start], points[end])
            cones.append(RoundCone(ax: a.x, ay: a.y, ra: a.r, bx: b.x, by: b.y, rb: b.r))
            start = end
        }
        if points.count == 1, let p = points.first {
            cones.append(RoundCone(ax: p.x, ay: p.y, ra: p.r, bx: p.x, by: p.y, rb: p.r))
        }
        return cones
    }

    /// Most fine cuts one chord may replace.
    static let maxJoined = 32

    private struct Knot: Equatable { var x, y, r: Double }

    /// Points along the spine (pixel space) no farther apart than keeps each cut within
    /// `tolerance` of the curve, with the radius there. Geometry that is not finite (which
    /// `Renderer` refuses before it gets here) gives no points rather than a trap.
    private static func polyline(_ spine: [QuadSegment], transform t: Transform) -> [Knot] {
        let scale = t.a
        func map(_ p: Point) -> (Double, Double) { (t.a * p.x + t.e, t.d * p.y + t.f) }
        let finite =
            [t.a, t.d, t.e, t.f].allSatisfy(\.isFinite)
            && spine.allSatisfy { s in
                [s.start.x, s.start.y, s.control.x, s.control.y, s.end.x, s.end.y, s.startWidth, s.endWidth]
                    .allSatisfy { $0.isFinite && abs($0) < 1e12 }
            }
        guard finite, let first = spine.first else { return [] }
        let p = map(first.start)
        var knots = [Knot(x: p.0, y: p.1, r: first.startWidth * scale / 2)]
        knots.reserveCapacity(spine.count * 2 + 1)
        for s in spine {
            let (p0, q, p2) = (map(s.start), map(s.control), map(s.end))
            let bx = p0.0 - 2 * q.0 + p2.0, by = p0.1 - 2 * q.1 + p2.1
            // A quadratic strays at most |P0 − 2Q + P2| / 4 from its chord; k chords a k²-th of that.
            let sag = (bx * bx + by * by).squareRoot() / 4
            let k = min(max(Int((sag / tolerance).squareRoot().rounded(.up)), 1), maxChords)
            for j in 1...k {
                let u = Double(j) / Double(k), v = 1 - u
                let r = (s.startWidth + (s.endWidth - s.startWidth) * u) * scale / 2
                if j == k {
                    knots.append(Knot(x: p2.0, y: p2.1, r: r))
                } else {
                    knots.append(
                        Knot(
                            x: v * v * p0.0 + 2 * u * v * q.0 + u * u * p2.0,
                            y: v * v * p0.1 + 2 * u * v * q.1 + u * u * p2.1, r: r))
                }
            }
        }
        // Repeated points add nothing (a dot is one knot).
        var unique = [knots[0]]
        for k in knots.dropFirst() where k != unique[unique.count - 1] { unique.append(k) }
        return unique
    }

    /// Whether one chord from `points[i]` to `points[j]` stays within `tolerance` of every point
    /// between, in place and in radius (the radius read at the point's position along the chord).
    private static func isStraight(_ points: [Knot], from i: Int, to j: Int) -> Bool {
        let a = points[i], b = points[j]
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return false }
        let tolerance2 = tolerance * tolerance * length2
        for m in (i + 1)..<j {
            let p = points[m]
            let ex = p.x - a.x, ey = p.y - a.y
            let cross = ex * dy - ey * dx
            let along = (ex * dx + ey * dy) / length2
            guard cross * cross <= tolerance2, along >= 0, along <= 1,
                abs(a.r + (b.r - a.r) * along - p.r) <= tolerance
            else { return false }
        }
        return true
    }
}
