import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The PNG and auto paths: lossless first, transparency kept, lossy or downscaled only when needed.
struct PNGBudgetTests {
    static let signature = TestImages.signature(width: 600, height: 200)

    static func hasTransparency(_ bitmap: Bitmap) -> Bool { !bitmap.isOpaque }

    @Test("a PNG that fits is lossless: it decodes to exactly the input")
    func lossless() throws {
        #expect(try PNGEncoder.encode(Self.signature).count > 4_500, "the downscale cases below need a bigger PNG")
        let result = try BudgetFitter.fit(Self.signature, options: BudgetOptions(maxBytes: 200_000, format: .png))
        #expect(result.format == .png && !result.resized && result.ssim == 1)
        #expect(byteDifference(try PNGDecoder.decode(result.bytes).pixels, Self.signature.pixels) == nil)
        #expect(["gray+alpha", "palette"].contains(result.layout))
    }

    @Test(
        "a PNG over the budget fits, lossy or downscaled, and keeps its transparency",
        arguments: [1_500, 3_000, 4_500])
    func overBudget(budget: Int) throws {
        let result = try BudgetFitter.fit(Self.signature, options: BudgetOptions(maxBytes: budget, format: .png))
        #expect(result.bytes.count <= budget)
        let decoded = try PNGDecoder.decode(result.bytes)
        #expect(decoded.width == result.width && Self.hasTransparency(decoded))
        #expect(
            result.reason.contains(result.resized ? "downscaled from 600×200" : "palette PNG (lossy"),
            "\(result.reason)")
    }

    @Test("auto: transparency and a PNG that fits → PNG; too big → JPEG on the background; opaque → JPEG")
    func auto() throws {
        let roomy = try BudgetFitter.fit(Self.signature, options: BudgetOptions(maxBytes: 200_000))
        #expect(roomy.format == .png && roomy.reason.hasPrefix("transparency kept"))
        let tight = try BudgetFitter.fit(Self.signature, options: BudgetOptions(maxBytes: 3_000))
        #expect(tight.format == .jpeg && tight.reason.hasPrefix("a PNG with transparency needs"))
        #expect(tight.bytes.count <= 3_000)
        let photo = try BudgetFitter.fit(
            TestImages.photo(width: 200, height: 150), options: BudgetOptions(maxBytes: 200_000))
        #expect(photo.format == .jpeg && photo.reason.hasPrefix("opaque image"))
    }

    @Test("a PNG that cannot fit even at the minimum size fails with exit 1")
    func unreachable() {
        let error = #expect(throws: CodecError.self) {
            try BudgetFitter.fit(TestImages.seal(size: 200), options: BudgetOptions(maxBytes: 100, format: .png))
        }
        #expect(error?.kind == .failed && error?.message.contains("no palette PNG fits") == true)
    }
}
