import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// A candidate scored on the sample's rows from a strip of those rows encoded the same way
/// (`SampledStrip`): the score its whole decode gives there, to the bit, in every layout and scan
/// order, and the whole map's over the bands.
struct SampledStripTests {
    static let layouts: [(name: String, gray: Bool, mode: JPEGMode)] = [
        ("baseline 4:2:0", false, JPEGMode(subsampling: .half, progressive: false)),
        ("progressive 4:2:0", false, JPEGMode(subsampling: .half, progressive: true)),
        ("baseline 4:4:4", false, JPEGMode(subsampling: .none, progressive: false)),
        ("progressive 4:4:4", false, JPEGMode(subsampling: .none, progressive: true)),
        ("progressive gray", true, JPEGMode(subsampling: .half, progressive: true)),
    ]

    /// `jpeg`'s score on `sample` the long way: decoded whole, the rows the bands read picked out.
    static func scoredWhole(
        _ jpeg: [UInt8], original: Bitmap, sample: SSIMSample, gray: Bool, reference: LabReference? = nil
    ) throws -> ColorSSIM {
        let decoded = try JPEGCodec.decode(jpeg)
        let rows = JPEGBudgetFit.rowsRead(by: sample, height: decoded.height, upscaledTo: original.height)
        let picked = ScaledImage(decoded, width: decoded.width, height: decoded.height).rows(rows)
        return ColorSSIM.overSample(
            picked, rows: rows, sourceHeight: decoded.height, original: original, sample: sample, gray: gray,
            reference: reference)
    }

    @Test(
        "a strip's score is the candidate's whole decode's on the sample, to the bit",
        arguments: 0..<layouts.count, [1.0, 0.8])
    func sameScore(_ index: Int, _ scale: Double) throws {
        let (name, gray, mode) = Self.layouts[index]
        let original =
            gray
            ? TestImages.signature(width: 900, height: 700).flattened(onto: .white)
            : TestImages.photo(width: 900, height: 700)
        let sample = try #require(SSIMSample(width: original.width, height: original.height))
        #expect(sample.bands.count == SSIMSample.count, "banded, not whole")
        let size = (width: Int(Double(original.width) * scale), height: Int(Double(original.height) * scale))
        let trial = JPEGTrialImage(
            ScaledImage(original, width: size.width, height: size.height), gray: gray, sample: sample)
        for quality in [12, 50, 93] {
            let jpeg = try #require(try trial.source.encode(quality: quality, mode: mode))
            let strip = try trial.score(jpeg, quality: quality, mode: mode)
            let whole = try Self.scoredWhole(jpeg, original: original, sample: sample, gray: gray)
            #expect(
                strip.color.mean == whole.color.mean && strip.luma.mean == whole.luma.mean,
                "\(name), \(size.width)×\(size.height) q\(quality): \(strip.color.mean) from the strip, \(whole.color.mean) decoded whole"
            )
        }
    }

    @Test(
        "a candidate's score from the strip equals the whole map's over the bands",
        arguments: [(600, 620), (480, 620)])
    func sampledScore(_ width: Int, _ height: Int) throws {
        let original = TestImages.photo(width: 600, height: 620)
        let sample = try #require(SSIMSample(width: original.width, height: original.height))
        #expect(sample.bands.count == SSIMSample.count, "banded, not whole")
        let size = (width: width, height: height * width / 600)
        let scaled = ScaledImage(original, width: size.width, height: size.height)
        let trial = JPEGTrialImage(scaled, gray: false, sample: sample)
        let mode = JPEGMode(subsampling: .half, progressive: true)
        let jpeg = try #require(try trial.source.encode(quality: 40, mode: mode))
        let fromStrip = try trial.score(jpeg, quality: 40, mode: mode)
        let decoded = try JPEGCodec.decode(jpeg)
        let whole =
            size.width == original.width
            ? ColorSSIM.score(original, decoded) : ColorSSIM.atOriginalSize(decoded, original: original)
        let expected = try #require(whole.color.mean(over: sample))
        #expect(
            abs(fromStrip.color.mean - expected) < 1e-9,
            "\(size.width)×\(size.height): \(fromStrip.color.mean) from the strip vs \(expected) from the whole map")
    }
}
