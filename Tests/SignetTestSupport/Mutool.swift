/// Renders PDF pages with MuPDF's `mutool draw`, the second independent renderer the placement
/// checks use (poppler being the first, see `Pdftoppm`).
///
/// What `mutool draw` (MuPDF 1.21) does: it renders the CropBox clipped to the MediaBox, turned by
/// the page's `/Rotate`, with annotations drawn from their appearance streams; unlike poppler it
/// honours `/UserUnit`, so one pixel is 72/dpi DISPLAYED points on every page.
package enum Mutool {
    /// Page `page` (1-based) rendered at `dpi` pixels per inch of the page as displayed.
    package static func render(pdf: String, page: Int, dpi: Double) throws -> PPMImage {
        let result = try ToolFailure.run(
            "mutool", ["draw", "-q", "-F", "pnm", "-c", "rgb", "-o", "-", "-r", "\(dpi)", pdf, "\(page)"])
        let images = try PPMImage.parseAll(result.stdout)
        guard let image = images.first, images.count == 1 else {
            throw ToolFailure(
                "mutool draw rendered \(images.count) images for page \(page) of \(pdf): \(result.stderr.prefix(300))")
        }
        return image
    }

    /// The text MuPDF extracts from page `page` (1-based), annotations' appearances included.
    package static func text(pdf: String, page: Int) throws -> String {
        try ToolFailure.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", pdf, "\(page)"]).stdoutText
    }

    /// Renders page `page` of `pdf` (and of `baseline`, the unstamped PDF) and finds the test
    /// stamp, as `StampLocator.locate(pdf:page:…)` does with poppler.
    package static func locateStamp(
        pdf: String, page: Int, baseline: String? = nil,
        dpi: Double = StampLocator.defaultDPI
    ) throws -> StampLocation? {
        let image = try render(pdf: pdf, page: page, dpi: dpi)
        let before = try baseline.map { try render(pdf: $0, page: page, dpi: dpi) }
        return try StampLocator.locate(in: image, baseline: before, pointsPerPixel: 72 / dpi)
    }
}
