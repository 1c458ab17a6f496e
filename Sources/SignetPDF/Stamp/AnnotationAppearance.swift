import SignetCore

/// The normal appearance (`/AP /N`) of an annotation that shows a stamp form upright in a
/// displayed rectangle: a form XObject whose `/BBox` is the displayed rectangle's size (upright,
/// y up), drawing the stamp fitted and centred in it, with `WidgetPlacement`'s `/Matrix` turning
/// it back by the page's rotation. A viewer maps the `/Matrix`-transformed BBox onto `/Rect`
/// (PDF 32000 §12.5.5), then turns the page by its `/Rotate`, so the stamp reads upright on any
/// geometry and covers exactly the rectangle a content stamp would.
///
/// A value: the appearance's text, built without touching a document, so a caller can share
/// one appearance stream between pages whose stamps land alike.
package struct AnnotationAppearance: Sendable, Hashable {
    /// The annotation's `/Rect`, in default user space.
    package var rect: Rect
    /// The appearance stream's content.
    package var content: String
    /// The appearance stream's dictionary (with the stamp form as `/XObject /Art`).
    package var dictionary: String

    /// For a stamp form of `stampSize` (object `stamp`) shown in `displayed` (points, top-left
    /// origin) on `page`.
    package init(stampSize: Size, stamp: PDFObjectID, displayed: Rect, on page: PageGeometry) {
        let box = Size(width: displayed.width, height: displayed.height)
        let fitted = Self.fit(stampSize, into: box)
        let draw = [fitted.width / stampSize.width, 0, 0, fitted.height / stampSize.height, fitted.minX, fitted.minY]
        let placement = WidgetPlacement(stampSize: box, displayed: displayed, on: page)
        rect = placement.rect
        content = "q \(PDFNumber.format(draw)) cm /Art Do Q\n"
        dictionary =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 \(PDFNumber.format(box.width)) \(PDFNumber.format(box.height))]"
            + " /Matrix [\(PDFNumber.format(placement.matrix.components))] /Resources << /XObject << /Art \(stamp.reference) >> >> >>"
    }

    /// The appearance stream, added to `document`.
    package func make(in document: PDFDocument) throws -> PDFObject {
        try document.makeStream(Array(content.utf8), dictionary: dictionary)
    }

    /// The `/AP` dictionary pointing at `stream`.
    package static func normal(_ stream: PDFObject, in document: PDFDocument) throws -> PDFObject {
        let ap = try document.parse("<< >>")
        try ap.set("/N", stream)
        return ap
    }

    /// `/Rect`'s array syntax.
    package var rectSyntax: String { "[\(PDFNumber.format([rect.minX, rect.minY, rect.maxX, rect.maxY]))]" }

    /// `size` scaled to fit inside `box`, centred (aspect ratio kept).
    private static func fit(_ size: Size, into box: Size) -> Rect {
        let scale = min(box.width / size.width, box.height / size.height)
        let (w, h) = (size.width * scale, size.height * scale)
        return Rect(x: (box.width - w) / 2, y: (box.height - h) / 2, width: w, height: h)
    }
}
