import SignetCore
import SignetPreview
import SignetRaster
import SignetTestSupport
import Testing

/// Previews of the geometry fixture, checked against where pdftoppm (an independent renderer
/// from the same project, but its Splash backend) and the fixture's own oracle put things.
@Suite("Preview rendering")
struct PreviewRenderTests {
    static let fixtures = TemporaryDirectory("preview")
    static let marked = fixtures.write("marked.pdf", bytes: GeometryFixture.document(marker: .vector))

    /// The preview as a PPM image for the locator (previews are opaque).
    static func ppm(_ bitmap: Bitmap) -> PPMImage {
        var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
        for i in 0..<(bitmap.width * bitmap.height) {
            (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = (
                bitmap.pixels[i * 4], bitmap.pixels[i * 4 + 1], bitmap.pixels[i * 4 + 2]
            )
        }
        return PPMImage(width: bitmap.width, height: bitmap.height, rgb: rgb)
    }

    static func crop(_ image: PPMImage, _ width: Int, _ height: Int) -> PPMImage {
        var rgb: [UInt8] = []
        for y in 0..<height { rgb += image.rgb[(y * image.width * 3)..<((y * image.width + width) * 3)] }
        return PPMImage(width: width, height: height, rgb: rgb)
    }

    @Test(
        "each fixture page previews at its displayed size with the reference stamp where the viewer shows it",
        arguments: Array(GeometryFixture.pages.indices))
    func fixturePage(index: Int) throws {
        let spec = GeometryFixture.pages[index]
        let document = try PreviewDocument(path: Self.marked)
        let bitmap = try document.render(
            page: index + 1, options: PreviewOptions(scale: .dpi(144)), userUnit: spec.userUnit ?? 1)
        #expect(
            abs(Double(bitmap.width) - spec.displayedSize.width * 2) <= 0.5
                && abs(Double(bitmap.height) - spec.displayedSize.height * 2) <= 0.5,
            "page \(index + 1): \(bitmap.width)x\(bitmap.height) for \(spec.displayedSize)")
        #expect(bitmap.isOpaque)
        let found = try #require(try StampLocator.locate(in: Self.ppm(bitmap), pointsPerPixel: 0.5))
        #expect(found.isUpright(at: spec.markerRect, tolerance: 0.5), "page \(index + 1) (\(spec.label)): \(found)")
        // pdftoppm's Splash rendering of the same page finds the stamp at the same place.
        let splash = try #require(
            try StampLocator.locate(pdf: Self.marked, page: index + 1, userUnit: spec.userUnit ?? 1))
        #expect(found.deviation(from: splash.bounds) <= 0.5, "page \(index + 1): cairo \(found) vs splash \(splash)")
    }

    @Test("pixels agree with pdftoppm's rendering of the same page")
    func matchesPdftoppm() throws {
        let document = try PreviewDocument(path: Self.marked)
        for page in [1, 3, 10, 13, 22] {
            var preview = Self.ppm(try document.render(page: page, options: PreviewOptions(scale: .dpi(72))))
            var splash = try Pdftoppm.render(pdf: Self.marked, page: page, dpi: 72)
            // pdftoppm rounds a fractional page size up, the preview to the nearest pixel.
            try #require(
                abs(preview.width - splash.width) <= 1 && abs(preview.height - splash.height) <= 1, "page \(page)")
            let (w, h) = (min(preview.width, splash.width), min(preview.height, splash.height))
            (preview, splash) = (Self.crop(preview, w, h), Self.crop(splash, w, h))
            let diff = try RenderDiff.compare(splash, preview, excluding: [], pointsPerPixel: 1, threshold: 128)
            // Anti-aliasing of text edges differs between cairo and Splash; nothing else may.
            #expect(
                Double(diff.changedPixels) < 0.002 * Double(preview.width * preview.height), "page \(page): \(diff)")
        }
    }

    @Test(
        "corpus pages with rotation, CropBox offsets, negative origins and UserUnit match pdftoppm",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)),
        arguments: [
            ("qpdf/boxes.pdf", [1, 2, 3, 4, 5, 6, 7, 8]), ("pdfjs/issue16278.pdf", [1]),
            ("qpdf/fxo-blue.pdf", [3, 4, 14]),
            ("qpdf/inherited-rotate.pdf", [1]), ("pdfjs/bug1947248_forms.pdf", [1]), ("pdfjs/rotated_ink.pdf", [1]),
        ])
    func corpus(file: String, pages: [Int]) throws {
        let path = Corpus.path("pdfs/" + file)
        let units = try QPDFTool.userUnits(path)
        let document = try PreviewDocument(path: path)
        for page in pages {
            let unit = units[page - 1]
            var preview = Self.ppm(
                try document.render(page: page, options: PreviewOptions(scale: .dpi(72)), userUnit: unit))
            var splash = try Pdftoppm.render(pdf: path, page: page, dpi: 72 * unit)
            try #require(
                abs(preview.width - splash.width) <= 1 && abs(preview.height - splash.height) <= 1,
                "\(file) page \(page): preview \(preview.width)x\(preview.height), pdftoppm \(splash.width)x\(splash.height)"
            )
            let (w, h) = (min(preview.width, splash.width), min(preview.height, splash.height))
            (preview, splash) = (Self.crop(preview, w, h), Self.crop(splash, w, h))
            // Glyph and hairline edges are anti-aliased differently by cairo and Splash: a pixel counts as
            // different only when pdftoppm has nothing like it within one pixel.
            let diff = try RenderDiff.compare(
                splash, preview, excluding: [], pointsPerPixel: 1, threshold: 128, shift: 1)
            #expect(
                Double(diff.changedPixels) < 0.0005 * Double(w * h),
                "\(file) page \(page): \(diff.changedPixels) of \(w * h) pixels differ")
        }
    }

    @Test("width, height and fit requests give the displayed aspect ratio")
    func fitted() throws {
        let document = try PreviewDocument(path: Self.marked)
        // Page 13 is 650 x 450 displayed (negative origin, CropBox, Rotate 90).
        let wide = try document.render(page: 13, options: PreviewOptions(scale: .width(650)))
        #expect(wide.width == 650 && wide.height == 450)
        let tall = try document.render(page: 13, options: PreviewOptions(scale: .height(90)))
        #expect(tall.height == 90 && tall.width == 130)
        let boxed = try document.render(
            page: 15, options: PreviewOptions(scale: .fit(width: 300, height: 300)), userUnit: 2)
        #expect(boxed.width == 300 && boxed.height == 230, "600 x 460 displayed fits 300 wide")
    }
}
