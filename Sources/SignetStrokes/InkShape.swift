import SignetCore

/// A piece of ink ready for any renderer (cairo, SVG, PDF content streams, Signet's own
/// rasteriser). A stroke is its `spine`: the union of discs swept along the smoothed centre line,
/// whose `path` is that line stroked with round caps and joins (fixed width) or the filled
/// disc-hull outline (variable width, and a dot). Other ink (test shapes) is only a path.
package struct InkShape: Sendable, Hashable {
    package enum Paint: Sendable, Hashable {
        case stroke(width: Double)
        case fill
    }

    package var paint: Paint
    package var color: Color
    /// The smoothed centre line with the ink width at each end (one degenerate segment for a
    /// dot); empty for ink that is only a path.
    package var spine: [QuadSegment]
    /// The path of ink that has no spine.
    private var explicitPath: Path?

    /// A stroke: stroked along `spine` at `paint`'s width, or filled as its disc-hull outline.
    package init(spine: [QuadSegment], paint: Paint, color: Color) {
        self.spine = spine
        self.paint = paint
        self.color = color
    }

    /// Ink given only as a path.
    package init(path: Path, paint: Paint, color: Color) {
        self.explicitPath = path
        self.paint = paint
        self.color = color
        self.spine = []
    }

    /// The path to stroke or fill (made on demand: the bitmap renderer draws from the spine).
    package var path: Path {
        if let explicitPath { return explicitPath }
        switch paint {
        case .stroke: return Ink.centerLine(spine)
        case .fill: return VariableWidthOutline.path(spine)
        }
    }
}
