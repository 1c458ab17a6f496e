/// An affine transform in PDF/cairo order: `x' = a·x + c·y + e`, `y' = b·x + d·y + f`.
///
/// Composition follows PDF's `cm` convention: `t.concatenating(u)` applies `t` first, then `u`.
package struct Transform: Sendable, Hashable, Codable {
    /// The matrix `[a b c d e f]` as PDF and cairo write it: x' = a·x + c·y + e, y' = b·x + d·y + f.
    package var a, b, c, d, e, f: Double

    /// The affine transform `[a b c d e f]`.
    /// - Parameters:
    ///   - a: The x scale (and rotation) term.
    ///   - b: The rotation (and shear) term applied to x for y'.
    ///   - c: The rotation (and shear) term applied to y for x'.
    ///   - d: The y scale (and rotation) term.
    ///   - e: The horizontal translation.
    ///   - f: The vertical translation.
    package init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// The transform that changes nothing.
    package static let identity = Transform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// Moves by `tx`, `ty`.
    /// - Parameters:
    ///   - tx: The horizontal move.
    ///   - ty: The vertical move.
    package static func translation(_ tx: Double, _ ty: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
    }

    /// Scales by `sx` horizontally and `sy` vertically.
    /// - Parameters:
    ///   - sx: The horizontal factor.
    ///   - sy: The vertical factor.
    package static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
    }

    /// Counter-clockwise rotation by a multiple of 90° (exact, no floating-point residue).
    /// - Parameter n: The number of quarter turns, any integer (negative turns clockwise).
    package static func rotation(quarterTurns n: Int) -> Transform {
        switch ((n % 4) + 4) % 4 {
        case 1: return Transform(a: 0, b: 1, c: -1, d: 0, e: 0, f: 0)
        case 2: return Transform(a: -1, b: 0, c: 0, d: -1, e: 0, f: 0)
        case 3: return Transform(a: 0, b: -1, c: 1, d: 0, e: 0, f: 0)
        default: return .identity
        }
    }

    /// `self` applied first, then `next`.
    /// - Parameter next: The transform applied after this one.
    package func concatenating(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            e: e * next.a + f * next.c + next.e, f: e * next.b + f * next.d + next.f)
    }

    /// The point `p` transformed.
    /// - Parameter p: The point.
    package func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f)
    }

    /// The axis-aligned bounds of `r` after the transform.
    /// - Parameter r: The rectangle.
    package func apply(_ r: Rect) -> Rect {
        let corners = [
            apply(Point(x: r.minX, y: r.minY)), apply(Point(x: r.maxX, y: r.minY)),
            apply(Point(x: r.minX, y: r.maxY)), apply(Point(x: r.maxX, y: r.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(corners: Point(x: xs.min()!, y: ys.min()!), Point(x: xs.max()!, y: ys.max()!))
    }

    /// The determinant of the linear part (zero when the transform cannot be inverted).
    package var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is singular.
    package var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, e: -(e * ia + f * ic), f: -(e * ib + f * id))
    }

    /// The six numbers in PDF order, as written before `cm`.
    package var components: [Double] { [a, b, c, d, e, f] }
}
