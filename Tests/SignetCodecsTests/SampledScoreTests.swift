import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// Large images score their JPEG candidates on the row sample alone (`SSIMSample.scoresCandidates`):
/// that is only allowed because the sample ranks the candidates as every row does.
struct SampledScoreTests {
    @Test(
        "scoring candidates on the row sample picks the file that scoring every row picks",
        arguments: 0..<SSIMSampleTests.choices.count)
    func sameWinner(_ index: Int) throws {
        let (name, image, budget) = SSIMSampleTests.choices[index]
        let options = BudgetOptions(maxBytes: budget, format: .jpeg)
        var sampled = JPEGBudgetFit(options: options)
        sampled.scoresOnSample = true
        var exact = JPEGBudgetFit(options: options)
        exact.scoresOnSample = false
        let quick = try sampled.fit(image)
        let full = try exact.fit(image)
        let chosen = "sampled \(quick.width)×\(quick.height) q\(quick.quality!) (\(quick.colorSSIM))"
        let exactly = "every row \(full.width)×\(full.height) q\(full.quality!) (\(full.colorSSIM))"
        #expect(byteDifference(quick.bytes, full.bytes) == nil, "\(name): \(chosen) vs \(exactly)")
        #expect(quick.reason.contains("row sample") && !full.reason.contains("SSIM over a row sample"), "\(name)")
        // The sampled score is the exact map's mean over the sample's rows.
        let sample = try #require(SSIMSample(width: image.width, height: image.height))
        let whole = ColorSSIM.atOriginalSize(try JPEGCodec.decode(quick.bytes), original: image)
        let onRows = try #require(whole.color.mean(over: sample))
        #expect(abs(quick.colorSSIM - onRows) < 1e-9, "\(name): \(quick.colorSSIM) vs \(onRows) on the same rows")
    }

    @Test("only images of 1.5 MP or more, with a banded sample, are scored on it")
    func threshold() throws {
        #expect(try #require(SSIMSample(width: 4000, height: 3000)).scoresCandidates(width: 4000, height: 3000))
        #expect(try #require(SSIMSample(width: 2400, height: 800)).scoresCandidates(width: 2400, height: 800))
        #expect(!(try #require(SSIMSample(width: 1200, height: 900)).scoresCandidates(width: 1200, height: 900)))
        // Wide but short: one band of all its rows, so nothing to save.
        #expect(!(try #require(SSIMSample(width: 6000, height: 400)).scoresCandidates(width: 6000, height: 400)))
    }
}
