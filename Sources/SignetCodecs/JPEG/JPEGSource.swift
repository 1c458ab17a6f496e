import CSignetJPEG
import Dispatch
import SignetCore
import SignetRaster

/// An opaque image laid out the way libjpeg reads it — one gray byte per pixel, or R, G, B, X —
/// prepared once and then encoded at as many qualities as a search needs.
struct JPEGSource: Sendable {
    let width: Int
    let height: Int
    /// 1 (gray) or 4 (RGBX).
    let components: Int
    let pixels: [UInt8]
    let dpi: Double?

    /// `opaque` must have no transparency (flatten it first). With `grayscale`, color pixels are
    /// reduced to their Rec. 601 luma, the weights JPEG itself uses.
    init(opaque bitmap: Bitmap, grayscale: Bool) {
        width = bitmap.width
        height = bitmap.height
        dpi = bitmap.dpi
        guard grayscale else {
            components = 4
            pixels = bitmap.pixels
            return
        }
        components = 1
        let count = bitmap.pixelCount
        pixels = [UInt8](unsafeUninitializedCapacity: count) { gray, initialized in
            bitmap.pixels.withUnsafeBufferPointer { rgba in
                for i in 0..<count {
                    let r = UInt32(rgba[4 * i]), g = UInt32(rgba[4 * i + 1]), b = UInt32(rgba[4 * i + 2])
                    gray[i] = r == g && g == b ? UInt8(r) : UInt8((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
                }
            }
            initialized = count
        }
    }

    var isGray: Bool { components == 1 }

    /// `encode` with a search's mode (optimized Huffman tables always).
    func encode(quality: Int, mode: JPEGMode, byteLimit: Int? = nil) throws -> [UInt8]? {
        try encode(quality: quality, subsampling: mode.subsampling, progressive: mode.progressive, byteLimit: byteLimit)
    }

    /// Several encodes at once, each on its own core (libjpeg keeps no shared state between them).
    func encode(_ jobs: [(quality: Int, byteLimit: Int?)], mode: JPEGMode) throws -> [[UInt8]?] {
        try Parallel.map(jobs) { try encode(quality: $0.quality, mode: mode, byteLimit: $0.byteLimit) }
    }

    /// Each of `sources` at one quality, side by side.
    static func encode(_ sources: [JPEGSource], quality: Int, mode: JPEGMode) throws -> [[UInt8]] {
        // Without a byte limit the encoder always returns bytes or throws.
        try Parallel.map(sources) { try $0.encode(quality: quality, mode: mode)! }
    }

    /// The JPEG at `quality`, or `nil` when `byteLimit` is given and the output would exceed it
    /// (the encode then stops as soon as it passes the limit).
    func encode(
        quality: Int, subsampling: ChromaSubsampling, progressive: Bool = false, optimize: Bool = true,
        byteLimit: Int? = nil
    ) throws -> [UInt8]? {
        guard (1...100).contains(quality) else {
            throw CodecError(.invalidOption("JPEG quality must be between 1 and 100, not \(quality)."))
        }
        var params = signet_jpeg_encode_params()
        params.width = Int32(width)
        params.height = Int32(height)
        params.input_components = Int32(components)
        params.quality = Int32(quality)
        params.chroma_factor = subsampling.lumaFactor
        params.optimize_coding = optimize ? 1 : 0
        params.progressive = progressive ? 1 : 0
        if let dpi, dpi >= 1, dpi <= 65535 {
            params.density_unit = 1
            params.x_density = Int32(dpi.rounded())
            params.y_density = Int32(dpi.rounded())
        }
        params.byte_limit = byteLimit ?? 0
        return try LibJPEG.encode(params, pixels)
    }
}
