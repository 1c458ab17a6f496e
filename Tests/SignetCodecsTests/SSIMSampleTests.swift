import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The shortcuts that keep the JPEG size choice cheap: the luma plane upscaled inside SSIM, the
/// row sample a ladder step is estimated on, and the estimate that stops the ladder.
struct SSIMSampleTests {
    /// Originals (flattened) and a downscaled size of each, tall enough for a sampled (banded) estimate.
    static let images: [(name: String, image: Bitmap, size: (width: Int, height: Int))] = [
        ("noisy photo", TestImages.photo(width: 1000, height: 700), (610, 427)),
        ("calm photo", TestImages.photo(width: 900, height: 640, noise: 4), (700, 498)),
        ("signature", TestImages.signature(width: 1500, height: 620).flattened(onto: .white), (1240, 512)),
        ("seal", TestImages.seal(size: 640).flattened(onto: .white), (330, 330)),
    ]

    @Test(
        "upscaling the luma plane gives the SSIM of upscaling the image within 0.001", arguments: 0..<images.count)
    func lumaUpscale(_ index: Int) throws {
        let (name, image, size) = Self.images[index]
        let small = try JPEGCodec.decode(
            JPEGCodec.encode(image.downscaled(toWidth: size.width, height: size.height)))
        let viaImage = SSIM.luma(image, small.upscaled(toWidth: image.width, height: image.height))
        let viaPlane = SSIM.atOriginalSize(small, original: image)
        #expect(abs(viaPlane - viaImage) < 0.001, "\(name): \(viaPlane) vs \(viaImage)")
    }

    @Test(
        "a step's estimate is the full encode's score on the sample's rows, to the bit, and within 0.04 of its mean",
        arguments: 0..<images.count)
    func estimate(_ index: Int) throws {
        let (name, image, size) = Self.images[index]
        let sample = try #require(SSIMSample(width: image.width, height: image.height))
        #expect(sample.bands.count == SSIMSample.count, "\(name): banded, not whole")
        var fit = JPEGBudgetFit(options: BudgetOptions(maxBytes: 100_000, format: .jpeg))
        let trial = JPEGTrialImage(ScaledImage(image, width: size.width, height: size.height), gray: image.isGray)
        for quality in [20, 50, 85] {
            let estimated = try fit.estimate(image, size, quality: quality, gray: image.isGray, sample: sample)
            let whole = try JPEGSource(
                opaque: image.downscaled(toWidth: size.width, height: size.height), grayscale: image.isGray
            )
            .encode(quality: quality, mode: JPEGMode(subsampling: .half, progressive: false))!
            let exact = ColorSSIM.atOriginalSize(try JPEGCodec.decode(whole), original: image).color
            let estimate = estimated.color.mean
            // The strip's blocks, and the chroma rows its decoder mixes in, are the whole image's:
            // the estimate is the score a candidate at this quality gets on the sample, in either
            // scan order (`JPEGSizeSearch.known` takes it as such), and the whole map's on the bands.
            for progressive in [false, true] {
                let candidate = try trial.source.encode(
                    quality: quality, mode: JPEGMode(subsampling: .half, progressive: progressive))!
                let scored = try SampledStripTests.scoredWhole(
                    candidate, original: image, sample: sample, gray: image.isGray)
                #expect(
                    scored.color.mean == estimate && scored.luma.mean == estimated.luma.mean,
                    "\(name) q\(quality) progressive \(progressive): \(scored.color.mean) vs \(estimate)")
            }
            #expect(abs(estimate - exact.mean(over: sample)!) < 1e-9, "\(name) q\(quality) on the bands")
            // Over the whole image it is only as good as the rows are typical (the seal's ring is not
            // evenly spread; with 16-row bands the seal's is 0.033 off at quality 20): that is why the
            // ladder compares it with the best candidate on the same rows.
            #expect(abs(estimate - exact.mean) < 0.04, "\(name) q\(quality): \(estimate) vs \(exact.mean)")
        }
        #expect(fit.probeEncodes == 3 && fit.encodes == 0, "one small encode per estimate, no full encode")
    }

    /// Images and budgets where the full size, a downscale, or a near tie wins.
    static let choices: [(name: String, image: Bitmap, budget: Int)] = [
        ("noisy photo, tight", TestImages.photo(width: 1200, height: 800), 6_000),
        ("noisy photo, roomy", TestImages.photo(width: 1200, height: 800), 60_000),
        ("calm photo", TestImages.photo(width: 1200, height: 800, noise: 4), 25_000),
        ("signature", TestImages.signature(width: 1500, height: 620).flattened(onto: .white), 9_000),
        ("seal", TestImages.seal(size: 640).flattened(onto: .white), 12_000),
        ("seal, tight", TestImages.seal(size: 640).flattened(onto: .white), 4_000),
    ]

    @Test("stopping the ladder on an estimate never changes the winner", arguments: 0..<choices.count)
    func sameWinner(_ index: Int) throws {
        let (name, image, budget) = Self.choices[index]
        let options = BudgetOptions(maxBytes: budget, format: .jpeg)
        var estimated = JPEGBudgetFit(options: options)
        var searched = JPEGBudgetFit(options: options)
        searched.estimatesSteps = false
        let quick = try estimated.fit(image)
        let full = try searched.fit(image)
        #expect(
            quick.width == full.width && quick.quality == full.quality && quick.ssim == full.ssim,
            "\(name): \(quick.width)×\(quick.height) q\(quick.quality!) vs \(full.width)×\(full.height) q\(full.quality!)"
        )
        #expect(quick.encodes <= full.encodes, "\(name)")
        if estimated.ruledOut != nil { #expect(quick.reason.contains("not tried"), "\(name)") }
    }

    /// Fits where a ladder step too small for a size sample is over the budget at its lowest
    /// quality: checked with one small encode, it is passed over before it is estimated and
    /// searched. The signature's files come out byte for byte as before with fewer full encodes;
    /// the calm photo at 4 KB, with the encodes that saves, reaches a smaller size that scores
    /// higher.
    static let overAtLowest: [(name: String, image: Bitmap, budget: Int)] = [
        ("signature, 4 KB", TestImages.signature(width: 1500, height: 620).flattened(onto: .white), 4_000),
        ("signature, 6 KB", TestImages.signature(width: 1500, height: 620).flattened(onto: .white), 6_000),
        ("calm photo, 4 KB", TestImages.photo(width: 900, height: 640, noise: 4), 4_000),
    ]

    @Test(
        "a small step over at its lowest quality is passed over unestimated, never losing the winner",
        arguments: 0..<overAtLowest.count)
    func lowestFirst(_ index: Int) throws {
        let (name, image, budget) = Self.overAtLowest[index]
        let options = BudgetOptions(maxBytes: budget, format: .jpeg)
        var checked = JPEGBudgetFit(options: options)
        var estimated = JPEGBudgetFit(options: options)
        estimated.checksLowestFirst = false
        let quick = try checked.fit(image)
        let slow = try estimated.fit(image)
        let said =
            "\(name): \(quick.width) px q\(quick.quality!) \(quick.colorSSIM), \(quick.encodes) encodes "
            + "vs \(slow.width) px q\(slow.quality!) \(slow.colorSSIM), \(slow.encodes)"
        #expect(quick.colorSSIM >= slow.colorSSIM, "\(said)")
        if quick.width == slow.width { #expect(quick.bytes == slow.bytes, "\(said)") }
        #expect(quick.encodes < slow.encodes || quick.colorSSIM > slow.colorSSIM, "the check saved encodes: \(said)")
    }

    @Test("the sample: evenly spaced bands inside the image, one band of all rows when short, none when tiny")
    func bands() throws {
        let tall = try #require(SSIMSample(width: 4000, height: 3000))
        #expect(tall.bands.count == SSIMSample.count && tall.bands.allSatisfy { $0.count == SSIMSample.bandRows })
        #expect(zip(tall.bands, tall.bands.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        #expect(tall.bands.first!.lowerBound >= SSIM.radius && tall.bands.last!.upperBound <= 3000 - SSIM.radius)
        #expect(SSIMSample(width: 800, height: 400)?.bands == [SSIM.radius..<(400 - SSIM.radius)])
        #expect(SSIMSample(width: 800, height: 10) == nil && SSIMSample(width: 10, height: 800) == nil)
        // Chroma (compared at half resolution): each band halved, inside the halved window.
        #expect(tall.chroma == tall.bands.map { (($0.lowerBound + 1) / 2)..<($0.upperBound / 2) })
        #expect(SSIMSample(width: 800, height: 400)?.chroma == [SSIM.radius..<(200 - SSIM.radius)])
        #expect(SSIMSample(width: 800, height: 20)?.chroma == [SSIM.radius..<(20 - SSIM.radius)], "full size")
    }

    @Test(
        "the rows an estimate makes: whole 16-row block rows (4:2:0) that hold every row the bands read",
        arguments: [(3000, 1332), (3000, 2380), (800, 664), (700, 330)] as [(Int, Int)])
    func rowsRead(_ height: Int, _ small: Int) throws {
        let sample = try #require(SSIMSample(width: 4000, height: height))
        let rows = JPEGBudgetFit.rowsRead(by: sample, height: small, upscaledTo: height)
        let held = Set(rows)
        let taps = ResampleWeights(from: small, to: height)
        // The halved chroma rows read the full rows 2·(j − radius) … 2·(j + radius) + 1.
        let chromaRows = sample.chroma.map { (2 * ($0.lowerBound - SSIM.radius))..<(2 * ($0.upperBound + SSIM.radius)) }
        let lumaRows = sample.bands.map { ($0.lowerBound - SSIM.radius)..<($0.upperBound + SSIM.radius) }
        for band in lumaRows + chromaRows {
            for y in band {
                #expect((taps.starts[y]..<(taps.starts[y] + taps.counts[y])).allSatisfy(held.contains))
            }
        }
        // Runs start on block boundaries and are whole blocks, except at the image's end.
        for (i, row) in rows.enumerated() where i == 0 || rows[i - 1] != row - 1 { #expect(row % 8 == 0) }
        for (i, row) in rows.enumerated() where i == rows.count - 1 || rows[i + 1] != row + 1 {
            #expect((row + 1) % 8 == 0 || row == small - 1)
        }
        // A row the bands read is never the first or last row of a run inside the image: a
        // decoder's chroma upsampling mixes those with the next run's chroma.
        let read = Set(
            (lumaRows + chromaRows).flatMap { band in
                band.flatMap { y in taps.starts[y]..<(taps.starts[y] + taps.counts[y]) }
            })
        for (i, row) in rows.enumerated() where read.contains(row) {
            let opensRun = i == 0 ? row > 0 : rows[i - 1] != row - 1
            let closesRun = i == rows.count - 1 ? row < small - 1 : rows[i + 1] != row + 1
            #expect(!opensRun && !closesRun, "row \(row) of \(small) is read at a cut")
        }
    }

    @Test("row sums: computing only some rows gives those rows of the whole map, and the mean over all is SSIM")
    func rowSums() throws {
        let (_, image, size) = Self.images[0]
        let small = image.downscaled(toWidth: size.width, height: size.height)
        let upscaled = PlaneUpscale.planes(small, [.luma], toWidth: image.width, height: image.height)[0]
        let all = SSIM.upscaledScore(upscaled, original: image, bands: [SSIM.radius..<(image.height - SSIM.radius)])
        #expect(all.mean == SSIM.atOriginalSize(small, original: image))
        let bands = [40..<90, 300..<301, 600..<690]
        let some = SSIM.upscaledScore(upscaled, original: image, bands: bands)
        let rows = try #require(all.rows), partial = try #require(some.rows)
        for row in bands.joined() { #expect(partial.rows[row] == rows.rows[row]) }
        #expect(partial.rows[200] == 0)
        #expect(abs(some.mean - rows.mean(over: bands)) < 1e-12)
    }
}
