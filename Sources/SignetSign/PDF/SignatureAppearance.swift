import SignetCore
import SignetPDF

/// What a visible signature shows and where: the same artwork and placement as `signet stamp`.
public struct SignatureAppearance: Sendable {
    public var artwork: StampArtwork
    /// 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    public var page: Int?
    public var placement: StampPlacement

    public init(artwork: StampArtwork, page: Int? = nil, placement: StampPlacement = StampPlacement()) {
        self.artwork = artwork
        self.page = page
        self.placement = placement
    }
}

/// Builds a widget's normal appearance: a form XObject whose box is the displayed rectangle
/// (upright, y up) holding the artwork fitted and centred, with `WidgetPlacement`'s `/Matrix`
/// turning it back by the page's rotation, so a viewer that maps the box onto the widget's
/// `/Rect` shows the artwork upright on any `/Rotate`.
enum AppearanceBuilder {
    /// The appearance stream and the widget rectangle in default user space.
    static func make(_ artwork: StampArtwork, displayed: Rect, geometry: PageGeometry, in document: PDFDocument) throws
        -> (appearance: PDFObject, userRect: Rect)
    {
        let stamp = try StampForm.make(artwork, in: document)
        guard let stampID = try stamp.object.id else { throw PDFError(file: document.path, .structure("internal: stamp form is not indirect")) }
        let (w, h) = (displayed.width, displayed.height)
        let fitted = fit(stamp.size, into: Size(width: w, height: h))
        let draw = [fitted.width / stamp.size.width, 0, 0, fitted.height / stamp.size.height, fitted.minX, fitted.minY]
        let content = "q \(PDFNumber.format(draw)) cm /Sig0 Do Q\n"
        let widget = WidgetPlacement(stampSize: Size(width: w, height: h), displayed: displayed, on: geometry)
        let form = try document.makeStream(
            Array(content.utf8),
            dictionary: "<< /Type /XObject /Subtype /Form /BBox [0 0 \(PDFNumber.format(w)) \(PDFNumber.format(h))]"
                + " /Matrix [\(PDFNumber.format(widget.matrix.components))] /Resources << /XObject << /Sig0 \(stampID.reference) >> >> >>")
        return (form, widget.rect)
    }

    /// `size` scaled to fit inside `box`, centred (aspect ratio kept).
    static func fit(_ size: Size, into box: Size) -> Rect {
        let scale = min(box.width / size.width, box.height / size.height)
        let (w, h) = (size.width * scale, size.height * scale)
        return Rect(x: (box.width - w) / 2, y: (box.height - h) / 2, width: w, height: h)
    }
}
