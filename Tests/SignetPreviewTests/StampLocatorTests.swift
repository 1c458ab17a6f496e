import Foundation
import SignetCore
import SignetTestSupport
import Testing

/// The locator measured against reference stamps drawn at known displayed rectangles.
@Suite("Stamp locator")
struct StampLocatorTests {
    static let fixtures = TemporaryDirectory("locator")
    static let plain = fixtures.write("plain.pdf", bytes: GeometryFixture.document())
    static let marked = fixtures.write("marked.pdf", bytes: GeometryFixture.document(marker: .vector))
    static let imaged = fixtures.write("imaged.pdf", bytes: GeometryFixture.document(marker: .image))

    @Test(
        "finds every reference stamp within 0.5 pt, upright, on every fixture page",
        arguments: Array(GeometryFixture.pages.indices))
    func findsMarker(index: Int) throws {
        let spec = GeometryFixture.pages[index]
        let found = try #require(
            try StampLocator.locate(pdf: Self.marked, page: index + 1, userUnit: spec.userUnit ?? 1))
        #expect(
            found.deviation(from: spec.markerRect) <= 0.5,
            "page \(index + 1) (\(spec.label)): \(found) vs \(spec.markerRect)")
        #expect(found.orientation == .upright)
        #expect(
            abs(found.pageSize.width - spec.displayedSize.width) <= 0.5
                && abs(found.pageSize.height - spec.displayedSize.height) <= 0.5,
            "page \(index + 1): page \(found.pageSize)")
    }

    @Test(
        "finds every reference stamp drawn as an image (with /SMask) within 1 pt, upright",
        arguments: Array(GeometryFixture.pages.indices))
    func findsImageMarker(index: Int) throws {
        let spec = GeometryFixture.pages[index]
        let found = try #require(
            try StampLocator.locate(pdf: Self.imaged, page: index + 1, userUnit: spec.userUnit ?? 1))
        #expect(
            found.isUpright(at: spec.markerRect, tolerance: 1),
            "page \(index + 1) (\(spec.label)): \(found) vs \(spec.markerRect)")
    }

    @Test("finds nothing on the unmarked fixture")
    func findsNothing() throws {
        for page in [1, 3, 15, 20] {
            #expect(
                try StampLocator.locate(pdf: Self.plain, page: page, userUnit: GeometryFixture.page(page).userUnit ?? 1)
                    == nil)
        }
    }

    @Test("with a baseline render the same stamp is found the same way")
    func baselineMode() throws {
        for page in [2, 10, 20] {
            let unit = GeometryFixture.page(page).userUnit ?? 1
            let alone = try #require(try StampLocator.locate(pdf: Self.marked, page: page, userUnit: unit))
            let diffed = try #require(
                try StampLocator.locate(pdf: Self.marked, page: page, userUnit: unit, baseline: Self.plain))
            #expect(alone == diffed)
        }
    }

    @Test("tells all eight orientations apart", arguments: StampOrientation.allCases)
    func orientations(_ orientation: StampOrientation) throws {
        let (w, h) = (120, 40)
        let stamp = TestStamp.rgbaPixels(width: w, height: h)
        let turned = [.rotated90, .rotated270, .transposed, .antiTransposed].contains(orientation)
        let (tw, th) = turned ? (h, w) : (w, h)
        var canvas = PPMImage(width: 300, height: 300, rgb: [UInt8](repeating: 255, count: 300 * 300 * 3))
        let (ox, oy) = (50, 70)
        for y in 0..<h {
            for x in 0..<w {
                let s = (y * w + x) * 4
                guard stamp[s + 3] == 255 else { continue }
                let (dx, dy) = Self.place(x, y, w, h, orientation)
                let d = ((oy + dy) * 300 + ox + dx) * 3
                (canvas.rgb[d], canvas.rgb[d + 1], canvas.rgb[d + 2]) = (stamp[s], stamp[s + 1], stamp[s + 2])
            }
        }
        let found = try #require(try StampLocator.locate(in: canvas, pointsPerPixel: 0.5))
        #expect(found.orientation == orientation)
        #expect(found.bounds == Rect(x: 25, y: 35, width: Double(tw) / 2, height: Double(th) / 2))
    }

    /// Where source pixel (x, y) of a w×h stamp goes when the stamp is shown in `o`.
    static func place(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ o: StampOrientation) -> (Int, Int) {
        switch o {
        case .upright: return (x, y)
        case .rotated90: return (h - 1 - y, x)
        case .rotated180: return (w - 1 - x, h - 1 - y)
        case .rotated270: return (y, w - 1 - x)
        case .mirroredLeftRight: return (w - 1 - x, y)
        case .mirroredTopBottom: return (x, h - 1 - y)
        case .transposed: return (y, x)
        case .antiTransposed: return (h - 1 - y, w - 1 - x)
        }
    }

    @Test("a changed page size against the baseline is reported, not measured")
    func baselineSizeMismatch() {
        let a = PPMImage(width: 4, height: 4, rgb: [UInt8](repeating: 255, count: 48))
        let b = PPMImage(width: 4, height: 5, rgb: [UInt8](repeating: 255, count: 60))
        #expect(throws: ToolFailure.self) { try StampLocator.locate(in: a, baseline: b, pointsPerPixel: 1) }
    }
}
