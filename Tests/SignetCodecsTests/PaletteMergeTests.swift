import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// Palette entries that are written as the same bytes are one entry: otherwise the pixels of one
/// colour are split between two indices, which costs deflate bytes and the budget colours.
struct PaletteMergeTests {
    /// One ink colour over transparency in vertical stripes of alpha 0, 3, 6 (which snap to
    /// clear), 249, 252 and 255 (which snap to solid): six exact colours that are two once written.
    static let snapping: Bitmap = {
        let alphas: [UInt8] = [0, 3, 6, 249, 252, 255]
        let width = alphas.count * 8, height = 8
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = 4 * (y * width + x)
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (25, 35, 107, alphas[x / 8])
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }()

    @Test("colours that snap to the clear or the solid entry share it: two entries, not six")
    func snappedEntriesMerge() throws {
        let indexed = PaletteQuantizer(Self.snapping).quantize(colors: 6)
        let entries = indexed.palette.map { [$0.r, $0.g, $0.b, $0.a] }
        #expect(entries.count == 2, "entries \(entries)")
        let decoded = indexed.bitmap
        for x in 0..<Self.snapping.width {
            let alpha = decoded.pixels[4 * x + 3], source = Self.snapping.pixels[4 * x + 3]
            let expected: UInt8 = source < 128 ? 0 : 255
            #expect(alpha == expected, "column \(x): alpha \(source) became \(alpha), not \(expected)")
        }
        let png = try indexed.png(options: PNGBudgetFit.paletteSetting, dpi: nil)
        #expect(png[24] == 1, "two entries need 1 bit a pixel; the PNG has bit depth \(png[24])")
    }

    @Test("a quantised multi-colour signature has no two entries alike at any palette size")
    func entriesAreDistinct() {
        let quantizer = PaletteQuantizer(TestImages.multiColorSignature(width: 900, height: 300))
        for colors in [8, 16, 32, 64, 256] {
            let entries = quantizer.quantize(colors: colors).palette.map { [$0.r, $0.g, $0.b, $0.a] }
            #expect(Set(entries).count == entries.count, "\(colors) colours asked: \(entries)")
        }
    }
}
