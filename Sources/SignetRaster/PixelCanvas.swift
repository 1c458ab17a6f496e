import SignetCore

/// An opaque image that another C library paints into through cairo (poppler renders PDF pages
/// this way). The cairo surface and context stay owned here; the library only borrows the context.
package enum PixelCanvas {
    /// A `width`×`height` image filled with `background`, with `transform` mapping the painter's
    /// coordinates to pixels, handed to `paint` as a borrowed `cairo_t` that must not escape it.
    /// cairo's status is checked after painting; the pixels come back as straight-alpha RGBA.
    package static func draw(
        width: Int, height: Int, background: Color, transform: Transform, dpi: Double?,
        _ paint: (OpaquePointer) throws -> Void
    ) throws -> Bitmap {
        let surface = try CairoSurface(imageWidth: width, height: height, alphaOnly: false)
        let context = try CairoContext(surface)
        context.paint(background)
        context.setTransform(transform)
        try context.lend(paint)
        try context.finish()
        return try surface.withImagePixels { pixels, stride in
            Bitmap(premultipliedARGB32: pixels, stride: stride, width: width, height: height, dpi: dpi)
        }
    }
}
