import SignetCore

/// One ink colour over transparency, as the renderer draws it: a coverage (alpha) byte per pixel
/// and the ink's colour. It stands for `bitmap` — every pixel the ink's R, G, B with the mask's
/// alpha — in a quarter of the memory, and the PNG encoder can write it without expanding it.
package struct CoverageMask: Sendable, Hashable {
    package var width: Int
    package var height: Int
    /// `width * height` coverage bytes, rows top to bottom.
    package var alpha: [UInt8]
    /// The ink colour (its alpha is not used: coverage is the only alpha).
    package var ink: Color
    /// Resolution for the PNG `pHYs` chunk, when known.
    package var dpi: Double?

    package init(width: Int, height: Int, alpha: [UInt8], ink: Color, dpi: Double? = nil) {
        precondition(width >= 0 && height >= 0 && alpha.count == width * height, "coverage buffer size")
        self.width = width
        self.height = height
        self.alpha = alpha
        self.ink = ink
        self.dpi = dpi
    }

    package var pixelCount: Int { width * height }

    /// The ink's R, G, B bytes, rounded as in `bitmap`.
    package var inkBytes: (red: UInt8, green: UInt8, blue: UInt8) {
        let rgb = Bitmap.word(ink).littleEndian
        return (
            UInt8(truncatingIfNeeded: rgb), UInt8(truncatingIfNeeded: rgb >> 8), UInt8(truncatingIfNeeded: rgb >> 16)
        )
    }

    /// The RGBA bitmap this mask stands for.
    package var bitmap: Bitmap {
        alpha.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return Bitmap(width: width, height: height, pixels: [], dpi: dpi) }
            return Bitmap(alphaMask: base, stride: width, width: width, height: height, ink: ink, dpi: dpi)
        }
    }
}
