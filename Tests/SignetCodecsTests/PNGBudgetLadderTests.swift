import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// A bigger PNG budget buys at least as much: never fewer pixels, never a lower score.
struct PNGBudgetLadderTests {
    static let budgets = [10_000, 15_000, 30_000, 60_000, 100_000, 200_000]

    /// The logo is where ranking by score alone gave a smaller lossless image at a larger budget
    /// (from 60 KB on, the full-size palette PNG of 30 KB is the floor).
    static let images: [String: Bitmap] = [
        "gradient logo 640": TestImages.gradientLogo(size: 640),
        "two-ink seal 512": TestImages.twoInkSeal(size: 512),
        "multi-colour signature 1200×400": TestImages.multiColorSignature(width: 1200, height: 400),
    ]

    @Test("over budgets of 10 to 200 KB, the PNG's size and score never fall", arguments: images.keys.sorted())
    func ladder(name: String) throws {
        let image = Self.images[name]!
        var last: (budget: Int, result: BudgetResult)?
        for budget in Self.budgets {
            let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: budget, format: .png))
            print(
                "\(name) \(budget): \(result.width)×\(result.height) \(result.layout) \(result.bytes.count) bytes, "
                    + "colour SSIM \(result.colorSSIM); \(result.reason)")
            #expect(result.bytes.count <= budget)
            if let (previous, before) = last {
                let against = "at \(budget) bytes against \(before.width)×\(before.height) at \(previous)"
                #expect(
                    result.width >= before.width && result.height >= before.height,
                    "\(name): \(result.width)×\(result.height) \(against); \(result.reason)")
                #expect(
                    result.colorSSIM >= before.colorSSIM,
                    "\(name): colour SSIM \(result.colorSSIM) \(against) (\(before.colorSSIM)); \(result.reason)")
            }
            last = (budget, result)
        }
    }
}
