import SignetCore

/// One piece of a smoothed center line: a quadratic Bézier with the ink width at each end.
public struct QuadSegment: Sendable, Hashable {
    public var start: Point
    public var control: Point
    public var end: Point
    public var startWidth: Double
    public var endWidth: Double

    public init(start: Point, control: Point, end: Point, startWidth: Double, endWidth: Double) {
        (self.start, self.control, self.end) = (start, control, end)
        (self.startWidth, self.endWidth) = (startWidth, endWidth)
    }

    public func point(at t: Double) -> Point { Bezier.quadPoint(start, control, end, t) }

    public func derivative(at t: Double) -> Point { Bezier.quadDerivative(start, control, end, t) }

    /// The bounds of the ink this segment leaves: the curve's tight bounds grown by half the
    /// wider end. Exact for a fixed width (round caps and joins); an upper bound otherwise,
    /// because the width varies linearly between the ends.
    public var inkBounds: Rect {
        Bezier.quadBounds(start, control, end).outsetBy(max(startWidth, endWidth) / 2)
    }
}
