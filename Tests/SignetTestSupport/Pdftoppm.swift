/// Renders PDF pages with poppler's `pdftoppm`, the independent renderer the placement checks use.
///
/// What pdftoppm (poppler 22.12) does, measured on the geometry fixture: with `-cropbox` it renders
/// the CropBox clipped to the MediaBox (a MediaBox-less page gets Letter), turned by the page's
/// `/Rotate` (normalised, negative and >360 included), with the top-left pixel at the top-left of
/// the page as displayed; one pixel is exactly 72/dpi units of the page's user space. It ignores
/// `/UserUnit` entirely (poppler 22.12 never reads it), so a UserUnit 2 page comes out at half the
/// size a viewer that honours UserUnit shows; `StampLocator` corrects for that.
package enum Pdftoppm {
    /// Page `page` (1-based) rendered at `dpi` pixels per inch of user space.
    package static func render(
        pdf: String, page: Int, dpi: Double, password: String? = nil, hideAnnotations: Bool = false
    ) throws -> PPMImage {
        let images = try render(
            pdf: pdf, pages: page...page, dpi: dpi, password: password, hideAnnotations: hideAnnotations)
        guard let image = images.first, images.count == 1 else {
            throw ToolFailure("pdftoppm rendered \(images.count) images for page \(page) of \(pdf)")
        }
        return image
    }

    /// Pages `pages` (1-based) in one pdftoppm run, in page order. `hideAnnotations` leaves out
    /// annotations (form fields, signature widgets), which viewers draw over the page content.
    package static func render(
        pdf: String, pages: ClosedRange<Int>, dpi: Double, password: String? = nil,
        hideAnnotations: Bool = false
    ) throws -> [PPMImage] {
        // Test material only: corpus passwords are public, so passing one as an argument is fine here.
        var arguments = ["-cropbox", "-r", "\(dpi)", "-f", "\(pages.lowerBound)", "-l", "\(pages.upperBound)"]
        if let password { arguments += ["-upw", password] }
        if hideAnnotations { arguments.append("-hide-annotations") }
        let result = try ToolFailure.run("pdftoppm", arguments + [pdf])
        let images = try PPMImage.parseAll(result.stdout)
        guard images.count == pages.count else {
            throw ToolFailure(
                "pdftoppm rendered \(images.count) of pages \(pages) of \(pdf): \(result.stderr.prefix(300))")
        }
        return images
    }
}
