import SignetCore
import SignetPDF
import SignetPDFSigning

/// An annotation or signature widget a revision added after a signature, or a non-field
/// annotation whose appearance it changed: where it draws, so the overlay check can compare the
/// page there as signed and as shown now (see `OverlayCheck`).
package struct OverlayTarget: Sendable, Hashable {
    /// The revision (1-based) that added or changed it.
    package var revision: Int
    /// The page it is on (1-based).
    package var page: Int
    /// Its object number, when it is an indirect object.
    package var object: Int?
    /// What it is and what happened to it, for the report: "the Stamp annotation added".
    package var what: String
    /// Its /Rect on the page as displayed: points from the top-left corner, x right, y down.
    package var box: Rect
    /// The page as displayed, in points (CropBox turned by /Rotate, scaled by /UserUnit).
    package var pageSize: Size
    /// Maps displayed points back to default user space (for the rectangle the report names).
    package var displayToUser: Transform
    /// Hidden on screen (NoView) but printed (Print): compared as printed, not as displayed.
    package var printedOnly: Bool

    /// The target for `annotation` on page `page` of `document`; `nil` when its /Rect is not four
    /// finite numbers spanning an area (it draws nothing, so it hides nothing).
    package init?(
        _ annotation: PDFObject, page: Int, in document: PDFDocument, revision: Int, what: String
    ) throws {
        guard let rect = try annotation.annotationRect() else { return nil }
        let geometry = try document.page(page).geometry()
        guard let userToDisplay = geometry.displayToUser.inverted else { return nil }
        (self.revision, self.page, self.object, self.what) = (revision, page, try annotation.id?.number, what)
        pageSize = geometry.displayedSize
        // Readers build the look of an annotation without an appearance stream from its own
        // geometry (/InkList, /L, /Vertices, /QuadPoints, a note's icon), which may lie outside
        // its /Rect: a white Ink line across the signed price with its /Rect in blank space
        // erased the price in poppler and MuPDF. Such an annotation is compared on the whole page.
        let drawn =
            try annotation.value("/Subtype")?.nameValue() != "/Widget"
            && !ChangeAnalysis.hasNormalStream(annotation)
        box = drawn ? Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height) : userToDisplay.apply(rect)
        displayToUser = geometry.displayToUser
        let flags = try annotation.value("/F")?.intValue() ?? 0
        printedOnly = flags & 32 != 0 && flags & 4 != 0
    }
}
