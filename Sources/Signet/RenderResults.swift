/// The file types `signet render` writes.
public enum RenderOutputType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A PNG image (libpng), an SVG document or a one-page PDF (cairo vector surfaces).
    case png, svg, pdf

    /// The type a file name asks for by its extension (any case); `nil` for an unknown one.
    /// A name without an extension (or `-`) asks for nothing and gets the default, PNG.
    /// - Parameter fileName: A file name or path, such as `out.svg`.
    package init?(fileName: String) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .png
            return
        }
        guard let type = RenderOutputType(rawValue: name[name.index(after: dot)...].lowercased()) else { return nil }
        self = type
    }
}

/// A drawing rendered into the bytes of one output file.
public struct RenderedFile: Sendable, Hashable {
    /// The encoded file.
    public var bytes: [UInt8]
    /// What the bytes are.
    public var type: RenderOutputType
    /// Pixel size, transform, resolution and ink bounds of the rendering.
    public var layout: RenderLayout
    /// Strokes and samples of the drawing that was rendered.
    package var strokes: Int
    /// The number of points rendered.
    package var points: Int
    /// The stroke format read, when the drawing came from a stroke file (`nil` for a drawing given).
    package var format: StrokeFormat? = nil
}

/// A drawing rendered and then fitted under a byte budget.
public struct BudgetedRendering: Sendable, Hashable {
    /// The encoded file and how it was chosen (its size may be smaller than `layout`'s after downscaling).
    public var result: BudgetResult
    /// Where the ink sits in the rendering, before any downscaling.
    public var layout: RenderLayout
    /// Strokes and samples of the drawing that was rendered.
    package var strokes: Int
    /// The number of points rendered.
    package var points: Int
    /// The stroke format read, when the drawing came from a stroke file (`nil` for a drawing given).
    package var format: StrokeFormat? = nil
}
