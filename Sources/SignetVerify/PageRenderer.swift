import SignetCore
import SignetRaster

/// Draws pages of the PDF being verified, for the checks that compare what a reader shows with
/// what was signed (the overlay check; see docs/verify.md, "Overlays"). Signet's library links no
/// PDF renderer (poppler is GPL): `signet verify` passes one that runs `signet-preview`; a library
/// caller passes its own, bound to the same file and password it verifies.
public protocol PageRenderer: Sendable {
    /// The pixels `region` of page `page` (1-based) of the PDF, cut after its first `end` bytes
    /// (`nil`: the whole file), rendered at `dpi` on white as displayed, or as printed when
    /// `printing`. The region is in pixels of the whole page image at `dpi`.
    /// - Parameters:
    ///   - page: The page, 1-based.
    ///   - end: Where to cut the file (the end of a signed revision), or `nil` for the whole file.
    ///   - region: The pixels to draw, in the page image at `dpi`.
    ///   - dpi: The resolution.
    ///   - printing: Render as printed (annotations flagged NoView but Print are drawn).
    /// - Returns: A bitmap the size of `region`.
    /// - Throws: Any error; the signatures whose check needed the render are then not valid.
    func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap
}

/// How verification compares what readers see with what was signed.
public enum PageRendering: Sendable {
    /// Render pages through this renderer.
    case renderer(any PageRenderer)
    /// Skip the render-based checks, as the caller asks: each signature they concern gets a note
    /// saying so, and may still be valid.
    case skipped
    /// No renderer: each signature the render-based checks concern gets a problem saying they were
    /// not run, so none is valid without them.
    case unavailable
}
