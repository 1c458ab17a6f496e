import SignetCore
import SignetPDF
import Testing

@Suite("Stamp placement in the displayed page")
struct StampPlacementTests {
    static let letter = PageGeometry(PageAttributes(mediaBox: [0, 0, 612, 792]))
    static let landscape = PageGeometry(PageAttributes(mediaBox: [0, 0, 612, 792], rotate: 90))

    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var placement: StampPlacement
        var page: PageGeometry = StampPlacementTests.letter
        var aspect = 3.0
        var rect: Rect
        var testDescription: String { label }
    }

    static let rows: [Row] = [
        Row(
            label: "default: 180 pt wide, 36 pt from the bottom-right", placement: StampPlacement(),
            rect: Rect(x: 612 - 36 - 180, y: 792 - 36 - 60, width: 180, height: 60)),
        Row(
            label: "at + width, top-left anchor", placement: StampPlacement(at: Point(x: 72, y: 100), width: 150),
            rect: Rect(x: 72, y: 100, width: 150, height: 50)),
        Row(
            label: "size stretches",
            placement: StampPlacement(at: Point(x: 10, y: 10), size: Size(width: 100, height: 100)),
            rect: Rect(x: 10, y: 10, width: 100, height: 100)),
        Row(
            label: "millimetres", placement: StampPlacement(at: Point(x: 25.4, y: 25.4), width: 50.8, units: .mm),
            rect: Rect(x: 72, y: 72, width: 144, height: 48)),
        Row(
            label: "inches", placement: StampPlacement(at: Point(x: 1, y: 2), width: 3, units: .inch),
            rect: Rect(x: 72, y: 144, width: 216, height: 72)),
        Row(
            label: "percent of the displayed page",
            placement: StampPlacement(at: Point(x: 50, y: 50), size: Size(width: 10, height: 5), units: .percent),
            rect: Rect(x: 306, y: 396, width: 61.2, height: 39.6)),
        Row(
            label: "percent uses the rotated size",
            placement: StampPlacement(at: Point(x: 50, y: 50), size: Size(width: 10, height: 5), units: .percent),
            page: StampPlacementTests.landscape, rect: Rect(x: 396, y: 306, width: 79.2, height: 30.6)),
        Row(
            label: "bottom-left origin, default anchor bottom-left",
            placement: StampPlacement(at: Point(x: 72, y: 72), width: 150, origin: .bottomLeft),
            rect: Rect(x: 72, y: 792 - 72 - 50, width: 150, height: 50)),
        Row(
            label: "anchor bottom-right",
            placement: StampPlacement(at: Point(x: 500, y: 700), width: 150, anchor: .bottomRight),
            rect: Rect(x: 350, y: 650, width: 150, height: 50)),
        Row(
            label: "anchor top-right",
            placement: StampPlacement(at: Point(x: 500, y: 100), width: 150, anchor: .topRight),
            rect: Rect(x: 350, y: 100, width: 150, height: 50)),
        Row(
            label: "anchor center", placement: StampPlacement(at: Point(x: 306, y: 396), width: 150, anchor: .center),
            rect: Rect(x: 231, y: 371, width: 150, height: 50)),
        Row(
            label: "UserUnit does not change displayed points",
            placement: StampPlacement(at: Point(x: 72, y: 72), width: 150),
            page: PageGeometry(PageAttributes(mediaBox: [0, 0, 300, 400], userUnit: 2)),
            rect: Rect(x: 72, y: 72, width: 150, height: 50)),
    ]

    @Test("rectangles", arguments: rows)
    func rect(_ row: Row) throws {
        let r = try row.placement.rect(on: row.page, aspect: row.aspect)
        for (a, b) in zip(
            [r.minX, r.minY, r.width, r.height], [row.rect.minX, row.rect.minY, row.rect.width, row.rect.height])
        {
            #expect(abs(a - b) < 1e-9, "\(r) vs \(row.rect)")
        }
    }

    @Test("a stamp larger than the page is refused")
    func tooLarge() {
        #expect(throws: StampPlacement.Problem.self) {
            try StampPlacement(at: .zero, width: 700).rect(on: Self.letter, aspect: 3)
        }
        let error = try? #require(throws: StampPlacement.Problem.self) {
            try StampPlacement(at: .zero, width: 700).rect(on: Self.letter, aspect: 3)
        }
        #expect(error?.detail.contains("larger than the page") == true)
    }

    @Test("a stamp reaching outside the page is refused")
    func outside() {
        let error = try? #require(throws: StampPlacement.Problem.self) {
            try StampPlacement(at: Point(x: 500, y: 10), width: 150).rect(on: Self.letter, aspect: 3)
        }
        #expect(error?.detail.contains("reaches outside") == true)
    }

    @Test("zero or non-finite sizes are refused")
    func degenerate() {
        #expect(throws: StampPlacement.Problem.self) {
            try StampPlacement(at: .zero, width: 100).rect(on: Self.letter, aspect: 0)
        }
        #expect(throws: StampPlacement.Problem.self) {
            try StampPlacement(at: .zero, size: Size(width: 0, height: 5)).rect(on: Self.letter, aspect: 3)
        }
    }
}

/// `StampPlacement.freeArea`: where the search starts (the spot a blank page gives, per corner),
/// and that a job which renders nothing refuses it instead of guessing.
@Suite("Stamp placement: the free-area placement's starting spot")
struct FreeAreaPlacementTests {
    @Test(
        "the blank-page spot: the anchor's corner, 36 pt in; bottom-right by default; the centre on the centre",
        arguments: [
            (StampPlacement.Anchor?.none, Point(x: 612 - 36 - 180, y: 792 - 36 - 60)),
            (.topLeft, Point(x: 36, y: 36)), (.topRight, Point(x: 612 - 36 - 180, y: 36)),
            (.bottomLeft, Point(x: 36, y: 792 - 36 - 60)), (.center, Point(x: 306 - 90, y: 396 - 30)),
        ])
    func blankPageSpot(anchor: StampPlacement.Anchor?, origin: Point) {
        let placement = StampPlacement(anchor: anchor, freeArea: true)
        let rect = placement.blankPageRect(Size(width: 180, height: 60), on: StampPlacementTests.letter)
        #expect(
            rect == Rect(origin: origin, size: Size(width: 180, height: 60)),
            "anchor \(String(describing: anchor)): \(rect)")
    }

    @Test("without a rendered page, a free-area placement is refused with the reason; its size is still checked")
    func refusedWithoutRender() {
        #expect(throws: StampPlacement.Problem.self) {
            try StampPlacement(freeArea: true).rect(on: StampPlacementTests.letter, aspect: 3)
        }
        do {
            _ = try StampPlacement(freeArea: true).rect(on: StampPlacementTests.letter, aspect: 3)
        } catch {
            #expect(error.detail.contains("free area needs the page rendered"), "\(error.detail)")
        }
        #expect(throws: StampPlacement.Problem.self) {
            try StampPlacement(size: Size(width: 700, height: 10), freeArea: true).boxSize(
                on: StampPlacementTests.letter, aspect: 3)
        }
    }
}
