import SignetCore

/// Bitmaps from cairo's image formats.
extension Bitmap {
    /// Copies cairo's ARGB32 pixels (premultiplied alpha, one native-endian 32-bit word per
    /// pixel, `stride` bytes per row) into straight-alpha RGBA, rounding to the nearest value.
    init(premultipliedARGB32 base: UnsafeRawPointer, stride: Int, width: Int, height: Int, dpi: Double?) {
        let pixels = Bitmap.words(width: width, height: height) { y, out in
            let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { out[x] = Bitmap.straight(row[x]) }
        }
        self.init(width: width, height: height, pixels: pixels, dpi: dpi)
    }

    /// Colours cairo's A8 coverage (one byte per pixel, `stride` bytes per row) with `ink`.
    ///
    /// When everything drawn has one colour over a transparent background, every pixel's true
    /// colour is that colour and only alpha varies, so the renderer draws alpha alone: exact
    /// where un-premultiplying would add rounding noise at low alpha, and a quarter of the
    /// memory traffic. Transparent pixels carry the ink colour too, which keeps the colour
    /// channels constant for the encoder.
    init(alphaMask base: UnsafeRawPointer, stride: Int, width: Int, height: Int, ink: Color, dpi: Double?) {
        let rgb = Bitmap.word(ink)
        let pixels = Bitmap.words(width: width, height: height) { y, out in
            let row = (base + y * stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width { out[x] = rgb | (UInt32(row[x]) << 24).littleEndian }
        }
        self.init(width: width, height: height, pixels: pixels, dpi: dpi)
    }

    /// RGBA bytes filled row by row: `fill(y, row)` writes every one of row `y`'s `width` pixel
    /// words (so the buffer is not zeroed first).
    private static func words(width: Int, height: Int, _ fill: (Int, UnsafeMutablePointer<UInt32>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            buffer.withMemoryRebound(to: UInt32.self) { words in
                guard let out = words.baseAddress else { return }
                for y in 0..<height { fill(y, out + y * width) }
            }
            count = width * height * 4
        }
    }

    /// The R, G, B bytes of `color` (alpha 0) as the word they form in memory.
    static func word(_ color: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(color.red) | byte(color.green) << 8 | byte(color.blue) << 16).littleEndian
    }

    /// One premultiplied ARGB word as straight RGBA bytes in memory order.
    @inline(__always)
    private static func straight(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        guard a != 0 else { return 0 }
        var r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
        if a != 255 {
            // c·255/a, rounded; premultiplied channels never exceed alpha, so this stays ≤ 255.
            (r, g, b) = ((r * 255 + a / 2) / a, (g * 255 + a / 2) / a, (b * 255 + a / 2) / a)
        }
        return (r | g << 8 | b << 16 | a << 24).littleEndian
    }
}

/// Coverage masks from cairo's A8 format.
extension CoverageMask {
    /// Copies cairo's A8 coverage (one byte per pixel, `stride` bytes per row).
    init(a8 base: UnsafeRawPointer, stride: Int, width: Int, height: Int, ink: Color, dpi: Double?) {
        let alpha = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            if let out = buffer.baseAddress {
                for y in 0..<height {
                    (out + y * width).initialize(
                        from: (base + y * stride).assumingMemoryBound(to: UInt8.self), count: width)
                }
            }
            count = width * height
        }
        self.init(width: width, height: height, alpha: alpha, ink: ink, dpi: dpi)
    }
}
