import SignetCore
import SignetRaster

extension StampForm {
    /// `artwork` with `text` beside or below it (see `SignatureTextLayout`), as one form whose
    /// box is the whole block; without text (or with no line to show), `make(_:opacity:blend:in:)`'s
    /// form. Opacity and blend apply to the block as a whole.
    package static func make(
        _ artwork: StampArtwork, text: SignatureText?, opacity: Double = 1, blend: BlendMode = .normal,
        in document: PDFDocument
    ) throws -> StampForm {
        guard let text, let layout = try layout(artwork, text: text) else {
            return try make(artwork, opacity: opacity, blend: blend, in: document)
        }
        let art = try make(artwork, in: document)
        let page = try TextPage.pdf(
            layout.lines, size: layout.text.size, fontSize: layout.fontSize, color: .black, font: text.font)
        let words = try document.importPage(page, size: layout.text.size)
        let scale = layout.artwork.width / art.size.width
        let content =
            "q \(PDFNumber.format([scale, 0, 0, layout.artwork.height / art.size.height, layout.artwork.minX, layout.artwork.minY])) cm /Art Do Q\n"
            + "q 1 0 0 1 \(PDFNumber.format([layout.text.minX, layout.text.minY])) cm /Txt Do Q\n"
        let state =
            opacity < 1 || blend != .normal
            ? " /ExtGState << /G0 << /Type /ExtGState /ca \(PDFNumber.format(opacity)) /CA \(PDFNumber.format(opacity)) /BM \(blend.pdfName) >> >>"
            : ""
        let box = "[0 0 \(PDFNumber.format(layout.size.width)) \(PDFNumber.format(layout.size.height))]"
        let form = try document.makeStream(
            Array((state.isEmpty ? content : "q /G0 gs\n" + content + "Q\n").utf8),
            dictionary:
                "<< /Type /XObject /Subtype /Form /BBox \(box) /Resources << /XObject << /Art \(try reference(art.object)) /Txt \(try reference(words)) >>\(state) >> >>"
        )
        return StampForm(object: form, size: layout.size)
    }

    /// The block's layout, or `nil` when `text` has no line to show; text the font cannot
    /// show is refused.
    package static func layout(_ artwork: StampArtwork, text: SignatureText) throws -> SignatureTextLayout? {
        try layout(artworkSize: artwork.naturalSize, text: text)
    }

    /// The same for artwork of `artworkSize` (only its aspect ratio counts), before the artwork exists.
    package static func layout(artworkSize: Size, text: SignatureText) throws -> SignatureTextLayout? {
        let lines = text.shownLines
        guard !lines.isEmpty else { return nil }
        try text.checkGlyphs()
        return SignatureTextLayout(
            artworkSize: artworkSize, lines: lines, position: text.position, ascent: text.font.ascent,
            descent: text.font.descent, advance: text.font.advance)
    }

    /// The aspect ratio (width / height) of `artwork` with `text`.
    package static func aspect(_ artwork: StampArtwork, text: SignatureText?) throws -> Double {
        let size = try text.flatMap { try layout(artwork, text: $0) }?.size ?? artwork.naturalSize
        return size.height > 0 ? size.width / size.height : 0
    }
}
