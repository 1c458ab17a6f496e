import SignetCore

/// A piece of ink ready for any renderer (cairo, SVG, PDF content streams): a path painted by
/// stroking with round caps and joins, or by filling with the nonzero rule.
public struct InkShape: Sendable, Hashable {
    public enum Paint: Sendable, Hashable {
        case stroke(width: Double)
        case fill
    }

    public var path: Path
    public var paint: Paint
    public var color: Color

    public init(path: Path, paint: Paint, color: Color) {
        self.path = path
        self.paint = paint
        self.color = color
    }
}
