import Foundation
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The pieces that make the budget fit fast must not change what it reports.
struct BudgetSpeedTests {
    @Test(
        "the reported SSIM is the result decoded and compared with the flattened original",
        arguments: [(0, 12_000), (1, 15_000), (2, 40_000), (3, 9_000), (2, 600_000)] as [(Int, Int)])
    func reportedSSIM(_ index: Int, _ budget: Int) throws {
        let (name, image) = BudgetFitterTests.images[index]
        let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        // At the original size: a downscaled result is upscaled back first.
        let independent = SSIM.atOriginalSize(
            try JPEGCodec.decode(result.bytes), original: image.flattened(onto: .white))
        // Gray results are scored on their gray bytes, which equal the RGB luma up to float rounding.
        #expect(abs(result.ssim - independent) < (result.layout == "gray" ? 1e-6 : 1e-12), "\(name) at \(budget)")
    }

    @Test(
        "gray SSIM on bytes equals SSIM on the same values as floats",
        arguments: [(40, 30), (7, 5), (200, 90)] as [(Int, Int)])
    func grayBytes(_ width: Int, _ height: Int) {
        var rng = SeededRandom(seed: 3)
        let a = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let b = a.map { UInt8(clamping: Int($0) + Int.random(in: -30...30, using: &rng)) }
        let floats = SSIM.compare(a.map(Float.init), b.map(Float.init), width: width, height: height)
        #expect(abs(SSIM.gray(a, b, width: width, height: height) - floats) < 1e-12)
    }

    @Test("identical images score exactly 1, also in tiles and bands")
    func exactlyOne() {
        for (w, h) in [(1300, 40), (600, 700), (12, 12)] {
            let photo = TestImages.photo(width: w, height: h)
            #expect(SSIM.luma(photo, photo) == 1)
        }
    }

    @Test("the side-by-side helpers keep order and pass errors on")
    func parallel() throws {
        #expect(try Parallel.map(Array(0..<50)) { $0 * $0 } == (0..<50).map { $0 * $0 })
        let (a, b) = try Parallel.pair({ "left" }, { 42 })
        #expect(a == "left" && b == 42)
        #expect(throws: CodecError.self) {
            _ = try Parallel.map([1, 2, 3]) { (i: Int) -> Int in
                if i == 2 { throw CodecError(.invalidOption("two")) }
                return i
            }
        }
    }

    @Test("the size model finds the crossing of sizes that follow it exactly, from one or more points")
    func sizeModel() {
        // ln(size) = 11 − 0.3·log2(scale): the budget is crossed between two qualities the model must name.
        func size(_ q: Int) -> Int { Int(exp(11 - 0.3 * JPEGSizeModel.logScale(q))) }
        for budget in [20_000, 40_000, 60_000, 90_000] {
            let truth = (1...100).last { size($0) <= budget } ?? 1
            let two = JPEGSizeModel.crossing([(50, size(50)), (20, size(20))], budget: budget, in: 1...100)
            #expect(two.map { abs($0 - truth) <= 1 } == true, "budget \(budget): \(two ?? -1) vs \(truth)")
        }
        #expect(JPEGSizeModel.crossing([], budget: 1000, in: 1...100) == nil)
        // One point: the typical slope; the answer lies on the right side of it.
        let one = JPEGSizeModel.crossing([(50, 100_000)], budget: 50_000, in: 1...100)!
        #expect(one < 50 && one >= 1)
        #expect(JPEGSizeModel.quality(atLogScale: JPEGSizeModel.logScale(37)) == 37)
        #expect(JPEGSizeModel.quality(atLogScale: JPEGSizeModel.logScale(80)) == 80)
    }
}

/// The original at one ladder size, made a few rows at a time.
struct ScaledImageTests {
    @Test(
        "rows asked for in pieces, overlapping, then whole, are those of one downscale; at full size, the original's",
        arguments: [(1000, 700, 610, 427), (1200, 800, 290, 193), (640, 640, 640, 640)] as [(Int, Int, Int, Int)])
    func piecewise(_ width: Int, _ height: Int, _ newWidth: Int, _ newHeight: Int) {
        var image = TestImages.photo(width: width, height: height)
        image.dpi = 300
        let scaled = ScaledImage(image, width: newWidth, height: newHeight)
        let expected = image.downscaled(toWidth: newWidth, height: newHeight)
        let rowBytes = newWidth * 4
        func wanted(_ rows: [Int]) -> [UInt8] {
            rows.flatMap { expected.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
        }
        let pieces = [
            Array(stride(from: 0, to: newHeight, by: 3)), Array((newHeight / 4)..<(newHeight / 2)), [newHeight - 1], [],
        ]
        for rows in pieces {
            let got = scaled.rows(rows)
            #expect(
                got.width == newWidth && got.height == rows.count && got.pixels == wanted(rows), "\(rows.count) rows")
            #expect(
                got.dpi == expected.dpi, "dpi \(String(describing: got.dpi)) vs \(String(describing: expected.dpi))")
        }
        // Made in pieces, then whole, then asked for again: the same rows.
        for _ in 0..<2 {
            let whole = scaled.whole
            #expect(whole.pixels == expected.pixels && whole.height == newHeight && whole.dpi == expected.dpi)
        }
        let again = [1, newHeight / 3]
        #expect(scaled.rows(again).pixels == wanted(again))
    }
}
