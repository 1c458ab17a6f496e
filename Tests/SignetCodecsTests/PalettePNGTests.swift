import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// Lossy PNG under a budget: the palette quantiser, its indexed PNG, and the choice between it
/// and a lossless downscale.
struct PalettePNGTests {
    /// A multi-colour signature over transparency: four inks, overlapping anti-aliased edges.
    static let signature = TestImages.multiColorSignature(width: 900, height: 300)

    @Test("the quantiser keeps at most the colours asked and transparency exact; libpng decodes its PNG")
    func quantizer() throws {
        let quantizer = PaletteQuantizer(Self.signature)
        for colors in [256, 32, 4] {
            let indexed = quantizer.quantize(colors: colors)
            #expect(indexed.palette.count <= colors, "\(indexed.palette.count) entries for \(colors)")
            let png = try indexed.png(options: PNGBudgetFit.paletteSetting, dpi: nil)
            #expect(PNGBudgetFit.colorType(png) == "palette")
            let decoded = try PNGDecoder.decode(png)
            #expect(
                byteDifference(decoded.pixels, indexed.bitmap.pixels) == nil,
                "\(colors) colours: libpng reads back the palette image")
            // Fully transparent pixels stay fully transparent at any palette size (they have an
            // entry of their own); with a roomy palette, opaque ink stays opaque too.
            let exact: [UInt8] = colors == 256 ? [0, 255] : [0]
            for i in stride(from: 0, to: decoded.pixels.count, by: 4)
            where exact.contains(Self.signature.pixels[i + 3]) {
                if decoded.pixels[i + 3] != Self.signature.pixels[i + 3] {
                    Issue.record(
                        "pixel \(i / 4): alpha \(Self.signature.pixels[i + 3]) became \(decoded.pixels[i + 3])")
                    break
                }
            }
        }
    }

    @Test("more colours look better, by the budget's own score")
    func moreColorsScoreHigher() {
        let quantizer = PaletteQuantizer(Self.signature)
        let reference = Self.signature.flattened(onto: .white)
        let scores = [4, 16, 64].map {
            ColorSSIM.score(reference, quantizer.quantize(colors: $0).bitmap.flattened(onto: .white)).color.mean
        }
        #expect(scores[0] < scores[1] && scores[1] <= scores[2], "4, 16, 64 colours: \(scores)")
    }

    @Test("a colour signature over a tight PNG budget keeps its full size as a palette PNG, with alpha")
    func budgetKeepsSize() throws {
        let lossless = try PNGEncoder.encode(Self.signature).count
        let budget = lossless / 3
        let result = try BudgetFitter.fit(Self.signature, options: BudgetOptions(maxBytes: budget, format: .png))
        #expect(result.bytes.count <= budget, "\(result.bytes.count) of \(budget) bytes")
        #expect(result.layout == "palette" && !result.resized, "\(result.reason)")
        #expect(result.width == 900 && result.height == 300)
        let decoded = try PNGDecoder.decode(result.bytes)
        #expect(!decoded.isOpaque && decoded.pixels.contains { $0 == 0 }, "transparency kept")
        #expect(result.colorSSIM > 0.99, "colour SSIM \(result.colorSSIM)")
        // The lossless downscale was the alternative, and it scores lower.
        let runnerUp = try #require(result.runnerUp, "the lossless downscale competed")
        #expect(runnerUp.width < 900 && runnerUp.colorSSIM < result.colorSSIM, "\(runnerUp) vs \(result.colorSSIM)")
    }
}
