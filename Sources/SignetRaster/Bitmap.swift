import SignetCore

/// An 8-bit RGBA image with straight (not premultiplied) alpha, rows top to bottom,
/// `width * 4` bytes per row. Every codec and the PDF stage exchange images as this value.
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]
    /// Resolution for the PNG `pHYs` chunk / JPEG density, when known.
    public var dpi: Double?

    /// A bitmap of `width` by `height` pixels from RGBA bytes (`width · height · 4`, not premultiplied).
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - pixels: `width * height * 4` bytes: R, G, B, A per pixel.
    ///   - dpi: Resolution for the PNG `pHYs` chunk / JPEG density, when known.
    public init(width: Int, height: Int, pixels: [UInt8], dpi: Double? = nil) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.dpi = dpi
    }

    /// A bitmap filled with one color.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - fill: The colour of every pixel.
    ///   - dpi: The resolution, when known.
    package init(width: Int, height: Int, fill: Color, dpi: Double? = nil) {
        let px: [UInt8] = [fill.red, fill.green, fill.blue, fill.alpha].map {
            UInt8((min(max($0, 0), 1) * 255).rounded())
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
        }
        self.init(width: width, height: height, pixels: pixels, dpi: dpi)
    }

    /// Width times height.
    package var pixelCount: Int { width * height }

    /// True when every pixel is opaque.
    package var isOpaque: Bool {
        // Alpha is the top byte of each little-endian pixel word; AND-ing a run of words keeps
        // it 0xFF only if every pixel had it (a loop the compiler vectorizes), checked per run
        // so a transparent image is rejected early.
        let alpha = UInt32(0xFF00_0000).littleEndian
        return allRuns { words, range in
            var all = alpha
            for i in range { all &= words.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) }
            return all & alpha == alpha
        }
    }

    /// True when every visible pixel has R = G = B (the image can be stored as gray).
    package var isGray: Bool {
        // Per word: (w ^ (w >> 8)) & 0xFFFF is zero exactly when R = G and G = B; it counts only
        // when alpha is not zero (((a + 255) >> 8) is 1 for a ≥ 1, 0 for a = 0).
        allRuns { words, range in
            var differences: UInt32 = 0
            for i in range {
                let w = UInt32(littleEndian: words.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                differences |= ((w ^ (w >> 8)) & 0xFFFF) &* (((w >> 24) &+ 255) >> 8)
            }
            return differences == 0
        }
    }

    /// True when `test` holds for every run of pixels (4096 at a time; pixel i's word at byte 4·i).
    private func allRuns(_ test: (UnsafeRawBufferPointer, Range<Int>) -> Bool) -> Bool {
        pixels.withUnsafeBytes { words in
            stride(from: 0, to: pixelCount, by: 4096).allSatisfy { test(words, $0..<min($0 + 4096, pixelCount)) }
        }
    }

    /// The RGBA value at (x, y).
    /// - Parameters:
    ///   - x: The column, from 0 at the left.
    ///   - y: The row, from 0 at the top.
    package subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The image composited over an opaque `background` (alpha becomes 255 everywhere):
    /// each channel becomes (c·a + bg·(255 − a)) / 255, rounded, with bg the background's byte value.
    /// - Parameter background: The opaque colour under the image.
    package func flattened(onto background: Color) -> Bitmap {
        let count = pixelCount
        let out = [UInt8](unsafeUninitializedCapacity: 4 * count) { out, initialized in
            pixels.withUnsafeBytes { p in
                Self.flatten(p.baseAddress!, into: UnsafeMutableRawPointer(out.baseAddress!), count, background)
            }
            initialized = 4 * count
        }
        return Bitmap(width: width, height: height, pixels: out, dpi: dpi)
    }

    /// `flattened(onto:)` in place: no second buffer when the pixels are not shared (a budget
    /// fit's decoded input).
    package mutating func flatten(onto background: Color) {
        let count = pixelCount
        pixels.withUnsafeMutableBytes { p in
            Self.flatten(UnsafeRawPointer(p.baseAddress!), into: p.baseAddress!, count, background)
        }
    }

    /// Pixels per piece of a flatten run on its own thread: smaller images are flattened on the
    /// calling thread (a stamp), larger ones on `Parallel.threads` (a photo's 48 MB in pieces).
    static let flattenPiece = 1 << 18

    /// `count` pixels from `source` composited over `background` into `target` (which may be
    /// `source`), in pieces of `flattenPiece` pixels side by side.
    private static func flatten(
        _ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, _ count: Int, _ background: Color
    ) {
        let pieces = (count + flattenPiece - 1) / flattenPiece
        nonisolated(unsafe) let (source, target) = (source, target)
        Parallel.forEach(pieces) { piece in
            let first = piece * count / pieces, end = (piece + 1) * count / pieces
            flattenRun(source + 4 * first, into: target + 4 * first, end - first, background)
        }
    }

    /// `flatten` of one run of pixels on the calling thread.
    private static func flattenRun(
        _ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, _ count: Int, _ background: Color
    ) {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let (br, bg, bb) = (byte(background.red), byte(background.green), byte(background.blue))
        let backgroundWord = (0xFF00_0000 | bb << 16 | bg << 8 | br).littleEndian
        // Pixel by pixel as little-endian words: opaque and fully transparent pixels (most
        // of a stamp) are copied, only the edges are blended. v / 255 for v < 65535 is
        // (v + 1 + (v >> 8)) >> 8 exactly; the largest v here is 255·255 + 127.
        for i in 0..<count {
            let w = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            let a = w >> 24
            var result = w.littleEndian
            if a == 0 {
                result = backgroundWord
            } else if a != 255 {
                let rest = 255 &- a
                func blend(_ c: UInt32, _ b: UInt32) -> UInt32 {
                    let v = (c & 0xFF) &* a &+ b &* rest &+ 127
                    return (v &+ 1 &+ (v >> 8)) >> 8
                }
                result =
                    (0xFF00_0000 | blend(w >> 16, bb) << 16 | blend(w >> 8, bg) << 8 | blend(w, br))
                    .littleEndian
            }
            target.storeBytes(of: result, toByteOffset: i &* 4, as: UInt32.self)
        }
    }
}
