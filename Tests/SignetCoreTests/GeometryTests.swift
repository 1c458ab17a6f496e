import SignetCore
import Testing

/// Points, sizes and rectangles: the arithmetic every stage places ink and stamps with.
@Suite("Geometry: points, sizes, rectangles")
struct GeometryTests {
    @Test("a point's midpoint, distance and vector arithmetic")
    func points() {
        let a = Point(x: 1, y: 2), b = Point(x: 4, y: 6)
        #expect(a.midpoint(b) == Point(x: 2.5, y: 4), "midpoint of \(a) and \(b)")
        #expect(a.distance(to: b) == 5, "distance from \(a) to \(b)")
        #expect(a + b == Point(x: 5, y: 8), "\(a) + \(b)")
        #expect(b - a == Point(x: 3, y: 4), "\(b) - \(a)")
        #expect(a * -2 == Point(x: -2, y: -4), "\(a) * -2")
    }

    @Test(
        "a point is finite only when both coordinates are",
        arguments: [
            (1.0, 2.0, true), (.nan, 0, false), (0, .infinity, false), (-.infinity, 1, false),
            (-1e308, 1e308, true),
        ])
    func finite(x: Double, y: Double, expected: Bool) {
        #expect(Point(x: x, y: y).isFinite == expected, "isFinite of (\(x), \(y))")
    }

    @Test("a size turned by 90° swaps its sides; its area is their product")
    func sizes() {
        let page = Size.letter
        #expect(page.transposed == Size(width: 792, height: 612), "Letter transposed: \(page.transposed)")
        #expect(page.area == 612 * 792, "Letter's area: \(page.area)")
        #expect(Size.zero.area == 0, "the zero size's area")
    }

    @Test("a rectangle from two corners in any order is the same rectangle")
    func corners() {
        let expected = Rect(x: 1, y: 2, width: 3, height: 4)
        let pairs = [
            (Point(x: 1, y: 2), Point(x: 4, y: 6)), (Point(x: 4, y: 6), Point(x: 1, y: 2)),
            (Point(x: 1, y: 6), Point(x: 4, y: 2)), (Point(x: 4, y: 2), Point(x: 1, y: 6)),
        ]
        for (a, b) in pairs {
            #expect(Rect(corners: a, b) == expected, "corners \(a), \(b)")
        }
        #expect(expected.maxX == 4 && expected.maxY == 6, "far corner of \(expected)")
    }

    /// Rectangles that share only an edge or a corner do not overlap (a stamp flush against another).
    @Test(
        "the overlap of two rectangles",
        arguments: [
            ("inside", Rect(x: 2, y: 2, width: 2, height: 2), Rect(x: 2, y: 2, width: 2, height: 2)),
            ("crossing", Rect(x: 5, y: 5, width: 10, height: 10), Rect(x: 5, y: 5, width: 5, height: 5)),
            ("sharing an edge", Rect(x: 10, y: 0, width: 5, height: 5), nil),
            ("sharing a corner", Rect(x: 10, y: 10, width: 5, height: 5), nil),
            ("apart", Rect(x: 20, y: 20, width: 1, height: 1), nil),
            ("empty", Rect(x: 5, y: 5, width: 0, height: 3), nil),
        ] as [(String, Rect, Rect?)])
    func intersection(_ name: String, other: Rect, expected: Rect?) {
        let base = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(base.intersection(other) == expected, "\(name): \(base) ∩ \(other)")
        #expect(other.intersection(base) == expected, "\(name): \(other) ∩ \(base)")
    }

    @Test("union, inset and outset")
    func unionAndInsets() {
        let a = Rect(x: 0, y: 0, width: 2, height: 2), b = Rect(x: 5, y: -1, width: 1, height: 1)
        #expect(a.union(b) == Rect(x: 0, y: -1, width: 6, height: 3), "union of \(a) and \(b)")
        #expect(a.insetBy(0.5) == Rect(x: 0.5, y: 0.5, width: 1, height: 1), "\(a) inset by 0.5")
        #expect(a.outsetBy(1) == Rect(x: -1, y: -1, width: 4, height: 4), "\(a) outset by 1")
        #expect(a.insetBy(1).isEmpty, "\(a) inset to nothing is empty")
    }

    @Test(
        "whether a rectangle is empty",
        arguments: [
            (Rect(x: 0, y: 0, width: 1, height: 1), false), (Rect.zero, true),
            (Rect(x: 0, y: 0, width: -1, height: 5), true), (Rect(x: 0, y: 0, width: .nan, height: 5), true),
        ])
    func empty(_ rect: Rect, expected: Bool) {
        #expect(rect.isEmpty == expected, "isEmpty of \(rect)")
    }

    @Test("a point on the edge is contained; a rectangle sticking out needs the tolerance")
    func containment() {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(box.contains(Point(x: 10, y: 0)), "corner (10, 0) of \(box)")
        #expect(!box.contains(Point(x: 10.001, y: 5)), "(10.001, 5) outside \(box)")
        let over = Rect(x: -0.5, y: 0, width: 10.5, height: 10)
        #expect(!box.contains(over), "\(over) sticks out of \(box)")
        #expect(box.contains(over, tolerance: 0.5), "\(over) within 0.5 of \(box)")
        #expect(!box.contains(over, tolerance: 0.4), "\(over) not within 0.4 of \(box)")
    }
}
