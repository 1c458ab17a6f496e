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

    @Test(
        "the same bytes as the RGBA bitmap it stands for (property, seeded)",
        arguments: [(20, 12), (300, 200), (181, 181), (1, 1)])
    func sameBytes(width: Int, height: Int) throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            for ink in Self.inks {
                let mask = Self.mask(width: width, height: height, ink: ink, seed: seed)
                let png = try PNGEncoder.encode(mask)
                #expect(png == (try PNGEncoder.encode(mask.bitmap)), "\(width)×\(height), seed \(seed)")
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
            PNGOptions(), PNGOptions(colorType: .palette), PNGOptions(colorType: .rgba),
            PNGOptions(colorType: .grayAlpha),
            PNGOptions(compressionLevel: 9, filter: .paeth, strategy: .standard),
        ]
        for mask in [large, solid] {
            for option in options {
                #expect(
                    try PNGEncoder.encode(mask, options: option)
                        == (try PNGEncoder.encode(mask.bitmap, options: option)))
            }
        }
        #expect(throws: CodecError.self) { try PNGEncoder.encode(large, options: PNGOptions(compressionLevel: 12)) }
        #expect(throws: CodecError.self) {
            try PNGEncoder.encode(CoverageMask(width: 0, height: 0, alpha: [], ink: .black))
        }
    }
}
