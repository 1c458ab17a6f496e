import SignetCore

/// A chart as plain shapes, drawn the same way as SVG text (`PlotSVG`) and as pixels through
/// cairo (`PlotPainter`): lines in page units (CSS pixels), y down.
package struct PlotScene: Sendable, Hashable {
    /// A horizontal text position's anchor.
    package enum Anchor: String, Sendable, Hashable { case start, middle, end }

    /// One shape.
    package enum Item: Sendable, Hashable {
        /// A line through `points`; `series` names the data it draws ("A x"), empty for axes.
        case line([Point], color: Color, width: Double, dashed: Bool, series: String)
        /// A rectangle's outline (a panel's frame).
        case frame(Rect, color: Color)
        /// One line of text whose baseline starts, centres or ends at `at`.
        case text(String, at: Point, size: Double, anchor: Anchor, color: Color)
    }

    /// The page size.
    package var width: Double
    package var height: Double
    /// The shapes, painted in order.
    package var items: [Item]
}
