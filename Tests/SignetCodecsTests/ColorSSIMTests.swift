import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The budget's colour-aware score (`ColorSSIM`) and the choice it makes.
struct ColorSSIMTests {
    /// Four signatures in saturated inks laid over one another, then flattened onto white: the
    /// multi-colour signature of issue 21.
    static func multiColorSignature(width: Int, height: Int) -> Bitmap {
        let inks = [
            Color(red: 0.85, green: 0.05, blue: 0.1), Color(red: 0.1, green: 0.2, blue: 0.9),
            Color(red: 0.05, green: 0.6, blue: 0.15), Color(red: 0.8, green: 0.1, blue: 0.75),
        ]
        var pixels = Bitmap(width: width, height: height, fill: .white).pixels
        for (seed, ink) in inks.enumerated() {
            let layer = TestImages.signature(width: width, height: height, seed: UInt64(seed + 5), ink: ink, penRadius: 4)
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Double(layer.pixels[i + 3]) / 255
                for c in 0..<3 {
                    let mixed = Double(layer.pixels[i + c]) * alpha + Double(pixels[i + c]) * (1 - alpha)
                    pixels[i + c] = UInt8(mixed.rounded())
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// `image` with its chroma moved by (`cb`, `cr`) and its luma kept (up to rounding).
    static func chromaShifted(_ image: Bitmap, cb: Float, cr: Float) -> Bitmap {
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            // The inverse of JFIF's conversion for a change of Cb and Cr alone.
            let dr = 1.402 * cr, dg = -0.344136 * cb - 0.714136 * cr, db = 1.772 * cb
            for (c, d) in [(0, dr), (1, dg), (2, db)] {
                pixels[i + c] = UInt8(min(max(Float(pixels[i + c]) + d, 0), 255).rounded())
            }
        }
        return Bitmap(width: image.width, height: image.height, pixels: pixels)
    }

    @Test("identical images score 1, luma and colour")
    func identical() {
        let image = Self.multiColorSignature(width: 120, height: 60)
        let score = ColorSSIM.score(image, image)
        #expect(score.luma.mean == 1 && score.color.mean == 1, "luma \(score.luma.mean), colour \(score.color.mean)")
    }

    @Test("damage to chroma alone lowers the colour score and not luma")
    func chromaDamage() {
        let image = TestImages.photo(width: 160, height: 120)
        var rng = SeededRandom(seed: 9)
        // Blotches of chroma, 8 × 8 pixels each, as a JPEG at a very low quality leaves.
        var damaged = image
        for y in stride(from: 0, to: 120, by: 8) {
            for x in stride(from: 0, to: 160, by: 8) {
                let (cb, cr) = (Float.random(in: -30...30, using: &rng), Float.random(in: -30...30, using: &rng))
                let block = Self.chromaShifted(image, cb: cb, cr: cr)
                for row in y..<(y + 8) {
                    let start = (row * 160 + x) * 4
                    damaged.pixels.replaceSubrange(start..<(start + 32), with: block.pixels[start..<(start + 32)])
                }
            }
        }
        let score = ColorSSIM.score(image, damaged)
        #expect(score.luma.mean > 0.99, "luma \(score.luma.mean)")
        #expect(score.color.mean < score.luma.mean - 0.02, "luma \(score.luma.mean), colour \(score.color.mean)")
    }

    @Test("a gray image scores 0.8 × luma + 0.2: its chroma cannot differ")
    func gray() {
        let photo = TestImages.photo(width: 90, height: 60)
        let gray = { (scale: Int) -> Bitmap in
            var pixels = photo.pixels
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let value = UInt8((Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2])) / 3 * scale / 4)
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (value, value, value, 255)
            }
            return Bitmap(width: 90, height: 60, pixels: pixels)
        }
        let score = ColorSSIM.score(gray(4), gray(3))
        #expect(
            abs(score.color.mean - (0.8 * score.luma.mean + 0.2)) < 1e-12, "\(score.luma.mean) → \(score.color.mean)")
        #expect(score.luma.mean < 1)
    }
}
