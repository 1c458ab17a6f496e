import SignetCore

extension CoverageMask {
    /// The coverage of `masks` painted one over another in `ink` (its alpha included), as
    /// cairo's OVER operator gives on an A8 surface: each layer's `α·m` added to what is left
    /// uncovered below it, rounded as pixman rounds.
    init(layering masks: [ShapeMask], width: Int, height: Int, ink: Color, dpi: Double?) {
        let opacity = UInt32((min(max(ink.alpha, 0), 1) * 255).rounded())
        var alpha = [UInt8](repeating: 0, count: width * height)
        alpha.withUnsafeMutableBufferPointer { out in
            for mask in masks {
                mask.alpha.withUnsafeBytes { shape in
                    for row in 0..<mask.height {
                        let from = row * mask.width, to = (mask.y + row) * width + mask.x
                        var column = 0
                        while column < mask.width {
                            // Most of a shape's box is empty: eight untouched pixels are stepped over at once.
                            if column + 8 <= mask.width,
                                shape.loadUnaligned(fromByteOffset: from + column, as: UInt64.self) == 0
                            {
                                column += 8
                                continue
                            }
                            let m = UInt32(shape[from + column])
                            if m != 0 {
                                let source = opacity == 255 ? m : Self.multiply(m, opacity)
                                let below = UInt32(out[to + column])
                                out[to + column] =
                                    below == 0 ? UInt8(source) : UInt8(source + Self.multiply(below, 255 - source))
                            }
                            column += 1
                        }
                    }
                }
            }
        }
        self.init(width: width, height: height, alpha: alpha, ink: ink, dpi: dpi)
    }

    /// a·b / 255, rounded (pixman's `MUL_UN8`).
    @inline(__always)
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }
}
