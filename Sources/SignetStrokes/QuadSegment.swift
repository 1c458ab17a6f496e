import SignetCore

/// One piece of a smoothed center line: a quadratic Bézier with the ink width at each end.
package struct QuadSegment: Sendable, Hashable {
    package var start: Point
    package var control: Point
    package var end: Point
    package var startWidth: Double
    package var endWidth: Double

    package init(start: Point, control: Point, end: Point, startWidth: Double, endWidth: Double) {
        (self.start, self.control, self.end) = (start, control, end)
        (self.startWidth, self.endWidth) = (startWidth, endWidth)
    }

    package func point(at t: Double) -> Point { Bezier.quadPoint(start, control, end, t) }

    package func derivative(at t: Double) -> Point { Bezier.quadDerivative(start, control, end, t) }

    /// The bounds of the ink this segment leaves: the curve's tight bounds grown by half the
    /// wider end. Exact for a fixed width (round caps and joins); an upper bound otherwise,
    /// because the width varies linearly between the ends.
    package var inkBounds: Rect {
        Bezier.quadBounds(start, control, end).outsetBy(max(startWidth, endWidth) / 2)
    }
}
