import Foundation
import SignetCore
import SignetTestSupport
import Testing

/// The generated multi-geometry fixture, checked against the hand-written table, the displayed
/// geometry oracle and poppler/qpdf (independent tools).
@Suite("Geometry fixture")
struct GeometryFixtureTests {
    static let fixtures = TemporaryDirectory("fixture")
    static let pdf = fixtures.write("fixture.pdf", bytes: GeometryFixture.document())

    @Test("the hand-written displayed size agrees with the oracle on every page")
    func tableMatchesOracle() {
        for (index, spec) in GeometryFixture.pages.enumerated() {
            let size = spec.geometry.size
            #expect(
                abs(size.width - spec.displayedSize.width) < 1e-9
                    && abs(size.height - spec.displayedSize.height) < 1e-9,
                "page \(index + 1) (\(spec.label)): oracle \(size), table \(spec.displayedSize)")
        }
    }

    @Test("the oracle maps the displayed corners onto the effective CropBox")
    func oracleCoversCropBox() {
        for spec in GeometryFixture.pages {
            let shown = Rect(origin: .zero, size: spec.displayedSize)
            let user = spec.geometry.userRect(forDisplayed: shown)
            #expect(
                abs(user.minX - spec.effectiveCropBox.minX) < 1e-9 && abs(user.maxY - spec.effectiveCropBox.maxY) < 1e-9
                    && abs(user.width - spec.effectiveCropBox.width) < 1e-9, "\(spec.label): \(user)")
            #expect(spec.geometry.displayedToUser.determinant < 0, "y flips between screen and user space")
        }
    }

    @Test("qpdf --check finds nothing wrong")
    func qpdfClean() throws {
        let check = try QPDFTool.check(Self.pdf)
        #expect(check.isClean, "\(check.output)")
    }

    @Test("pdfinfo reports the table's boxes and rotations")
    func pdfinfoAgrees() throws {
        let pages = try PopplerInfo.pages(Self.pdf)
        try #require(pages.count == GeometryFixture.pages.count)
        for (info, spec) in zip(pages, GeometryFixture.pages) {
            let context = "page \(info.number) (\(spec.label))"
            #expect(info.mediaBox.isClose(to: spec.effectiveMediaBox), "\(context): MediaBox \(info.mediaBox)")
            #expect(info.cropBox.isClose(to: spec.effectiveCropBox), "\(context): CropBox \(info.cropBox)")
            #expect(info.rotate == spec.geometry.rotation, "\(context): rot \(info.rotate)")
        }
    }

    @Test("qpdf reads /UserUnit 2 on exactly the UserUnit pages")
    func userUnits() throws {
        let units = try QPDFTool.userUnits(Self.pdf)
        #expect(units == GeometryFixture.pages.map { $0.userUnit ?? 1 })
    }

    @Test("pdftotext finds each page's title on that page")
    func textPerPage() throws {
        let texts = try PopplerText.pages(Self.pdf)
        try #require(texts.count == GeometryFixture.pages.count)
        for (index, text) in texts.enumerated() {
            let title = GeometryFixture.title(ofPage: index + 1)
            #expect(text.contains(title), "page \(index + 1): \(text.prefix(200))")
        }
        #expect(texts[19].contains("shared form XObject"), "the shared form XObject draws its text")
        #expect(texts.last!.contains("text drawn after an unbalanced cm"))
    }

    @Test("pdftoppm renders each page at the displayed size (UserUnit aside, which poppler ignores)")
    func renderedSizes() throws {
        let images = try Pdftoppm.render(pdf: Self.pdf, pages: 1...GeometryFixture.pages.count, dpi: 36)
        for (index, (image, spec)) in zip(images, GeometryFixture.pages).enumerated() {
            let unit = spec.userUnit ?? 1
            let want = (w: spec.displayedSize.width / unit / 2, h: spec.displayedSize.height / unit / 2)
            #expect(
                abs(Double(image.width) - want.w) <= 1 && abs(Double(image.height) - want.h) <= 1,
                "page \(index + 1): \(image.width)x\(image.height), expected about \(want)")
        }
    }

    @Test("a 1000-page document repeats the table and stays valid")
    func longDocument() throws {
        let folder = TemporaryDirectory("fixture-long")
        let path = folder.write("long.pdf", bytes: GeometryFixture.document(pageCount: 1000))
        let check = try QPDFTool.check(path)
        #expect(check.isClean, "\(check.problems.prefix(5))")
        let pages = try PopplerInfo.pages(path)
        try #require(pages.count == 1000)
        for number in [1, 23, 500, 999, 1000] {
            let spec = GeometryFixture.page(number)
            #expect(
                pages[number - 1].cropBox.isClose(to: spec.effectiveCropBox)
                    && pages[number - 1].rotate == spec.geometry.rotation,
                "page \(number) (\(spec.label))")
        }
    }
}

extension Rect {
    /// Equal to within pdfinfo's two printed decimals.
    func isClose(to other: Rect, tolerance: Double = 0.006) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
    }
}
