import SignetCore
import SignetPDF
import Testing

@Suite("Page geometry: boxes, /Rotate and /UserUnit as readers apply them")
struct PageGeometryTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var raw: PageAttributes
        var crop: Rect
        var rotation: Int
        var displayed: Size
        var notes: Int = 0
        var testDescription: String { label }
    }

    static let letter: [Double] = [0, 0, 612, 792]

    static let rows: [Row] = [
        Row(
            label: "plain Letter", raw: PageAttributes(mediaBox: letter),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792)),
        Row(
            label: "no MediaBox → Letter", raw: PageAttributes(), crop: Rect(x: 0, y: 0, width: 612, height: 792),
            rotation: 0, displayed: Size(width: 612, height: 792), notes: 1),
        Row(
            label: "unusable MediaBox → Letter", raw: PageAttributes(mediaBox: [0, 0, 0, 0]),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792),
            notes: 1),
        Row(
            label: "MediaBox corners reversed", raw: PageAttributes(mediaBox: [612, 792, 0, 0]),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792)),
        Row(
            label: "CropBox inside", raw: PageAttributes(mediaBox: letter, cropBox: [10, 20, 582, 752]),
            crop: Rect(x: 10, y: 20, width: 572, height: 732), rotation: 0, displayed: Size(width: 572, height: 732)),
        Row(
            label: "CropBox overflowing → clipped",
            raw: PageAttributes(mediaBox: letter, cropBox: [100, -50, 700, 600]),
            crop: Rect(x: 100, y: 0, width: 512, height: 600), rotation: 0, displayed: Size(width: 512, height: 600),
            notes: 1),
        Row(
            label: "CropBox outside → MediaBox", raw: PageAttributes(mediaBox: letter, cropBox: [700, 800, 900, 1000]),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792),
            notes: 1),
        Row(
            label: "Rotate 90", raw: PageAttributes(mediaBox: letter, rotate: 90),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 90, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate 180", raw: PageAttributes(mediaBox: letter, rotate: 180),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 180, displayed: Size(width: 612, height: 792)),
        Row(
            label: "Rotate 270", raw: PageAttributes(mediaBox: letter, rotate: 270),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 270, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate -90 is 270", raw: PageAttributes(mediaBox: letter, rotate: -90),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 270, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate 360 is 0", raw: PageAttributes(mediaBox: letter, rotate: 360),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792)),
        Row(
            label: "Rotate 450 is 90", raw: PageAttributes(mediaBox: letter, rotate: 450),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 90, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate 990 is 270", raw: PageAttributes(mediaBox: letter, rotate: 990),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 270, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate -630 is 90", raw: PageAttributes(mediaBox: letter, rotate: -630),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 90, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate 90.0 (a real) is 90", raw: PageAttributes(mediaBox: letter, rotate: 90.0),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 90, displayed: Size(width: 792, height: 612)),
        Row(
            label: "Rotate 45 → 0, noted", raw: PageAttributes(mediaBox: letter, rotate: 45),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792),
            notes: 1),
        Row(
            label: "Rotate 90.5 → 0, noted", raw: PageAttributes(mediaBox: letter, rotate: 90.5),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792),
            notes: 1),
        Row(
            label: "UserUnit 2", raw: PageAttributes(mediaBox: [0, 0, 300, 400], userUnit: 2),
            crop: Rect(x: 0, y: 0, width: 300, height: 400), rotation: 0, displayed: Size(width: 600, height: 800)),
        Row(
            label: "UserUnit 0 → 1, noted", raw: PageAttributes(mediaBox: letter, userUnit: 0),
            crop: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792),
            notes: 1),
        Row(
            label: "UserUnit 2, CropBox, Rotate 90",
            raw: PageAttributes(mediaBox: [0, 0, 306, 396], cropBox: [20, 30, 250, 330], rotate: 90, userUnit: 2),
            crop: Rect(x: 20, y: 30, width: 230, height: 300), rotation: 90, displayed: Size(width: 600, height: 460)),
        Row(
            label: "negative origin", raw: PageAttributes(mediaBox: [-200, -300, 412, 492]),
            crop: Rect(x: -200, y: -300, width: 612, height: 792), rotation: 0, displayed: Size(width: 612, height: 792)
        ),
    ]

    @Test("effective boxes, rotation and displayed size", arguments: rows)
    func geometry(_ row: Row) {
        let g = PageGeometry(row.raw)
        #expect(g.cropBox == row.crop)
        #expect(g.rotation == row.rotation)
        #expect(abs(g.displayedSize.width - row.displayed.width) < 1e-9)
        #expect(abs(g.displayedSize.height - row.displayed.height) < 1e-9)
        #expect(g.notes.count == row.notes, "\(g.notes)")
    }

    /// Where the displayed page's corners land in user space, per rotation: the displayed
    /// top-left is the CropBox corner that a clockwise turn by /Rotate brings to the top-left.
    @Test("displayed corners map to the expected CropBox corners", arguments: [0, 90, 180, 270])
    func corners(_ rotation: Int) {
        let crop: [Double] = [10, 20, 110, 220]  // 100 × 200
        let g = PageGeometry(PageAttributes(mediaBox: [0, 0, 612, 792], cropBox: crop, rotate: Double(rotation)))
        let t = g.displayToUser
        let s = g.displayedSize
        let topLeft = t.apply(Point(x: 0, y: 0)), topRight = t.apply(Point(x: s.width, y: 0))
        let bottomLeft = t.apply(Point(x: 0, y: s.height))
        let expected: (Point, Point, Point)
        switch rotation {
        case 90: expected = (Point(x: 10, y: 20), Point(x: 10, y: 220), Point(x: 110, y: 20))
        case 180: expected = (Point(x: 110, y: 20), Point(x: 10, y: 20), Point(x: 110, y: 220))
        case 270: expected = (Point(x: 110, y: 220), Point(x: 110, y: 20), Point(x: 10, y: 220))
        default: expected = (Point(x: 10, y: 220), Point(x: 110, y: 220), Point(x: 10, y: 20))
        }
        #expect(topLeft == expected.0)
        #expect(topRight == expected.1)
        #expect(bottomLeft == expected.2)
    }

    @Test("UserUnit divides displayed points into user units")
    func userUnitScale() {
        let g = PageGeometry(PageAttributes(mediaBox: [0, 0, 300, 400], userUnit: 2))
        #expect(g.displayToUser.apply(Point(x: 72, y: 0)) == Point(x: 36, y: 400))
    }
}
