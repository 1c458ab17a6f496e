import Glibc
import SignetCore

/// The filled outline of a variable-width stroke, seamless at any scale.
///
/// The ink is the union of the discs whose centre follows the smoothed centre line and whose
/// diameter follows the width (linear along each segment). Each segment is cut into chords short
/// enough to follow the curve (`pieces`); the discs swept along one chord, their radius changing
/// linearly, cover exactly the convex hull of the two end discs — two tangent lines and two arcs.
/// Each hull contains both its end discs, so consecutive hulls overlap on a whole disc: the join
/// is round and nothing can crack. A hull therefore only needs its far arc (its near arc lies in
/// the previous hull's end disc); the first hull of a stroke keeps both, which makes the round
/// start cap, and the last hull's far arc is the round end cap. Every piece is convex and wound
/// the same way, so one nonzero fill paints the union: no seams, no double-painted overlaps.
///
/// Its twin is `paintSegments` in Capture/signet-ink.js, which builds the same chords, hulls and
/// arcs on the browser pad's canvas: keep the two in step (the capture browser tests compare them).
enum VariableWidthOutline {
    /// How far a chord may stray from the curve, as a fraction of the ink width there.
    static let flatness = 0.01
    /// The most a chord may turn from the previous one, in radians (about 4.6°), so the inner
    /// side of a tight bend, where hulls meet at a corner, stays smooth when magnified.
    static let maxTurn = 0.08
    /// Most chords per segment.
    static let maxPieces = 64

    /// Chords for segment `s`: enough that each stays within `flatness` × width of the curve
    /// and turns at most `maxTurn`.
    static func pieces(_ s: QuadSegment) -> Int {
        let bend = s.start - s.control * 2 + s.end
        // A quadratic strays at most |P0 − 2Q + P2| / 4 from its chord; k chords stray a k²-th of that.
        let sag = bend.x.hypot(bend.y) / 4
        let width = max(min(s.startWidth, s.endWidth), 1e-9)
        let bySag = (sag / (flatness * width)).squareRoot()
        let byTurn = turn(s) / maxTurn
        return min(max(Int(max(bySag, byTurn).rounded(.up)), 1), maxPieces)
    }

    /// How far the tangent turns along `s`, in radians (0 for a straight segment).
    private static func turn(_ s: QuadSegment) -> Double {
        let a = s.control - s.start, b = s.end - s.control
        guard a.x != 0 || a.y != 0, b.x != 0 || b.y != 0 else { return 0 }
        return abs(atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
    }

    static func path(_ segments: [QuadSegment]) -> Path {
        var elements: [PathElement] = []
        let first = segments[0]
        var a = first.start, ra = first.startWidth / 2
        elements += Path.circle(center: a, radius: ra).elements
        for s in segments {
            let k = pieces(s)
            for j in 1...k {
                let t = Double(j) / Double(k)
                let b = j == k ? s.end : s.point(at: t)
                let rb = (s.startWidth + (s.endWidth - s.startWidth) * t) / 2
                hull(from: a, ra, to: b, rb, into: &elements)
                (a, ra) = (b, rb)
            }
        }
        return Path(elements)
    }

    /// The convex hull of the discs (a, ra) and (b, rb) without the arc around `a`, which the
    /// disc at `a` already covers; a whole disc when one disc holds the other.
    private static func hull(from a: Point, _ ra: Double, to b: Point, _ rb: Double, into out: inout [PathElement]) {
        let d = a.distance(to: b)
        guard d > abs(ra - rb) else {
            // One disc holds the other: the hull is the larger one, already drawn when it is `a`'s.
            if rb > ra { out += Path.circle(center: b, radius: rb).elements }
            return
        }
        // Both tangent lines make the angle φ with the chord: sin φ = (ra − rb) / d.
        let direction = atan2(b.y - a.y, b.x - a.x)
        let half = Double.pi / 2 - asin((ra - rb) / d)
        let right = direction - half, left = direction + half
        out.append(.move(to: point(a, ra, right)))
        out.append(.line(to: point(b, rb, right)))
        arc(center: b, radius: rb, from: right, to: left, into: &out)
        out.append(.line(to: point(a, ra, left)))
        out.append(.close)
    }

    private static func point(_ c: Point, _ r: Double, _ angle: Double) -> Point {
        Point(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
    }

    /// An arc of increasing angle from the current point (at `from`) to `to`, as cubics of at most 90°.
    private static func arc(center c: Point, radius r: Double, from: Double, to: Double, into out: inout [PathElement])
    {
        let count = max(Int(((to - from) / (Double.pi / 2)).rounded(.up)), 1)
        let step = (to - from) / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        var angle = from
        for _ in 0..<count {
            let next = angle + step
            let (p0, p1) = (point(c, r, angle), point(c, r, next))
            out.append(
                .cubic(
                    control1: Point(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle)),
                    control2: Point(x: p1.x + k * sin(next), y: p1.y - k * cos(next)), to: p1))
            angle = next
        }
    }
}
