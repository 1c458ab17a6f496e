import SignetCore
import SignetRaster

/// Draws pages of the PDF being verified and reads its objects as a reader does, for the checks
/// that compare what a reader shows with what was signed and judged (docs/verify.md, "Overlays"
/// and "Two readings"). Signet's library links no
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

    /// What the reader resolves of the PDF cut after each of `ends` (`nil`: the whole file): every
    /// object reachable from the trailer, in the reading format of docs/verify.md ("Two readings"),
    /// as `signet-preview --objects` writes it. Verification compares it with what it judged.
    /// - Parameter ends: Where to cut the file, one document each.
    /// - Returns: The reading of each document, in the order of `ends`.
    /// - Throws: Any error; every signature is then not valid.
    func readObjects(ends: [Int?]) throws -> [UInt8]

    /// Whether the reader is there to ask at all (`signet-preview` is installed beside `signet`, say).
    /// When it is not, the jobs that write a signature or stamp judge their input by the byte scans
    /// alone, as verification does without a renderer (``PageRendering/unavailable``); when it is
    /// and `readObjects` fails, they refuse. `true` unless the renderer says otherwise.
    var isInstalled: Bool { get }
}

extension PageRenderer {
    /// Installed: a renderer the caller made can be asked.
    public var isInstalled: Bool { true }
}

/// How verification compares what readers see with what was signed.
public enum PageRendering: Sendable {
    /// Render pages through this renderer.
    case renderer(any PageRenderer)
    /// Skip the checks that need a renderer (the overlay check and the comparison of what a reader
    /// resolves), as the caller asks: each signature they concern gets a note saying so, and may
    /// still be valid.
    case skipped
    /// No renderer: each signature the overlay check concerns gets a problem saying it was not run,
    /// so none is valid without it; the comparison of what a reader resolves with what was judged
    /// is noted as not run (the byte scans still judge every parser difference they know).
    case unavailable
}
