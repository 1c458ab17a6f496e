import Foundation
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The colour-difference term of the budget's score (`ColorDifference`): CIELAB as published,
/// and a choice that keeps colour on the seals of `Tools/bench-compress-images.py`.
struct ColorDifferenceTests {
    /// An RGB triple as JFIF's full-range Y, Cb, Cr, in CIELAB.
    static func lab(_ r: Double, _ g: Double, _ b: Double) -> (l: Float, a: Float, b: Float) {
        let y = 0.299 * r + 0.587 * g + 0.114 * b
        let cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
        let cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
        return ColorDifference.lab(Float(y), Float(cb), Float(cr))
    }

    @Test(
        "sRGB colours land where CIELAB (D65) puts them",
        arguments: [
            ([255.0, 255, 255], [100.0, 0, 0]), ([0.0, 0, 0], [0.0, 0, 0]), ([255.0, 0, 0], [53.24, 80.09, 67.20]),
            ([0.0, 0, 255], [32.30, 79.19, -107.86]), ([128.0, 128, 128], [53.59, 0, 0]),
        ])
    func reference(rgb: [Double], expected: [Double]) {
        let got = Self.lab(rgb[0], rgb[1], rgb[2])
        let values = [Double(got.l), Double(got.a), Double(got.b)]
        #expect(zip(values, expected).allSatisfy { abs($0 - $1) < 0.05 }, "\(rgb): \(values), expected \(expected)")
    }

    @Test("a blue turned teal costs the score its ΔE, which SSIM alone barely sees")
    func tealDrift() {
        // The ring of issue 38: mean RGB 67, 94, 143 came out 53, 90, 126.
        let blue = Bitmap(width: 64, height: 64, fill: Color(red: 67 / 255, green: 94 / 255, blue: 143 / 255))
        let teal = Bitmap(width: 64, height: 64, fill: Color(red: 53 / 255, green: 90 / 255, blue: 126 / 255))
        let score = ColorSSIM.score(blue, teal)
        let (a, b) = (Self.lab(67, 94, 143), Self.lab(53, 90, 126))
        let expected = Double(
            ((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b)).squareRoot())
        let delta = score.color.difference!.mean
        let ssimOnly = score.color.mean + ColorDifference.weight * delta
        #expect(abs(delta - expected) < 0.01, "ΔE \(delta), expected \(expected)")
        #expect(
            ssimOnly > 0.99 && score.color.mean < ssimOnly - 0.05, "SSIM mix \(ssimOnly), score \(score.color.mean)")
        #expect(ColorSSIM.score(blue, blue).color.mean == 1)
    }

    /// The bench's images, made once for the suite.
    static let benchImages: TemporaryDirectory? = {
        let dir = TemporaryDirectory("signet-bench-images")
        let script = Corpus.packageRoot.appendingPathComponent("Tools/bench-compress-images.py").path
        guard (try? ProcessRunner.run("python3", [script, dir.url.path]).status) == 0 else { return nil }
        return dir
    }()

    static func benchImage(_ name: String) throws -> Bitmap {
        let dir = try #require(benchImages, "Tools/bench-compress-images.py failed")
        let bytes = Array(try Data(contentsOf: dir.url.appendingPathComponent(name)))
        return try ImageDecoder.decode(bytes).flattened(onto: .white)
    }

    static let hasBenchTools = PythonTools.has("cairo") && PythonTools.has("numpy") && PythonTools.has("PIL")

    @Test(
        "blue-seal.png at 15 KB: a smaller clean size beats the blocky full size, on SSIM and on ΔE",
        .enabled(if: hasBenchTools, "needs python3 with pycairo, numpy and Pillow (make test-deps)"))
    func blueSealKeepsItsColour() throws {
        let seal = try Self.benchImage("blue-seal.png")
        let budget = 15_000
        let full = try BudgetFitter.fit(
            seal, options: BudgetOptions(maxBytes: budget, format: .jpeg, allowResize: false))
        let choice = try BudgetFitter.fit(seal, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        let measured = try [full, choice].map {
            ColorSSIM.atOriginalSize(try JPEGCodec.decode($0.bytes), original: seal)
        }
        let deltas = measured.map { $0.color.difference!.mean }
        let ssims = measured.map { $0.color.mean + ColorDifference.weight * $0.color.difference!.mean }
        let said =
            "full size q\(full.quality!): colour SSIM \(ssims[0]), ΔE \(deltas[0]); choice \(choice.width) px "
            + "q\(choice.quality!): colour SSIM \(ssims[1]), ΔE \(deltas[1]); \(choice.reason)"
        #expect(choice.bytes.count <= budget && choice.width < seal.width, "\(said)")
        #expect(deltas[1] < deltas[0] - 2 && ssims[1] >= ssims[0], "\(said)")
        #expect(choice.colorSSIM > full.colorSSIM, "\(said)")
    }

    @Test(
        "blue-seal.png: a bigger budget never yields a smaller image",
        .enabled(if: hasBenchTools, "needs python3 with pycairo, numpy and Pillow (make test-deps)"))
    func blueSealMonotony() throws {
        let seal = try Self.benchImage("blue-seal.png")
        var seen: [String] = []
        var last = 0
        for budget in [10_000, 15_000, 20_000, 30_000, 45_000] {
            let result = try BudgetFitter.fit(seal, options: BudgetOptions(maxBytes: budget, format: .jpeg))
            seen.append("\(budget): \(result.width) px q\(result.quality!) score \(result.colorSSIM)")
            #expect(result.bytes.count <= budget && result.width >= last, "\(seen.joined(separator: "; "))")
            last = result.width
        }
    }
}
