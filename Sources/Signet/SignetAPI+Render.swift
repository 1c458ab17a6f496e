/// `render`: a drawing (or a stroke file) to PNG, SVG or PDF bytes, optionally under a byte budget.
extension SignetAPI {
    /// Smooths, lays out, renders with cairo and encodes: PNG (libpng), or SVG / one-page PDF
    /// (cairo vector surfaces) with the same paths, crop and physical size. Throws `RenderError`
    /// or `CodecError`.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - type: PNG (default), SVG or PDF.
    ///   - options: Colours, pen, scale or DPI, padding, crop, fit box and limits.
    ///   - png: How the PNG is encoded (ignored for SVG and PDF).
    /// - Returns: The file's bytes and its layout.
    /// - Throws: ``RenderError`` when the options or the image size are out of range; ``CodecError`` when encoding fails.
    public static func render(
        _ drawing: Drawing, as type: RenderOutputType = .png, options: RenderOptions = RenderOptions(),
        png: PNGOptions = PNGOptions()
    ) throws -> RenderedFile {
        let (strokes, points) = (drawing.strokes.count, drawing.sampleCount)
        switch type {
        case .png:
            let rendering = try Renderer.raster(drawing, options: options)
            return RenderedFile(
                bytes: try PNGEncoder.encode(rendering.image, options: png), type: type, layout: rendering.layout,
                strokes: strokes, points: points)
        case .svg, .pdf:
            let rendering = try Renderer.vector(drawing, format: type == .svg ? .svg : .pdf, options: options)
            return RenderedFile(
                bytes: rendering.bytes, type: type, layout: rendering.layout, strokes: strokes, points: points)
        }
    }

    /// Renders to a bitmap (transparent unless `options.background` is set), then fits it under
    /// `budget` like `fit(_:options:)`: one call from strokes to a budgeted stamp.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - options: Colours, pen, scale or DPI, padding, crop, fit box and limits.
    ///   - budget: The byte budget and the search's knobs.
    /// - Returns: The fitted file, the rendering's layout and what was rendered.
    /// - Throws: ``RenderError``, or ``CodecError`` when nothing fits the budget.
    public static func render(
        _ drawing: Drawing, options: RenderOptions = RenderOptions(), budget: BudgetOptions
    ) throws
        -> BudgetedRendering
    {
        let rendering = try Renderer.bitmap(drawing, options: options)
        return BudgetedRendering(
            result: try BudgetFitter.fit(rendering.bitmap, options: budget), layout: rendering.layout,
            strokes: drawing.strokes.count, points: drawing.sampleCount)
    }

    /// `signet render IN -o OUT`: reads the stroke file `input` (any format, `-` = standard
    /// input), renders it as `type` (default: from `output`'s extension, PNG without one) and
    /// writes `output` atomically (`-` = standard output). Errors name the file they are about.
    /// - Parameters:
    ///   - input: The stroke file (`-` = standard input).
    ///   - output: The file to write (`-` = standard output).
    ///   - type: PNG, SVG or PDF; `nil` picks it from `output`'s extension.
    ///   - reading: The format, drawing index and limits to read with.
    ///   - options: Colours, pen, scale or DPI, padding, crop, fit box and limits.
    /// - Returns: The file written, its layout and what was rendered.
    /// - Throws: ``FileError``, ``StrokeReadError``, ``RenderError`` or ``CodecError``, naming the file.
    @discardableResult
    public static func render(
        strokesAt input: String, to output: String, as type: RenderOutputType? = nil,
        reading: StrokeReadOptions = StrokeReadOptions(), options: RenderOptions = RenderOptions()
    ) throws -> RenderedFile {
        guard let type = type ?? RenderOutputType(fileName: output) else {
            throw RenderError(.badOption("cannot tell the output type of '\(output)'; name it .png, .svg or .pdf."))
        }
        let (drawing, format) = try StrokeFile.readDetecting(path: input, options: reading)
        var file: RenderedFile
        do {
            file = try render(drawing, as: type, options: options)
        } catch let error as RenderError {
            throw error.naming(input)
        } catch let error as CodecError {
            throw error.naming(output)
        }
        try AtomicOutput.write(file.bytes, to: output)
        file.format = format
        return file
    }

    /// `signet render IN -o OUT --max-bytes SIZE`: reads, renders, fits under `budget` and writes
    /// `output` atomically (`budget.format` decides PNG or JPEG, whatever `output` is called).
    /// - Parameters:
    ///   - input: The stroke file (`-` = standard input).
    ///   - output: The file to write (`-` = standard output).
    ///   - reading: The format, drawing index and limits to read with.
    ///   - options: Colours, pen, scale or DPI, padding, crop, fit box and limits.
    ///   - budget: The byte budget and the search's knobs.
    /// - Returns: The fitted file written, its layout and what was rendered.
    /// - Throws: ``FileError``, ``StrokeReadError``, ``RenderError`` or ``CodecError``, naming the file.
    @discardableResult
    public static func render(
        strokesAt input: String, to output: String, reading: StrokeReadOptions = StrokeReadOptions(),
        options: RenderOptions = RenderOptions(), budget: BudgetOptions
    ) throws -> BudgetedRendering {
        let (drawing, format) = try StrokeFile.readDetecting(path: input, options: reading)
        var rendering: BudgetedRendering
        do {
            rendering = try render(drawing, options: options, budget: budget)
        } catch let error as RenderError {
            throw error.naming(input)
        } catch let error as CodecError {
            throw error.naming(input)
        }
        try AtomicOutput.write(rendering.result.bytes, to: output)
        rendering.format = format
        return rendering
    }
}
