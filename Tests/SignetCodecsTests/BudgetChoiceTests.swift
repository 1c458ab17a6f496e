import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The JPEG budget picks the size that looks best at the original size, cheaply; PNG uses the budget.
struct BudgetChoiceTests {
    /// Noisy photos where a smaller, cleaner JPEG and the full size at a low quality compete.
    static let cases: [(name: String, image: Bitmap, budget: Int)] = [
        ("noisy photo, tight", TestImages.photo(width: 1200, height: 800), 6_000),
        ("noisy photo, roomy", TestImages.photo(width: 900, height: 600, noise: 20), 60_000),
        ("calm photo", TestImages.photo(width: 1200, height: 800, noise: 4), 25_000),
        ("signature", TestImages.signature(width: 600, height: 200), 3_000),
    ]

    /// The SSIM a viewer sees: `result` decoded, upscaled back when smaller, against the original.
    static func independentSSIM(_ original: Bitmap, _ result: BudgetResult) throws -> Double {
        SSIM.atOriginalSize(try JPEGCodec.decode(result.bytes), original: original.flattened(onto: .white))
    }

    @Test(
        "the choice: within the budget, at most 12 encodes (16 past a blocky full size), the best SSIM tried",
        arguments: 0..<cases.count)
    func choice(_ index: Int) throws {
        let (name, image, budget) = Self.cases[index]
        let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        // Never worse than the full size alone (what --no-resize gives).
        let full = try BudgetFitter.fit(
            image, options: BudgetOptions(maxBytes: budget, format: .jpeg, allowResize: false))
        #expect(result.bytes.count <= budget, "\(name)")
        let blocky = full.quality! < JPEGSizeLadder.aims[0]
        let allowed =
            JPEGBudgetFit.maxEncodes + (blocky ? QualitySearch.probes(toSettle: 2 * JPEGSizeLadder.window + 1) : 0)
        #expect(result.encodes <= allowed, "\(name): \(result.encodes) encodes, full size at \(full.quality!)")
        #expect(abs(result.ssim - (try Self.independentSSIM(image, result))) < 1e-6, "\(name)")
        if let runnerUp = result.runnerUp {
            #expect(runnerUp.width != result.width, "\(name): the runner-up is another size")
            if runnerUp.isEstimate {
                // Ruled out by its row-sample estimate: smaller than the winner, never encoded whole.
                #expect(runnerUp.bytes == nil && runnerUp.width < result.width, "\(name)")
                #expect(result.reason.contains("not tried"), "\(name): \(result.reason)")
            } else {
                #expect(runnerUp.colorSSIM <= result.colorSSIM && (runnerUp.bytes ?? .max) <= budget, "\(name)")
            }
        }
        #expect(result.colorSSIM >= full.colorSSIM, "\(name): \(result.colorSSIM) vs full size \(full.colorSSIM)")
    }

    @Test("a tight budget on a noisy photo is downscaled, not sent at the bottom of the quality range")
    func downscalesWhenThatLooksBetter() throws {
        let (_, image, budget) = Self.cases[0]
        let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        let full = try BudgetFitter.fit(
            image, options: BudgetOptions(maxBytes: budget, format: .jpeg, allowResize: false))
        #expect(result.resized && result.quality! > full.quality!)
        #expect(result.runnerUp != nil && result.reason.contains("sizes tried"))
    }

    @Test("forced choices keep their meaning: --min-quality bounds every size, --no-resize keeps the size")
    func forcedChoices() throws {
        let (_, image, budget) = Self.cases[0]
        for minimum in [30, 60] {
            let result = try BudgetFitter.fit(
                image, options: BudgetOptions(maxBytes: budget, format: .jpeg, minQuality: minimum))
            #expect(result.quality! >= minimum && result.bytes.count <= budget)
        }
        let kept = try BudgetFitter.fit(
            image, options: BudgetOptions(maxBytes: budget, format: .jpeg, allowResize: false))
        #expect(!kept.resized && kept.runnerUp == nil)
    }

    @Test("the ladder: sizes shrink, windows stay within the quality limits, none when resizing is off")
    func ladder() {
        let options = BudgetOptions(maxBytes: 50_000, minQuality: 40, maxQuality: 90)
        let ladder = JPEGSizeLadder(options: options)
        #expect(ladder.targets == [40, 50, 70, 85])
        let estimates: [Int: Double] = [40: 120_000, 50: 150_000, 70: 250_000, 85: 400_000]
        let steps = ladder.steps(width: 3000, height: 2000, estimates: estimates)
        #expect(steps.count == 4)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.size.width > $1.size.width })
        #expect(steps.allSatisfy { $0.range.lowerBound >= 40 && $0.range.upperBound <= 90 })
        // 0.95·√(50000/120000) of 3000 pixels.
        #expect(steps[0].size.width == 1840)
        var off = options
        off.allowResize = false
        #expect(JPEGSizeLadder(options: off).steps(width: 3000, height: 2000, estimates: estimates).isEmpty)
        // Sizes that fit at full size already need no step.
        #expect(ladder.steps(width: 3000, height: 2000, estimates: [40: 10_000, 50: 20_000]).isEmpty)
    }

    @Test("upscaling back is exact on flat images and keeps the size it is asked for")
    func upscale() {
        let flat = Bitmap(width: 30, height: 20, fill: Color(red: 0.2, green: 0.5, blue: 0.7))
        let big = flat.upscaled(toWidth: 100, height: 61)
        #expect(big.width == 100 && big.height == 61)
        #expect(Set(stride(from: 0, to: big.pixels.count, by: 4).map { big.pixels[$0 + 1] }).count == 1)
        #expect(SSIM.atOriginalSize(flat, original: flat) == 1)
    }

    @Test(
        "a PNG over the budget: its lossless candidate is the largest size found that fits",
        arguments: [1_500, 3_000, 4_500])
    func pngUsesTheBudget(budget: Int) throws {
        let signature = PNGBudgetTests.signature
        let result = try BudgetFitter.fit(signature, options: BudgetOptions(maxBytes: budget, format: .png))
        #expect(result.bytes.count <= budget)
        // The lossless downscale is the result or the runner-up (beside the palette PNG); the
        // scale search stops within 1 % of a size over the budget: most of the budget is used.
        let downscaled = result.resized ? result.bytes.count : (result.runnerUp?.bytes ?? 0)
        #expect(downscaled * 10 >= budget * 8, "\(downscaled) of \(budget) bytes; \(result.reason)")
        let decoded = try PNGDecoder.decode(result.bytes)
        let expected = SSIM.atOriginalSize(
            decoded.flattened(onto: .white), original: signature.flattened(onto: .white))
        #expect(result.ssim == expected && result.ssim < 1)
    }
}
