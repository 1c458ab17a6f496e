import SignetCore
import SignetStrokes

/// Ink as PDF path operators: quadratic pieces become their exact cubics (`c`), strokes are
/// drawn with round caps and joins (`1 J 1 j`), outlines are filled with the nonzero rule (`f`).
/// Semi-transparent ink gets an ExtGState per alpha value.
struct InkContent {
    /// The content stream, drawing the ink into `[0, w] × [0, h]` with y up.
    var bytes: [UInt8]
    /// The box the content draws into: the ink's bounds moved to the origin.
    var size: Size
    /// ExtGState resource names for the alphas used, e.g. `["/A0": 0.5]`.
    var alphaStates: [String: Double]

    init?(_ ink: Ink) {
        guard let bounds = ink.bounds, !bounds.isEmpty else { return nil }
        var c = ContentBuilder(decimals: 3)
        var states: [Double: String] = [:]
        c.raw("1 J 1 j")
        // Capture coordinates grow downwards; PDF's grow upwards.
        c.raw(ContentBuilder.matrix(Transform(a: 1, b: 0, c: 0, d: -1, e: -bounds.minX, f: bounds.maxY)))
        for shape in ink.shapes {
            let alpha = shape.color.alpha
            let scoped = alpha < 1
            if scoped {
                let name = states[alpha] ?? "/A\(states.count)"
                states[alpha] = name
                c.raw("q " + name + " gs")
            }
            Self.color(shape.color, stroking: shape.paint != .fill, into: &c)
            if case .stroke(let width) = shape.paint { c.line([width], "w") }
            Self.path(shape.path, into: &c)
            c.raw(shape.paint == .fill ? "f" : "S")
            if scoped { c.raw("Q") }
        }
        bytes = c.bytes
        size = bounds.size
        alphaStates = Dictionary(uniqueKeysWithValues: states.map { ($0.value, $0.key) })
    }

    private static func color(_ color: Color, stroking: Bool, into c: inout ContentBuilder) {
        if color.isGray {
            c.line([color.red], stroking ? "G" : "g")
        } else {
            c.line([color.red, color.green, color.blue], stroking ? "RG" : "rg")
        }
    }

    private static func path(_ path: Path, into c: inout ContentBuilder) {
        var current = Point.zero
        var start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                c.point(p, "m")
                (current, start) = (p, p)
            case .line(let p):
                c.point(p, "l")
                current = p
            case .quad(let q, let p):
                let (c1, c2) = Path.cubic(from: current, control: q, to: p)
                c.line([c1.x, c1.y, c2.x, c2.y, p.x, p.y], "c")
                current = p
            case .cubic(let c1, let c2, let p):
                c.line([c1.x, c1.y, c2.x, c2.y, p.x, p.y], "c")
                current = p
            case .close:
                c.raw("h")
                current = start
            }
        }
    }
}
