/// The file types `signet render` writes.
public enum RenderOutputType: String, Sendable, Hashable, Codable, CaseIterable {
    case png, svg, pdf

    /// The type a file name asks for by its extension (any case); `nil` for an unknown one.
    /// A name without an extension (or `-`) asks for nothing and gets the default, PNG.
    public init?(fileName: String) {
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
    public var bytes: [UInt8]
    public var type: RenderOutputType
    public var layout: RenderLayout
}

/// One call from a drawing to file bytes: smooth, lay out, render with cairo, encode.
public enum RenderPipeline {
    public static func render(
        _ drawing: Drawing, as type: RenderOutputType, options: RenderOptions = RenderOptions(),
        png: PNGOptions = PNGOptions()
    ) throws -> RenderedFile {
        switch type {
        case .png:
            let rendering = try Renderer.raster(drawing, options: options)
            return RenderedFile(bytes: try PNGEncoder.encode(rendering.image, options: png), type: type, layout: rendering.layout)
        case .svg, .pdf:
            let rendering = try Renderer.vector(drawing, format: type == .svg ? .svg : .pdf, options: options)
            return RenderedFile(bytes: rendering.bytes, type: type, layout: rendering.layout)
        }
    }
}
