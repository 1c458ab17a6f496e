import Signet
import SignetCore

/// What `signet render --json` prints for one input: the rendered file or why it failed.
struct RenderReport: Encodable {
    var input: String
    var output: String
    var result: Result<Rendered, Failure>

    /// What is reported of a rendered file: everything but its bytes, so that a report of many
    /// files does not hold all of them in memory.
    struct Rendered {
        var layout: RenderLayout
        var type: RenderOutputType
        var byteCount: Int
        var strokes: Int
        var points: Int
        /// The stroke format read (`nil` for strokes that came from the signing page).
        var format: StrokeFormat?

        init(_ file: RenderedFile) {
            (layout, type, byteCount, strokes, points, format) = (
                file.layout, file.type, file.bytes.count, file.strokes, file.points, file.format
            )
        }

        /// An SVG's size in CSS pixels (96 per inch) or a PDF page's in points (72 per inch): the
        /// physical size of the `width`×`height` px image at `layout.pixelsPerInch`; nil for a PNG.
        var document: (width: Double, height: Double, unit: String)? {
            let perInch: Double
            switch type {
            case .png: return nil
            case .svg: perInch = 96
            case .pdf: perInch = 72
            }
            let k = perInch / layout.pixelsPerInch
            return (Double(layout.width) * k, Double(layout.height) * k, type == .svg ? "css-px" : "pt")
        }
    }

    struct Failure: Error, Encodable {
        var kind: FailureKind
        var message: String
    }

    private enum Key: String, CodingKey {
        case input, output, width, height, bytes, dpi, strokes, points, stroke_format, ink_bounds, document, error
    }

    private enum DocumentKey: String, CodingKey { case width, height, unit, pixels_per_inch }

    private enum BoundsKey: String, CodingKey { case x, y, width, height }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(input, forKey: .input)
        try c.encode(output, forKey: .output)
        switch result {
        case .failure(let failure):
            try c.encode(failure, forKey: .error)
        case .success(let file):
            try c.encode(file.layout.width, forKey: .width)
            try c.encode(file.layout.height, forKey: .height)
            try c.encode(file.byteCount, forKey: .bytes)
            try c.encode(file.layout.dpi, forKey: .dpi)
            try c.encode(file.strokes, forKey: .strokes)
            try c.encode(file.points, forKey: .points)
            try c.encodeIfPresent(file.format?.rawValue, forKey: .stroke_format)
            let b = file.layout.inkBounds
            var bounds = c.nestedContainer(keyedBy: BoundsKey.self, forKey: .ink_bounds)
            try bounds.encode(b.minX, forKey: .x)
            try bounds.encode(b.minY, forKey: .y)
            try bounds.encode(b.width, forKey: .width)
            try bounds.encode(b.height, forKey: .height)
            if let d = file.document {
                var document = c.nestedContainer(keyedBy: DocumentKey.self, forKey: .document)
                try document.encode(d.width, forKey: .width)
                try document.encode(d.height, forKey: .height)
                try document.encode(d.unit, forKey: .unit)
                try document.encode(file.layout.pixelsPerInch, forKey: .pixels_per_inch)
            }
        }
    }

    /// One line for a person: `face.json → out/face.png: 412×196 px, 5321 bytes, 3 strokes, 18 points, read as signet`
    /// (the stroke format, as `--format` names it).
    /// An SVG or PDF names its own unit and the image it matches:
    /// `face.svg: 206×98 CSS px (the 412×196 px image at 192 dpi), …` or `face.pdf: 154.5×73.5 pt page (…)`.
    var line: String? {
        guard case .success(let file) = result else { return nil }
        let pixels = "\(file.layout.width)×\(file.layout.height) px"
        var size = pixels
        if let d = file.document {
            let unit = d.unit == "pt" ? "pt page" : "CSS px"
            size =
                "\(NumberText.short(d.width, decimals: 1))×\(NumberText.short(d.height, decimals: 1)) \(unit) "
                + "(the \(pixels) image at \(NumberText.short(file.layout.pixelsPerInch)) dpi)"
        }
        return "\(StreamName.input(input)) → \(StreamName.output(output)): \(size), "
            + "\(file.byteCount) bytes, \(counted(file.strokes, "stroke")), \(counted(file.points, "point"))"
            + (file.format.map { ", read as \($0.rawValue)" } ?? "")
    }
}

/// `--output-dir` results: one entry per input, in input order.
struct RenderBatchReport: Encodable {
    var files: [RenderReport]
    var rendered: Int
    var failed: Int
}
