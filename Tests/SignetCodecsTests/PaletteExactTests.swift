import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The palette's precision: exact colours while the image has few, binned ones beyond; and the
/// colour counts between powers of two that a budget buys.
struct PaletteExactTests {
    /// `count` opaque grays one level apart, in vertical stripes: colours a 5-bit bin merges
    /// eight at a time.
    static func stripes(_ count: Int) -> Bitmap {
        let width = count * 4, height = 16
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8(x / 4)
                for c in 0..<3 { pixels[4 * (y * width + x) + c] = level }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    @Test("an image of at most 256 colours, however close, comes back exact from a 256-colour palette")
    func closeColoursStayApart() throws {
        let image = Self.stripes(200)
        let indexed = PaletteQuantizer(image).quantize(colors: 256)
        #expect(indexed.palette.count == 200, "\(indexed.palette.count) entries for 200 grays one level apart")
        #expect(byteDifference(indexed.bitmap.pixels, image.pixels) == nil)
    }

    @Test("an image of more colours than the exact histogram holds still gets a palette of those asked")
    func manyColoursAreBinned() {
        let image = TestImages.photo(width: 400, height: 300)
        var seen = Set<UInt32>()
        for i in 0..<image.pixelCount {
            let p = image.pixels[(4 * i)..<(4 * i + 4)]
            seen.insert(p.reduce(0) { $0 << 8 | UInt32($1) })
        }
        #expect(seen.count > PaletteQuantizer.exactBins, "the case needs over \(PaletteQuantizer.exactBins) colours")
        let indexed = PaletteQuantizer(image).quantize(colors: 64)
        let score = ColorSSIM.score(image, indexed.bitmap).color.mean
        print("\(seen.count) colours in 64 entries: colour SSIM \(score)")
        #expect(indexed.palette.count == 64 && score > 0.8)
    }

    @Test("a budget between two powers of two buys the colours between them")
    func colourCountBetweenPowersOfTwo() throws {
        let image = TestImages.multiColorSignature(width: 900, height: 300)
        let reference = image.flattened(onto: .white)
        let quantizer = PaletteQuantizer(image)
        let bytes = try [32, 64].map {
            try quantizer.quantize(colors: $0).png(options: PNGBudgetFit.paletteSetting, dpi: nil).count
        }
        #expect(bytes[0] < bytes[1], "the case needs 64 colours to cost more than 32")
        let budget = (bytes[0] + bytes[1]) / 2
        var fit = PNGBudgetFit(options: BudgetOptions(maxBytes: budget, format: .png))
        let palette = try #require(try fit.paletteCandidate(image, reference: reference, budget: budget))
        print("32 colours \(bytes[0]) bytes, 64 colours \(bytes[1]); at \(budget): \(palette.colors!) colours")
        #expect(palette.bytes.count <= budget)
        #expect(palette.width == image.width && (33...63).contains(palette.colors!), "\(palette.why)")
    }
}
