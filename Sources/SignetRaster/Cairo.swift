import CCairo
import SignetCore
import SignetStrokes

// The one place SignetRaster talks to cairo. Every status is checked by `Cairo.check`; each
// cairo object is owned by one final class that destroys it in `deinit`; cairo's pixel buffer
// and the write callback's closure pointer never escape the calls that lend them.

enum Cairo {
    /// Throws when cairo reports anything but success for `what` (e.g. "creating the image").
    static func check(_ status: cairo_status_t, _ what: String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw RenderError(.cairo(step: what, reason: String(cString: cairo_status_to_string(status))))
    }
}

/// Collects the bytes a vector surface writes, so SVG and PDF never touch a temporary file.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// The callback cairo's stream surfaces write through; `closure` is the surface's `ByteSink`.
private let appendToSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}

/// One `cairo_surface_t`: an ARGB32 image, or an SVG / PDF document streamed into a `ByteSink`.
final class CairoSurface {
    enum Document { case svg, pdf }

    let pointer: OpaquePointer
    /// Kept alive as long as the surface, which holds an unretained pointer to it.
    private let sink: ByteSink?

    /// A transparent image: ARGB32 (premultiplied, native-endian 32-bit pixels), or A8 (one
    /// coverage byte per pixel) when only alpha is needed.
    init(imageWidth width: Int, height: Int, alphaOnly: Bool) throws {
        pointer = cairo_image_surface_create(
            alphaOnly ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        sink = nil
        try Cairo.check(cairo_surface_status(pointer), "creating a \(width)×\(height) image")
    }

    /// A one-page document of `width`×`height` (CSS pixels for SVG, points for PDF).
    init(document: Document, width: Double, height: Double) throws {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        switch document {
        case .svg:
            pointer = cairo_svg_surface_create_for_stream(appendToSink, closure, width, height)
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
        case .pdf:
            pointer = cairo_pdf_surface_create_for_stream(appendToSink, closure, width, height)
            // An empty date makes cairo leave /CreationDate out: the same input gives the same bytes.
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "")
        }
        self.sink = sink
        try Cairo.check(cairo_surface_status(pointer), "creating the \(document) document")
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Ends a document surface and returns everything it wrote.
    func finishDocument() throws -> [UInt8] {
        cairo_surface_finish(pointer)
        try Cairo.check(cairo_surface_status(pointer), "writing the document")
        return sink?.bytes ?? []
    }

    /// Lends the image's pixel rows (stride in bytes) to `body` after flushing pending drawing.
    func withImagePixels<T>(_ body: (UnsafeRawPointer, _ stride: Int) throws -> T) throws -> T {
        cairo_surface_flush(pointer)
        try Cairo.check(cairo_surface_status(pointer), "flushing the image")
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError(.cairo(step: "reading the image", reason: "no pixel data"))
        }
        return try body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(pointer)))
    }

    /// An A8 image holding `mask`'s coverage bytes.
    convenience init(mask: ShapeMask) throws {
        try self.init(imageWidth: mask.width, height: mask.height, alphaOnly: true)
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError(.cairo(step: "filling a coverage mask", reason: "no pixel data"))
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        mask.alpha.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            for row in 0..<mask.height {
                (data + row * stride).initialize(from: from + row * mask.width, count: mask.width)
            }
        }
        cairo_surface_mark_dirty(pointer)
    }
}

/// One `cairo_t` drawing on a surface. Drawing calls record errors in the context; `finish()`
/// checks them once, as cairo intends.
final class CairoContext {
    private let pointer: OpaquePointer
    /// Held so a document's `ByteSink` outlives every cairo reference to its surface.
    private let surface: CairoSurface
    /// The current point, tracked here to turn quadratics into cubics without asking cairo.
    private var current = Point.zero

    init(_ surface: CairoSurface) throws {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        try Cairo.check(cairo_status(pointer), "creating a drawing context")
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
    }

    /// Switches to cairo's 4×4 supersampling rasteriser (faster, 17 coverage levels).
    func useFastAntialiasing() {
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_FAST)
    }

    deinit { cairo_destroy(pointer) }

    /// Lends the raw `cairo_t` to a C library that paints through cairo itself (poppler, for
    /// `PixelCanvas`); it must not escape `body`.
    func lend<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T { try body(pointer) }

    /// Maps later coordinates through `t` (capture units → output pixels or points).
    func setTransform(_ t: Transform) {
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.e, y0: t.f)
        cairo_set_matrix(pointer, &m)
    }

    /// Fills the whole surface with `color` (the background).
    func paint(_ color: Color) {
        setColor(color)
        cairo_paint(pointer)
    }

    /// Paints one piece of ink: stroked with round caps and joins, or filled (nonzero).
    func draw(_ shape: InkShape) {
        append(shape.path)
        setColor(shape.color)
        switch shape.paint {
        case .stroke(let width):
            cairo_set_line_width(pointer, width)
            cairo_stroke(pointer)
        case .fill:
            cairo_fill(pointer)
        }
    }

    /// Paints `color` through a coverage mask at its place in device pixels (the transform must
    /// be the identity).
    func paint(_ color: Color, through mask: ShapeMask) throws {
        let source = try CairoSurface(mask: mask)
        setColor(color)
        cairo_mask_surface(pointer, source.pointer, Double(mask.x), Double(mask.y))
    }

    /// Checks every drawing call made so far.
    func finish() throws {
        try Cairo.check(cairo_status(pointer), "drawing the ink")
    }

    private func setColor(_ c: Color) {
        cairo_set_source_rgba(pointer, c.red, c.green, c.blue, c.alpha)
    }

    private func append(_ path: Path) {
        var start = current
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(pointer, p.x, p.y)
                (current, start) = (p, p)
            case .line(let p):
                cairo_line_to(pointer, p.x, p.y)
                current = p
            case .quad(let q, let p):
                let (c1, c2) = Path.cubic(from: current, control: q, to: p)
                cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(pointer)
                current = start
            }
        }
    }
}
