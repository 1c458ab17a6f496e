import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// What a budget buys grows with the budget, and a blocky full size is weighed against a smaller,
/// cleaner one.
struct BudgetMonotonyTests {
    static let seal = TestImages.twoInkSeal(size: 384)

    @Test("a seal of two inks: the full size only at a low quality, so a smaller size is searched too")
    func blockyFullSizeMeetsASmallerOne() throws {
        let budget = 12_000
        let full = try BudgetFitter.fit(
            Self.seal, options: BudgetOptions(maxBytes: budget, format: .jpeg, allowResize: false))
        print("full size alone: quality \(full.quality!), colour SSIM \(full.colorSSIM), \(full.encodes) encodes")
        #expect(full.quality! < JPEGSizeLadder.aims[0], "the case needs a blocky full size: \(full.reason)")
        let result = try BudgetFitter.fit(Self.seal, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        print("choice: \(result.width)×\(result.height) q\(result.quality!) \(result.colorSSIM); \(result.reason)")
        #expect(result.bytes.count <= budget)
        let smaller = [result.width, result.runnerUp?.width ?? Self.seal.width].min()!
        #expect(smaller < Self.seal.width, "no smaller size searched: \(result.reason)")
        #expect(result.colorSSIM >= full.colorSSIM, "\(result.colorSSIM) against the full size's \(full.colorSSIM)")
    }

    @Test("a bigger budget never yields a smaller image", arguments: [BudgetFormat.jpeg, .png])
    func biggerBudgetNeverSmaller(format: BudgetFormat) throws {
        let image = format == .png ? TestImages.seal(size: 384) : Self.seal
        var last: (budget: Int, width: Int)?
        for budget in [6_000, 9_000, 13_000, 20_000, 30_000, 45_000, 70_000] {
            let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: budget, format: format))
            print("\(format) \(budget): \(result.width)×\(result.height) \(result.layout) \(result.colorSSIM)")
            #expect(result.bytes.count <= budget)
            if let last {
                let why = "\(budget) bytes: \(result.width) px wide, below \(last.width) at \(last.budget)"
                #expect(result.width >= last.width, "\(why); \(result.reason)")
            }
            last = (budget, result.width)
        }
    }
}
