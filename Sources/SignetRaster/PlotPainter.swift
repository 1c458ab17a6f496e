import CCairo
import SignetCore

/// Paints a `PlotScene` into a bitmap through cairo, text in `font`, on white.
package enum PlotPainter {
    /// The scene at `scale` pixels per page unit.
    package static func bitmap(_ scene: PlotScene, font: TextFont, scale: Double = 1) throws -> Bitmap {
        let (width, height) = (Int((scene.width * scale).rounded(.up)), Int((scene.height * scale).rounded(.up)))
        let surface = try CairoSurface(imageWidth: width, height: height, alphaOnly: false)
        let context = try CairoContext(surface)
        context.paint(.white)
        context.setTransform(Transform(a: scale, b: 0, c: 0, d: scale, e: 0, f: 0))
        for item in scene.items {
            switch item {
            case .line(let points, let color, let width, let dashed, _):
                line(points, color: color, width: width, dash: dashed ? [4, 3] : [], on: context)
            case .frame(let rect, let color):
                let corners = [
                    Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                    Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
                    Point(x: rect.minX, y: rect.minY),
                ]
                line(corners, color: color, width: 1, dash: [], on: context)
            case .text(let text, let at, let size, let anchor, let color):
                let advance = font.advance(text) * size
                let x = anchor == .start ? at.x : anchor == .middle ? at.x - advance / 2 : at.x - advance
                context.lend { cr in
                    cairo_set_font_face(cr, font.face)
                    cairo_set_font_size(cr, size)
                    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                    cairo_move_to(cr, x, at.y)
                    cairo_show_text(cr, text)
                }
            }
        }
        try context.finish()
        return try surface.withImagePixels { base, stride in
            Bitmap(premultipliedARGB32: base, stride: stride, width: width, height: height, dpi: 96 * scale)
        }
    }

    /// Strokes a polyline (butt caps, round joins), dashed when `dash` is not empty.
    private static func line(_ points: [Point], color: Color, width: Double, dash: [Double], on context: CairoContext) {
        guard let first = points.first else { return }
        context.lend { cr in
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(cr, width)
            dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            cairo_stroke(cr)
        }
    }
}
