import SignetCore
import SignetFiles
import SignetPlacement
import SignetRaster

/// Where stamps go on the pages of one document: `StampPlacement.rect` for a given position, or
/// for `freeArea` the free area nearest to where the stamp would go on a blank page, found by
/// `FreeArea` on the page as `pageImage` renders it (ink as the verifier counts it, plus every
/// annotation a reader sees), `clearance` points kept free around the stamp.
package struct StampPlacer {
    let document: PDFDocument
    let pageImage: PageImage?

    /// Resolution of the page images searched: one pixel per point, the grid the search steps on.
    static let dpi = 72.0
    /// Pixels at most in one page image: a larger page is rendered at a lower resolution.
    static let maxPixels = 4_000_000
    /// Points kept free of ink and annotations around the stamp.
    static let clearance = 6.0

    package init(document: PDFDocument, pageImage: PageImage?) {
        (self.document, self.pageImage) = (document, pageImage)
    }

    /// The stamp's rectangle in displayed points on page `number` (with `geometry`), for a stamp
    /// whose width/height ratio is `aspect`.
    /// - Throws: `PDFError` `.stampDoesNotFit`, or for a `freeArea` placement `.noFreeArea` or
    ///   `.freeAreaNotSearched`.
    package func rect(
        _ placement: StampPlacement, page number: Int, geometry: PageGeometry, aspect: Double
    ) throws -> Rect {
        guard placement.freeArea else {
            do { return try placement.rect(on: geometry, aspect: aspect) } catch {
                throw document.error(.stampDoesNotFit(page: number, detail: error.detail))
            }
        }
        let size: Size
        do {
            let (w, h) = try placement.boxSize(on: geometry, aspect: aspect)
            size = Size(width: w, height: h)
        } catch {
            throw document.error(.stampDoesNotFit(page: number, detail: error.detail))
        }
        let occupancy = try occupancy(page: number, geometry: geometry)
        let annotations = try document.page(number).annotationBoxes(geometry).map(\.box)
        do {
            return try FreeArea.find(
                size: size, near: placement.blankPageRect(size, on: geometry).origin, page: geometry.displayedSize,
                occupancy: occupancy, annotations: annotations, clearance: Self.clearance, step: 1 / occupancy.scale)
        } catch {
            let (w, h) = (PDFNumber.format(size.width, decimals: 1), PDFNumber.format(size.height, decimals: 1))
            throw document.error(
                .noFreeArea(
                    page: number,
                    detail:
                        "no area of \(w) × \(h) pt is free of ink, text and annotations (\(PDFNumber.format(Self.clearance)) pt around it included)"
                ))
        }
    }

    /// What page `number` shows, as rendered through `pageImage`.
    private func occupancy(page number: Int, geometry: PageGeometry) throws -> Occupancy {
        guard let pageImage else {
            throw document.error(.freeAreaNotSearched(page: number, why: "no page renderer was given"))
        }
        let shown = geometry.displayedSize
        let dpi = min(Self.dpi, 72 * (Double(Self.maxPixels) / max(1, shown.area)).squareRoot())
        let scale = dpi / 72
        let width = max(1, Int((shown.width * scale).rounded())), height = max(1, Int((shown.height * scale).rounded()))
        let image: Bitmap
        do { image = try pageImage(number, dpi, width, height) } catch {
            let why = (error as? any SignetError)?.message ?? "\(error)"
            throw document.error(.freeAreaNotSearched(page: number, why: why))
        }
        guard image.width == width, image.height == height else {
            throw document.error(
                .freeAreaNotSearched(
                    page: number, why: "its image is \(image.width)×\(image.height) pixels, not \(width)×\(height)"))
        }
        return Occupancy(rgba: image.pixels, width: width, height: height, scale: scale)
    }
}

/// Draws page `page` (1-based) of the document being stamped as a reader sees it, on white, at
/// `dpi`: the whole page, `width` × `height` pixels. Signet's library links no PDF renderer; the
/// caller's `PageRenderer` does this (`signet` runs `signet-preview`).
package typealias PageImage = (_ page: Int, _ dpi: Double, _ width: Int, _ height: Int) throws -> Bitmap

/// What a job that adds stamps or visible signatures may consult beyond the document.
package struct PlacementHooks {
    /// Renders pages for `StampPlacement.freeArea`; `nil`: no renderer, so a free area cannot be found.
    package var pageImage: PageImage?
    /// Called when the input holds a signature, with the output written but not committed and
    /// the offset where the update begins; throws to refuse (nothing is then written). `nil`:
    /// not judged.
    package var judge: ((_ written: any ByteSink, _ from: Int) throws -> Void)?
    /// Called with the input as opened, before anything is placed or written; throws to refuse it
    /// (a document that reads two ways, say). `nil`: nothing is checked.
    package var opened: ((PDFDocument) throws -> Void)?

    package init(
        pageImage: PageImage? = nil, judge: ((_ written: any ByteSink, _ from: Int) throws -> Void)? = nil,
        opened: ((PDFDocument) throws -> Void)? = nil
    ) {
        (self.pageImage, self.judge, self.opened) = (pageImage, judge, opened)
    }
}
