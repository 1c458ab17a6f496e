import SignetCore

/// One element of a path made of quadratic Béziers (the smoother's output) and cubics (circles).
package enum PathElement: Sendable, Hashable {
    case move(to: Point)
    case line(to: Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    case close
}

/// A path: one or more subpaths, each starting with `.move`.
package struct Path: Sendable, Hashable {
    package var elements: [PathElement]

    package init(_ elements: [PathElement] = []) { self.elements = elements }

    /// The exact cubic equal to the quadratic `p0 → (q) → p2`: C1 = P0 + ⅔(Q−P0), C2 = P2 + ⅔(Q−P2).
    package static func cubic(from p0: Point, control q: Point, to p2: Point) -> (Point, Point) {
        (p0 + (q - p0) * (2.0 / 3.0), p2 + (q - p2) * (2.0 / 3.0))
    }

    /// A full circle as four cubic arcs, counter-clockwise in a y-up frame (the standard
    /// 0.5523 approximation; radial error under 0.03 %).
    package static func circle(center c: Point, radius r: Double) -> Path {
        let k = 0.5522847498307936 * r
        let e = Point(x: c.x + r, y: c.y), n = Point(x: c.x, y: c.y + r)
        let w = Point(x: c.x - r, y: c.y), s = Point(x: c.x, y: c.y - r)
        return Path([
            .move(to: e),
            .cubic(control1: Point(x: e.x, y: e.y + k), control2: Point(x: n.x + k, y: n.y), to: n),
            .cubic(control1: Point(x: n.x - k, y: n.y), control2: Point(x: w.x, y: w.y + k), to: w),
            .cubic(control1: Point(x: w.x, y: w.y - k), control2: Point(x: s.x - k, y: s.y), to: s),
            .cubic(control1: Point(x: s.x + k, y: s.y), control2: Point(x: e.x, y: e.y - k), to: e),
            .close,
        ])
    }

    /// The tight bounds of the geometry (curve extrema, not control points); `nil` when empty.
    package var bounds: Rect? {
        var box: Rect?
        var current = Point.zero
        var start = Point.zero
        func add(_ r: Rect) { box = box.map { $0.union(r) } ?? r }
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                start = p
                add(Rect(origin: p, size: .zero))
            case .line(let p):
                add(Rect(corners: current, p))
                current = p
            case .quad(let q, let p):
                add(Bezier.quadBounds(current, q, p))
                current = p
            case .cubic(let c1, let c2, let p):
                add(Bezier.cubicBounds(current, c1, c2, p))
                current = p
            case .close:
                current = start
            }
        }
        return box
    }
}
