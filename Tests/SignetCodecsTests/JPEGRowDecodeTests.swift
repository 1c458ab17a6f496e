import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// Decoding only some rows of a JPEG (the others skipped), and scoring a candidate on the
/// sample's rows from such a decode: the same rows, and the same score, as the whole decode gives.
struct JPEGRowDecodeTests {
    static let layouts: [(name: String, gray: Bool, mode: JPEGMode)] = [
        ("baseline 4:2:0", false, JPEGMode(subsampling: .half, progressive: false)),
        ("progressive 4:2:0", false, JPEGMode(subsampling: .half, progressive: true)),
        ("baseline 4:4:4", false, JPEGMode(subsampling: .none, progressive: false)),
        ("progressive gray", true, JPEGMode(subsampling: .half, progressive: true)),
    ]

    static func encoded(_ image: Bitmap, gray: Bool, mode: JPEGMode, quality: Int = 40) throws -> [UInt8] {
        try #require(try JPEGSource(opaque: image, grayscale: gray).encode(quality: quality, mode: mode))
    }

    @Test("the rows asked for are those of the whole decode, byte for byte", arguments: 0..<layouts.count)
    func sameRows(_ index: Int) throws {
        let (name, gray, mode) = Self.layouts[index]
        let image =
            gray
            ? TestImages.signature(width: 301, height: 203).flattened(onto: .white)
            : TestImages.photo(width: 301, height: 203)
        let jpeg = try Self.encoded(image, gray: gray, mode: mode)
        let whole = try JPEGCodec.decode(jpeg)
        // Runs that start and end inside block rows, the first and last rows, a lone row.
        let rows = Array(0..<3) + Array(13..<40) + [77] + Array(101..<150) + Array(190..<203)
        let strip = try JPEGCodec.decodeRows(jpeg, rows)
        #expect(strip.width == whole.width && strip.height == rows.count, "\(name): \(strip.width)×\(strip.height)")
        let rowBytes = whole.width * 4
        for (slot, row) in rows.enumerated() {
            let expected = whole.pixels[(row * rowBytes)..<((row + 1) * rowBytes)]
            let got = strip.pixels[(slot * rowBytes)..<((slot + 1) * rowBytes)]
            #expect(Array(expected) == Array(got), "\(name): row \(row) differs from the whole decode's")
        }
    }

    @Test(
        "a candidate's score on the sample from its rows alone equals the whole map's over the bands",
        arguments: [(600, 620), (480, 620)])
    func sampledScore(_ width: Int, _ height: Int) throws {
        let original = TestImages.photo(width: 600, height: 620)
        let sample = try #require(SSIMSample(width: original.width, height: original.height))
        #expect(sample.bands.count == SSIMSample.count, "banded, not whole")
        let small =
            width == original.width ? original : original.downscaled(toWidth: width, height: height * width / 600)
        let jpeg = try Self.encoded(small, gray: false, mode: JPEGMode(subsampling: .half, progressive: true))
        let fromRows = try ColorSSIM.overSample(jpeg: jpeg, original: original, sample: sample, gray: false)
        let decoded = try JPEGCodec.decode(jpeg)
        let whole =
            small.width == original.width
            ? ColorSSIM.score(original, decoded) : ColorSSIM.atOriginalSize(decoded, original: original)
        let expected = try #require(whole.color.mean(over: sample))
        #expect(
            abs(fromRows.color.mean - expected) < 1e-9,
            "\(small.width)×\(small.height): \(fromRows.color.mean) from the rows vs \(expected) from the whole map")
    }
}
