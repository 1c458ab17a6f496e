/// How a color JPEG stores its two chroma channels relative to luma.
package enum ChromaSubsampling: String, Sendable, Hashable, Codable, CaseIterable {
    /// Full-resolution chroma: sharpest color edges, largest files.
    case none = "4:4:4"
    /// Chroma halved in both directions: a quarter of the chroma data; the common default.
    case half = "4:2:0"

    /// The luma sampling factor libjpeg is given (chroma stays at 1).
    var lumaFactor: Int32 { self == .none ? 1 : 2 }
}
