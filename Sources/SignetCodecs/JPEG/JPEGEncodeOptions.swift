import SignetCore

/// How `JPEGCodec.encode` writes a JPEG.
package struct JPEGEncodeOptions: Sendable, Hashable, Codable {
    /// libjpeg quality, 1…100. Default 85.
    package var quality: Int
    /// Chroma subsampling for color images. Default 4:2:0.
    package var subsampling: ChromaSubsampling
    /// `true`: one gray component; `false`: YCbCr; `nil` (default): gray exactly when every pixel is gray.
    package var grayscale: Bool?
    /// Progressive scans (slower to encode, often a little smaller). Default off.
    package var progressive: Bool
    /// Optimized Huffman tables (a second pass; always smaller). Default on.
    package var optimizeHuffman: Bool
    /// What transparent pixels are composited onto, since JPEG has no alpha. Default white.
    package var background: Color

    package init(
        quality: Int = 85, subsampling: ChromaSubsampling = .half, grayscale: Bool? = nil,
        progressive: Bool = false, optimizeHuffman: Bool = true, background: Color = .white
    ) {
        self.quality = quality
        self.subsampling = subsampling
        self.grayscale = grayscale
        self.progressive = progressive
        self.optimizeHuffman = optimizeHuffman
        self.background = background
    }
}
