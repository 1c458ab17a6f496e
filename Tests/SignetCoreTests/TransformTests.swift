import SignetCore
import Testing

/// Affine transforms in PDF order (`[a b c d e f]`, `t.concatenating(u)` applies `t` first).
@Suite("Transforms")
struct TransformTests {
    /// Quarter turns are exact for any integer, negative and beyond a full turn.
    @Test(
        "quarter turns move (1, 0) counter-clockwise",
        arguments: [
            (0, Point(x: 1, y: 0)), (1, Point(x: 0, y: 1)), (2, Point(x: -1, y: 0)), (3, Point(x: 0, y: -1)),
            (4, Point(x: 1, y: 0)), (5, Point(x: 0, y: 1)), (-1, Point(x: 0, y: -1)), (-6, Point(x: -1, y: 0)),
        ])
    func quarterTurns(_ n: Int, expected: Point) {
        let turned = Transform.rotation(quarterTurns: n).apply(Point(x: 1, y: 0))
        #expect(turned == expected, "(1, 0) turned \(n) quarter turns: \(turned)")
    }

    @Test("concatenating applies the receiver first")
    func order() {
        let move = Transform.translation(10, 0), double = Transform.scale(2, 2)
        let p = Point(x: 1, y: 1)
        let moveThenDouble = move.concatenating(double).apply(p)
        let doubleThenMove = double.concatenating(move).apply(p)
        #expect(moveThenDouble == Point(x: 22, y: 2), "move then double: \(moveThenDouble)")
        #expect(doubleThenMove == Point(x: 12, y: 2), "double then move: \(doubleThenMove)")
        #expect(move.concatenating(.identity) == move, "the identity changes nothing")
    }

    @Test("a rectangle's bounds after a quarter turn and a move")
    func rectBounds() {
        let t = Transform.rotation(quarterTurns: 1).concatenating(.translation(100, 0))
        let r = t.apply(Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(r == Rect(x: 90, y: 0, width: 10, height: 20), "bounds: \(r)")
    }

    @Test("the inverse undoes the transform; a singular one has none")
    func inverse() throws {
        let t = Transform(a: 2, b: 1, c: -1, d: 3, e: 5, f: -7)
        #expect(t.determinant == 7, "determinant of \(t.components)")
        let inverse = try #require(t.inverted, "inverse of \(t.components)")
        let p = Point(x: 3, y: -4)
        let back = inverse.apply(t.apply(p))
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12, "\(p) there and back: \(back)")
        #expect(Transform.scale(0, 1).inverted == nil, "a transform squashing x to nothing")
        #expect(Transform(a: 1, b: 2, c: 2, d: 4, e: 0, f: 0).inverted == nil, "parallel columns")
        #expect(Transform.scale(.infinity, 1).inverted == nil, "an infinite scale")
    }

    @Test("the components are in PDF order")
    func components() {
        let t = Transform(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6)
        #expect(t.components == [1, 2, 3, 4, 5, 6], "components: \(t.components)")
    }
}
