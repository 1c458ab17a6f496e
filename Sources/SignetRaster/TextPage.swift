import CCairo
import SignetCore

/// One line of text placed on a `TextPage`: its baseline starts at `origin` (y up, from the
/// page's bottom-left corner).
package struct PlacedLine: Sendable, Hashable {
    package var text: String
    package var origin: Point

    package init(_ text: String, at origin: Point) {
        (self.text, self.origin) = (text, origin)
    }
}

/// Lines of text drawn by cairo on a one-page PDF of `size` points: cairo embeds the font as a
/// subset of the glyphs used, with a ToUnicode map. The page is imported into the signed
/// document as a form XObject (`PDFDocument.importPage`).
package enum TextPage {
    package static func pdf(
        _ lines: [PlacedLine], size: Size, fontSize: Double, color: Color, font: TextFont
    ) throws -> [UInt8] {
        let surface = try CairoSurface(document: .pdf, width: size.width, height: size.height)
        let context = try CairoContext(surface)
        try context.lend { cr in
            cairo_set_font_face(cr, font.face)
            cairo_set_font_size(cr, fontSize)
            let options = TextFont.unhinted()
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            for line in lines {
                cairo_move_to(cr, line.origin.x, size.height - line.origin.y)
                cairo_show_text(cr, line.text)
            }
            try Cairo.check(cairo_status(cr), "drawing the signature text")
        }
        return try surface.finishDocument()
    }
}
