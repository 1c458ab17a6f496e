import SignetCore
import SignetStrokes

/// A vector document format cairo writes.
package enum VectorFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// An SVG document, or a one-page PDF.
    case svg, pdf
}

/// A drawing smoothed and laid out, ready to paint.
package struct PreparedInk: Sendable, Hashable {
    package var ink: Ink
    package var layout: RenderLayout
}

/// A rendered bitmap with the layout that produced it.
package struct Rendering: Sendable, Hashable {
    package var bitmap: Bitmap
    package var layout: RenderLayout
}

/// A rendered image in its most compact exact form, with the layout that produced it.
package struct RasterRendering: Sendable, Hashable {
    package var image: RasterImage
    package var layout: RenderLayout
}

/// A rendered SVG or PDF document with the layout that produced it.
package struct VectorRendering: Sendable, Hashable {
    package var bytes: [UInt8]
    package var format: VectorFormat
    package var layout: RenderLayout
}

/// Renders drawings with cairo: anti-aliased, round caps and joins, straight into the cropped size.
package enum Renderer {
    /// Applies the pen overrides, smooths the drawing and lays it out (all limits checked here).
    package static func prepare(_ drawing: Drawing, options: RenderOptions = RenderOptions()) throws -> PreparedInk {
        try checkCoordinates(drawing)
        let ink = Ink(options.applyingPens(to: drawing))
        return PreparedInk(
            ink: ink,
            layout: try RenderLayout(
                ink: ink, canvas: drawing.canvas, unitsPerInch: drawing.unitsPerInch, options: options))
    }

    /// An RGBA bitmap (straight alpha), transparent unless `options.background` is set.
    package static func bitmap(_ drawing: Drawing, options: RenderOptions = RenderOptions()) throws -> Rendering {
        let rendering = try raster(drawing, options: options)
        return Rendering(bitmap: rendering.image.bitmap, layout: rendering.layout)
    }

    /// Who turns ink into pixel coverage at `RenderOptions.Antialias.best`.
    package enum Rasterizer: Sendable, Hashable {
        /// `SweptDiscRasterizer`, straight from each stroke's centre line (the default).
        case sweptDisc
        /// cairo's own scan converter over the stroked or filled path (kept to compare against).
        case cairo
    }

    /// The same image as `bitmap`, as a coverage mask when all ink has one colour over a
    /// transparent background (only coverage is drawn; the colour is applied exactly).
    package static func raster(
        _ drawing: Drawing, options: RenderOptions = RenderOptions(), rasterizer: Rasterizer = .sweptDisc
    ) throws -> RasterRendering {
        let prepared = try prepare(drawing, options: options)
        let layout = prepared.layout
        let colors = Set(prepared.ink.shapes.map(\.color))
        let ink = options.background == nil && colors.count == 1 ? colors.first : nil
        let masks = options.antialias == .best && rasterizer == .sweptDisc ? masks(prepared) : nil
        if let ink, let masks {
            // One colour over transparency: the masks are laid over each other here, no cairo surface.
            let mask = CoverageMask(
                layering: masks.map(\.0), width: layout.width, height: layout.height, ink: ink, dpi: layout.dpi)
            return RasterRendering(image: .coverage(mask), layout: layout)
        }
        let surface = try CairoSurface(imageWidth: layout.width, height: layout.height, alphaOnly: ink != nil)
        if let masks {
            let context = try CairoContext(surface)
            if let background = options.background { context.paint(background) }
            for (mask, color) in masks { try context.paint(color, through: mask) }
            try context.finish()
        } else {
            try paint(
                prepared, on: surface, background: options.background, extraScale: 1, fast: options.antialias == .fast)
        }
        let image = try surface.withImagePixels { pixels, stride -> RasterImage in
            if let ink {
                .coverage(
                    CoverageMask(
                        a8: pixels, stride: stride, width: layout.width, height: layout.height, ink: ink,
                        dpi: layout.dpi))
            } else {
                .bitmap(
                    Bitmap(
                        premultipliedARGB32: pixels, stride: stride, width: layout.width, height: layout.height,
                        dpi: layout.dpi))
            }
        }
        return RasterRendering(image: image, layout: layout)
    }

    /// A one-page SVG or PDF of the same smoothed paths, the same crop and padding, and the
    /// physical size of the bitmap at `layout.pixelsPerInch` (SVG in CSS pixels, PDF in points).
    package static func vector(
        _ drawing: Drawing, format: VectorFormat, options: RenderOptions = RenderOptions()
    ) throws -> VectorRendering {
        let prepared = try prepare(drawing, options: options)
        let layout = prepared.layout
        let unitsPerInch: Double = format == .svg ? 96 : 72
        let k = unitsPerInch / layout.pixelsPerInch
        let surface = try CairoSurface(
            document: format == .svg ? .svg : .pdf, width: Double(layout.width) * k, height: Double(layout.height) * k)
        try paint(prepared, on: surface, background: options.background, extraScale: k, fast: false)
        let bytes = try surface.finishDocument()
        return VectorRendering(bytes: format == .svg ? withoutSurfaceID(bytes) : bytes, format: format, layout: layout)
    }

    /// cairo names the SVG's top group after a per-process surface counter (`<g id="surface7">`);
    /// nothing refers to it, so it is dropped and the same drawing always gives the same bytes.
    private static func withoutSurfaceID(_ svg: [UInt8]) -> [UInt8] {
        let open = Array("<g id=\"surface".utf8)
        guard let start = svg.indices.first(where: { svg[$0...].starts(with: open) }),
            let close = svg[(start + open.count)...].firstIndex(of: UInt8(ascii: "\""))
        else { return svg }
        return Array(svg[..<start]) + Array("<g".utf8) + Array(svg[(close + 1)...])
    }

    /// Each shape's coverage drawn from its spine by `SweptDiscRasterizer`, with its colour;
    /// `nil` when some shape has no spine (ink that is only a path) or the layout is not a plain
    /// scale, which cairo then draws.
    private static func masks(_ prepared: PreparedInk) -> [(ShapeMask, Color)]? {
        let t = prepared.layout.transform
        guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0, prepared.ink.shapes.allSatisfy({ !$0.spine.isEmpty })
        else { return nil }
        return prepared.ink.shapes.compactMap { shape in
            SweptDiscRasterizer.mask(
                shape.spine, transform: t, width: prepared.layout.width, height: prepared.layout.height
            ).map { ($0, shape.color) }
        }
    }

    private static func paint(
        _ prepared: PreparedInk, on surface: CairoSurface, background: Color?, extraScale k: Double, fast: Bool
    ) throws {
        let context = try CairoContext(surface)
        if fast { context.useFastAntialiasing() }
        if let background { context.paint(background) }
        context.setTransform(prepared.layout.transform.concatenating(.scale(k, k)))
        for shape in prepared.ink.shapes { context.draw(shape) }
        try context.finish()
    }

    /// Refuses NaN, infinite and absurd coordinates before any geometry is computed.
    private static func checkCoordinates(_ drawing: Drawing) throws {
        let limit = RenderOptions.maxCoordinate
        for (s, stroke) in drawing.strokes.enumerated() {
            for (p, sample) in stroke.samples.enumerated() where !(abs(sample.x) <= limit && abs(sample.y) <= limit) {
                throw RenderError(.badCoordinate(stroke: s, point: p))
            }
        }
    }
}
