import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The original's CIELAB kept for a whole budget fit (`LabReference`): every score it serves is
/// the score made without it, bit for bit, whichever rows were converted before; and ΔE is the
/// mean over 2×2 block means of the per-pixel CIE76 distance, computed here the long way.
struct LabReferenceTests {
    /// Opaque images of the kinds a budget fit sees: flat paper with ink, flat fills with texture,
    /// a photo-like scene; banded (600 × 620: `SSIMSample` bands) and whole-row samples.
    /// A blue ink, so the signature has colour to convert.
    static let ink = Color(red: 0.1, green: 0.2, blue: 0.6)

    static let images: [(name: String, image: Bitmap)] = [
        ("signature 420×160", TestImages.signature(width: 420, height: 160, ink: ink).flattened(onto: .white)),
        ("two-ink seal 240", TestImages.twoInkSeal(size: 240)),
        ("photo 301×203", TestImages.photo(width: 301, height: 203)),
        ("photo 600×620", TestImages.photo(width: 600, height: 620)),
    ]

    /// `image` encoded at `quality` after scaling by `scale`.
    static func candidate(_ image: Bitmap, scale: Double, quality: Int) throws -> [UInt8] {
        let (w, h) = (Int(Double(image.width) * scale), Int(Double(image.height) * scale))
        let small = scale == 1 ? image : image.downscaled(toWidth: w, height: h)
        let mode = JPEGMode(subsampling: .half, progressive: true)
        return try #require(try JPEGSource(opaque: small, grayscale: false).encode(quality: quality, mode: mode))
    }

    @Test(
        "scores with one reference shared by several candidates equal the scores without it",
        arguments: 0..<images.count)
    func sameScores(_ index: Int) throws {
        let (name, image) = Self.images[index]
        let sample = try #require(SSIMSample(width: image.width, height: image.height))
        let reference = LabReference(
            width: image.width, height: image.height,
            halves: SSIM.halvesChroma(width: image.width, height: image.height))
        // The sampled scores first, so the whole scores after them find some rows held and convert the rest.
        for (scale, quality) in [(1.0, 20), (0.7, 45), (1.0, 80), (0.5, 10)] {
            let jpeg = try Self.candidate(image, scale: scale, quality: quality)
            let sampled = try [nil, reference].map {
                try SampledStripTests.scoredWhole(jpeg, original: image, sample: sample, gray: false, reference: $0)
            }
            let decoded = try JPEGCodec.decode(jpeg)
            let whole = [nil, reference].map { ColorSSIM.atOriginalSize(decoded, original: image, reference: $0) }
            for (what, pair) in [("sample", sampled), ("whole", whole)] {
                let (plain, cached) = (try #require(pair[0].color.difference), try #require(pair[1].color.difference))
                #expect(
                    plain.mean == cached.mean && plain.rows?.rows == cached.rows?.rows
                        && pair[0].color.mean == pair[1].color.mean,
                    "\(name), scale \(scale) q\(quality), \(what): ΔE \(plain.mean) without, \(cached.mean) with")
            }
        }
    }

    @Test("ΔE is the mean per-pixel CIE76 distance over 2×2 block means", arguments: 0..<3)
    func longWay(_ index: Int) throws {
        let (name, image) = Self.images[index]
        let decoded = try JPEGCodec.decode(try Self.candidate(image, scale: 1, quality: 15))
        let reference = LabReference(width: image.width, height: image.height, halves: true)
        let got = ColorSSIM.score(image, decoded, reference: reference).color.difference!.mean
        let (w, h) = (image.width / 2, image.height / 2)
        var total = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let (a, b) = (Self.blockLab(image, x, y), Self.blockLab(decoded, x, y))
                let (dl, da, db) = (a.l - b.l, a.a - b.a, a.b - b.b)
                total += Double((dl * dl + da * da + db * db).squareRoot())
            }
        }
        let expected = total / Double(w * h)
        #expect(abs(got - expected) < 1e-9 * expected, "\(name): ΔE \(got), the long way \(expected)")
    }

    /// CIELAB of the 2×2 block at (`x`, `y`) of the halved image: each plane's mean, converted.
    static func blockLab(_ image: Bitmap, _ x: Int, _ y: Int) -> (l: Float, a: Float, b: Float) {
        let planes = SSIMChannel.allCases.map { channel -> Float in
            var values = [Float](repeating: 0, count: 4)
            for (k, (dx, dy)) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
                let start = ((2 * y + dy) * image.width + 2 * x + dx) * 4
                image.pixels.withUnsafeBufferPointer {
                    channel.convert($0.baseAddress! + start, count: 1, into: &values[k])
                }
            }
            return 0.25 * (values[0] + values[1] + values[2] + values[3])
        }
        return ColorDifference.lab(planes[0], planes[1], planes[2])
    }
}
