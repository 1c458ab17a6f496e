/// An axis-aligned rectangle: `origin` is the corner with the smallest coordinates.
public struct Rect: Sendable, Hashable, Codable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle spanned by two opposite corners, in any order (how PDF writes boxes).
    public init(corners a: Point, _ b: Point) {
        self.init(
            x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y),
            width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        Rect(corners: Point(x: Swift.min(minX, other.minX), y: Swift.min(minY, other.minY)),
             Point(x: Swift.max(maxX, other.maxX), y: Swift.max(maxY, other.maxY)))
    }

    /// Grown by `d` on every side (shrunk when `d` is negative).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }

    public func outsetBy(_ d: Double) -> Rect { insetBy(-d) }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// True when `other` lies inside `self`, allowing `tolerance` on every side.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }
}
