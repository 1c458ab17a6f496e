import SignetCore

/// A piece of ink ready for any renderer (cairo, SVG, PDF content streams): a path painted by
/// stroking with round caps and joins, or by filling with the nonzero rule.
package struct InkShape: Sendable, Hashable {
    package enum Paint: Sendable, Hashable {
        case stroke(width: Double)
        case fill
    }

    package var path: Path
    package var paint: Paint
    package var color: Color

    package init(path: Path, paint: Paint, color: Color) {
        self.path = path
        self.paint = paint
        self.color = color
    }
}
