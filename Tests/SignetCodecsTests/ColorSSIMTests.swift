import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The budget's colour-aware score (`ColorSSIM`) and the choice it makes.
struct ColorSSIMTests {
    /// Moves the chroma of the pixel at byte offset `i` by (`cb`, `cr`), keeping its luma (up to rounding).
    static func shiftChroma(_ pixels: inout [UInt8], at i: Int, cb: Float, cr: Float) {
        // The inverse of JFIF's conversion for a change of Cb and Cr alone.
        let deltas = (1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb)
        pixels[i] = UInt8(min(max(Float(pixels[i]) + deltas.0, 0), 255).rounded())
        pixels[i + 1] = UInt8(min(max(Float(pixels[i + 1]) + deltas.1, 0), 255).rounded())
        pixels[i + 2] = UInt8(min(max(Float(pixels[i + 2]) + deltas.2, 0), 255).rounded())
    }

    @Test("identical images score 1, luma and colour")
    func identical() {
        let image = TestImages.multiColorSignature(width: 120, height: 60).flattened(onto: .white)
        let score = ColorSSIM.score(image, image)
        #expect(score.luma.mean == 1 && score.color.mean == 1, "luma \(score.luma.mean), colour \(score.color.mean)")
    }

    @Test("damage to chroma alone lowers the colour score and not luma")
    func chromaDamage() {
        let image = TestImages.photo(width: 160, height: 120)
        var rng = SeededRandom(seed: 9)
        // Blotches of chroma, 8 × 8 pixels each, as a JPEG at a very low quality leaves.
        var damaged = image.pixels
        for y in stride(from: 0, to: 120, by: 8) {
            for x in stride(from: 0, to: 160, by: 8) {
                let (cb, cr) = (Float.random(in: -30...30, using: &rng), Float.random(in: -30...30, using: &rng))
                for row in y..<(y + 8) {
                    for column in x..<(x + 8) {
                        Self.shiftChroma(&damaged, at: (row * 160 + column) * 4, cb: cb, cr: cr)
                    }
                }
            }
        }
        let score = ColorSSIM.score(image, Bitmap(width: 160, height: 120, pixels: damaged))
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

    /// 4:2:0 JPEGs of colour test images at low, middle and high quality.
    static let halvedCases: [(name: String, image: Bitmap)] = [
        ("photo", TestImages.photo(width: 640, height: 480)),
        ("calm photo", TestImages.photo(width: 640, height: 480, noise: 4)),
        ("seal", TestImages.seal(size: 480).flattened(onto: .white)),
    ]

    @Test(
        "chroma at half resolution ranks 4:2:0 JPEGs and a downscale as full-resolution chroma does, up to near ties",
        arguments: 0..<halvedCases.count)
    func halvedChroma(_ index: Int) throws {
        let (name, image) = Self.halvedCases[index]
        let mode = JPEGMode(subsampling: .half, progressive: false)
        let full = try [10, 25, 40, 85].map { quality in
            try JPEGCodec.decode(JPEGSource(opaque: image, grayscale: false).encode(quality: quality, mode: mode)!)
        }
        let smaller = image.downscaled(toWidth: image.width * 3 / 4, height: image.height * 3 / 4)
        let small = try JPEGCodec.decode(JPEGSource(opaque: smaller, grayscale: false).encode(quality: 60, mode: mode)!)
        let upscaled = small.upscaled(toWidth: image.width, height: image.height)
        var halved: [Double] = [], fullResolution: [Double] = []
        for candidate in full + [upscaled] {
            let score = ColorSSIM.score(image, candidate)
            halved.append(score.color.mean)
            let chroma = [SSIMChannel.blueDifference, .redDifference].map { SSIM.score(image, candidate, $0).mean }
            fullResolution.append(0.8 * score.luma.mean + 0.1 * (chroma[0] + chroma[1]))
        }
        // Two candidates may swap only when they are within 0.001 at full resolution (a near tie).
        for i in halved.indices {
            for j in halved.indices where (halved[i] < halved[j]) != (fullResolution[i] < fullResolution[j]) {
                #expect(
                    abs(fullResolution[i] - fullResolution[j]) < 0.001,
                    "\(name): candidates \(i), \(j) swap; halved \(halved) vs full resolution \(fullResolution)")
            }
        }
    }
}
