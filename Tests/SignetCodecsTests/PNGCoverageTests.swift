import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@Suite("PNG from coverage masks")
struct PNGCoverageTests {
    /// Coverage like a rendering's: mostly transparent, solid ink, anti-aliased levels between.
    static func mask(width: Int, height: Int, ink: Color, seed: UInt64, solid: Bool = false) -> CoverageMask {
        var rng = SeededRandom(seed: seed)
        let alpha = (0..<(width * height)).map { _ -> UInt8 in
            if solid { return 255 }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: return 0
            case 6..<8: return 255
            default: return UInt8.random(in: 1...254, using: &rng)
            }
        }
        return CoverageMask(
            width: width, height: height, alpha: alpha, ink: ink, dpi: seed.isMultiple(of: 2) ? 300 : nil)
    }

    static let inks = [
        Color.black, Color(red: 0.1, green: 0.14, blue: 0.5), Color(red: 1, green: 0, blue: 0, alpha: 0.5),
    ]

    static let exact = PNGOptions(maskLevels: 256)

    @Test(
        "with all 256 levels: the same bytes as the RGBA bitmap it stands for (property, seeded)",
        arguments: [(20, 12), (300, 200), (181, 181), (1, 1)])
    func sameBytes(width: Int, height: Int) throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            for ink in Self.inks {
                let mask = Self.mask(width: width, height: height, ink: ink, seed: seed)
                let png = try PNGEncoder.encode(mask, options: Self.exact)
                #expect(
                    png == (try PNGEncoder.encode(mask.bitmap, options: Self.exact)), "\(width)×\(height), seed \(seed)"
                )
                #expect(
                    try PNGDecoder.decode(png).pixels == mask.bitmap.pixels,
                    "lossless (the dpi goes through pHYs rounding)")
            }
        }
    }

    @Test("large masks become palette images; other options and opaque masks go the RGBA way with the same result")
    func pathsAgree() throws {
        let large = Self.mask(width: 300, height: 200, ink: .black, seed: 3)
        #expect(PNGFixtures.colorType(try PNGEncoder.encode(large)) == 3)
        let solid = Self.mask(width: 300, height: 200, ink: .black, seed: 4, solid: true)
        let options = [
            PNGOptions(maskLevels: 256), PNGOptions(colorType: .palette, maskLevels: 256),
            PNGOptions(colorType: .rgba, maskLevels: 256), PNGOptions(colorType: .grayAlpha, maskLevels: 256),
            PNGOptions(compressionLevel: 9, filter: .paeth, strategy: .standard, maskLevels: 256),
        ]
        for mask in [large, solid] {
            for option in options {
                #expect(
                    try PNGEncoder.encode(mask, options: option)
                        == (try PNGEncoder.encode(mask.bitmap, options: option)))
            }
        }
        #expect(throws: CodecError.self) { try PNGEncoder.encode(large, options: PNGOptions(compressionLevel: 12)) }
        #expect(throws: CodecError.self) { try PNGEncoder.encode(large, options: PNGOptions(maskLevels: 1)) }
        #expect(throws: CodecError.self) {
            try PNGEncoder.encode(CoverageMask(width: 0, height: 0, alpha: [], ink: .black))
        }
    }

    /// Rounded coverage: every pixel within half a step (255 / (2 (levels − 1)), levels rounded to whole numbers) of its coverage, 0 and 255
    /// exact; at most 16 levels present give a palette of 1, 2 or 4 bits per pixel; libpng and
    /// Pillow read back the same pixels.
    @Test(
        "rounded to maskLevels: within half a step, packed palettes, read alike by libpng and Pillow",
        arguments: [(2, 1), (4, 2), (16, 4), (17, 8), (64, 8)])
    func rounded(levels: Int, depth: UInt8) throws {
        let mask = Self.mask(width: 301, height: 203, ink: Color(red: 0.1, green: 0.14, blue: 0.5), seed: 5)
        let png = try PNGEncoder.encode(mask, options: PNGOptions(maskLevels: levels))
        #expect(PNGFixtures.colorType(png) == 3 && png[24] == depth, "palette of \(depth) bits")
        let decoded = try PNGDecoder.decode(png)
        // Half a step, plus the rounding of the levels themselves to whole numbers.
        let limit = 255 / (2 * Double(levels - 1)) + 0.5
        var worst = 0
        for (i, a) in mask.alpha.enumerated() {
            let b = Int(decoded.pixels[i * 4 + 3])
            worst = max(worst, abs(b - Int(a)))
            if a == 0 || a == 255 { #expect(b == Int(a)) }
        }
        #expect(Double(worst) <= limit, "worst \(worst), allowed \(limit)")
        let ink = mask.inkBytes
        let inkEverywhere = stride(from: 0, to: decoded.pixels.count, by: 4).allSatisfy {
            decoded.pixels[$0] == ink.red && decoded.pixels[$0 + 1] == ink.green && decoded.pixels[$0 + 2] == ink.blue
        }
        #expect(inkEverywhere, "every palette entry is the ink colour")
        guard PythonTools.has("PIL") else { return }
        let folder = TemporaryDirectory("signet-png-levels")
        let path = folder.write("mask.png", bytes: png)
        let script =
            "from PIL import Image; im = Image.open('\(path)').convert('RGBA'); import sys; sys.stdout.buffer.write(im.tobytes())"
        let pillow = try ProcessRunner.run("python3", ["-c", script])
        #expect(pillow.status == 0 && pillow.stdout == decoded.pixels, "Pillow reads the same RGBA")
    }
}
