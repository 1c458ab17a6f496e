/// An axis-aligned rectangle: `origin` is the corner with the smallest coordinates.
public struct Rect: Sendable, Hashable, Codable {
    /// The corner with the smallest coordinates.
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// The rectangle at `origin` of `size`.
    /// - Parameters:
    ///   - origin: The corner with the smallest coordinates.
    ///   - size: Width and height.
    package init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle at `x`, `y` of `width` by `height`.
    /// - Parameters:
    ///   - x: The smallest x.
    ///   - y: The smallest y.
    ///   - width: The width.
    ///   - height: The height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle spanned by two opposite corners, in any order (how PDF writes boxes).
    /// - Parameters:
    ///   - a: One corner.
    ///   - b: The opposite corner.
    package init(corners a: Point, _ b: Point) {
        self.init(
            x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y),
            width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The empty rectangle at the origin.
    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x.
    package var minX: Double { origin.x }
    /// The smallest y.
    package var minY: Double { origin.y }
    /// The largest x.
    package var maxX: Double { origin.x + size.width }
    /// The largest y.
    package var maxY: Double { origin.y + size.height }
    /// The width.
    package var width: Double { size.width }
    /// The height.
    package var height: Double { size.height }
    /// Whether the rectangle has no area (or a NaN side).
    package var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    /// - Parameter other: The other rectangle.
    package func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    /// - Parameter other: The other rectangle.
    package func union(_ other: Rect) -> Rect {
        Rect(
            corners: Point(x: Swift.min(minX, other.minX), y: Swift.min(minY, other.minY)),
            Point(x: Swift.max(maxX, other.maxX), y: Swift.max(maxY, other.maxY)))
    }

    /// Grown by `d` on every side (shrunk when `d` is negative).
    /// - Parameter d: The distance added on every side.
    package func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The rectangle grown by `d` on every side.
    /// - Parameter d: The distance added on every side.
    package func outsetBy(_ d: Double) -> Rect { insetBy(-d) }

    /// Whether `p` lies inside or on the edge.
    /// - Parameter p: The point.
    package func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// True when `other` lies inside `self`, allowing `tolerance` on every side.
    /// - Parameters:
    ///   - other: The rectangle that should lie inside.
    ///   - tolerance: How far `other` may stick out on each side.
    package func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }
}
