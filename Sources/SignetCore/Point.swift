/// A position in a 2-D coordinate space (capture units, pixels or PDF points, as the context says).
public struct Point: Sendable, Hashable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// The point at `x`, `y`.
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    package static let zero = Point(x: 0, y: 0)

    /// The point halfway between `self` and `other`.
    /// - Parameter other: The other end.
    package func midpoint(_ other: Point) -> Point {
        Point(x: (x + other.x) / 2, y: (y + other.y) / 2)
    }

    /// Euclidean distance to `other`.
    /// - Parameter other: The other point.
    package func distance(to other: Point) -> Double {
        (other.x - x).hypot(other.y - y)
    }

    /// Whether both coordinates are finite (neither NaN nor infinite).
    package var isFinite: Bool { x.isFinite && y.isFinite }

    /// The sum of two points taken as vectors.
    /// - Parameters:
    ///   - a: The first vector.
    ///   - b: The vector added.
    package static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points taken as vectors.
    /// - Parameters:
    ///   - a: The first vector.
    ///   - b: The vector subtracted.
    package static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// A point taken as a vector, scaled by `s`.
    /// - Parameters:
    ///   - a: The vector.
    ///   - s: The factor.
    package static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
}

extension Double {
    /// `sqrt(self² + other²)` without Foundation.
    @inlinable
    package func hypot(_ other: Double) -> Double { (self * self + other * other).squareRoot() }
}
