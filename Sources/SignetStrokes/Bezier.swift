import SignetCore

/// Evaluation and exact bounds of quadratic and cubic Bézier segments.
package enum Bezier {
    package static func quadPoint(_ p0: Point, _ q: Point, _ p2: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u) + q * (2 * u * t) + p2 * (t * t)
    }

    /// The derivative B'(t) of a quadratic.
    package static func quadDerivative(_ p0: Point, _ q: Point, _ p2: Point, _ t: Double) -> Point {
        (q - p0) * (2 * (1 - t)) + (p2 - q) * (2 * t)
    }

    package static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// Tight bounds of a quadratic: the end points plus the extremum on each axis.
    package static func quadBounds(_ p0: Point, _ q: Point, _ p2: Point) -> Rect {
        var lo = Point(x: p2.x < p0.x ? p2.x : p0.x, y: p2.y < p0.y ? p2.y : p0.y)
        var hi = Point(x: p0.x < p2.x ? p2.x : p0.x, y: p0.y < p2.y ? p2.y : p0.y)
        if let t = quadExtremum(p0.x, q.x, p2.x) {
            let v = quadPoint(p0, q, p2, t).x
            if v < lo.x { lo.x = v }
            if hi.x < v { hi.x = v }
        }
        if let t = quadExtremum(p0.y, q.y, p2.y) {
            let v = quadPoint(p0, q, p2, t).y
            if v < lo.y { lo.y = v }
            if hi.y < v { hi.y = v }
        }
        return Rect(corners: lo, hi)
    }

    /// Where a quadratic with coordinates `a`, `b`, `c` turns on that axis, when inside (0, 1).
    private static func quadExtremum(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let denom = a - 2 * b + c
        guard denom != 0 else { return nil }
        let t = (a - b) / denom
        return t > 0 && t < 1 ? t : nil
    }

    /// Tight bounds of a cubic: the end points plus the roots of the derivative on each axis.
    package static func cubicBounds(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> Rect {
        var xs = [p0.x, p3.x], ys = [p0.y, p3.y]
        for isX in [true, false] {
            let (a0, a1, a2, a3) = isX ? (p0.x, c1.x, c2.x, p3.x) : (p0.y, c1.y, c2.y, p3.y)
            // B'(t)/3 = a·t² + b·t + c
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            var roots: [Double] = []
            if abs(a) < 1e-12 {
                if b != 0 { roots.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let s = disc.squareRoot()
                    roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
                }
            }
            for t in roots where t > 0 && t < 1 {
                let v = cubicPoint(p0, c1, c2, p3, t)
                if isX { xs.append(v.x) } else { ys.append(v.y) }
            }
        }
        return Rect(corners: Point(x: xs.min()!, y: ys.min()!), Point(x: xs.max()!, y: ys.max()!))
    }
}
