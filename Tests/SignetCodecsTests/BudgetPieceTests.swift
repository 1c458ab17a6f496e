import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The small parts of the fitter: sniffing, the shrink step, progressive scans.
struct BudgetPieceTests {
    @Test("formats are told by their signatures, not their names")
    func sniffing() throws {
        let image = TestImages.photo(width: 32, height: 24)
        let png = try PNGEncoder.encode(image), jpeg = try JPEGCodec.encode(image)
        #expect(ImageFormat.sniff(png) == .png && ImageFormat.sniff(jpeg) == .jpeg)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == nil && ImageFormat.sniff([]) == nil)
        #expect(try ImageDecoder.decode(png).pixels == image.pixels)
        #expect(try ImageDecoder.decode(jpeg).width == 32)
        let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(Array("%PDF-1.7\n".utf8)) }
        #expect(error?.reason == .unsupportedFormat(name: "PDF"))
    }

    @Test("the shrink step: 0.95·√(budget/bytes), never below the minimum side")
    func shrink() throws {
        let options = BudgetOptions(maxBytes: 25_000, minDimension: 100)
        let half = try #require(BudgetShrink.next(width: 1000, height: 500, bytes: 100_000, options: options))
        #expect(half == (475, 238))  // √(1/4) × 0.95
        let slight = try #require(BudgetShrink.next(width: 1000, height: 500, bytes: 25_500, options: options))
        #expect(slight.width == 941)  // 0.95 × √(25000/25500)
        let floor = try #require(BudgetShrink.next(width: 1000, height: 500, bytes: 10_000_000, options: options))
        #expect(floor.height == 100 && floor.width == 200)
        #expect(BudgetShrink.next(width: 300, height: 100, bytes: 90_000, options: options) == nil)
        #expect(
            BudgetShrink.next(width: 1000, height: 500, bytes: 90_000, options: BudgetOptions(allowResize: false))
                == nil)
    }

    @Test("progressive scans decode to exactly the same pixels as baseline", arguments: [10, 50, 90])
    func progressiveSamePixels(quality: Int) throws {
        let image = TestImages.seal(size: 120)
        let baseline = try JPEGCodec.encode(image, options: JPEGEncodeOptions(quality: quality))
        let progressive = try JPEGCodec.encode(image, options: JPEGEncodeOptions(quality: quality, progressive: true))
        #expect(baseline != progressive)
        #expect(byteDifference(try JPEGCodec.decode(baseline).pixels, try JPEGCodec.decode(progressive).pixels) == nil)
    }

    @Test("the row sample predicts the full size within a few percent")
    func samplePrediction() throws {
        let photo = TestImages.photo(width: 1200, height: 900, noise: 6)
        var sample = try #require(JPEGSizeSample(photo, width: 1200, height: 900, grayscale: false))
        let source = JPEGSource(opaque: photo, grayscale: false)
        for quality in [20, 60, 90] {
            let mode = JPEGMode(subsampling: .half, progressive: false)
            let predicted = try sample.predict(quality: quality, mode: mode)
            let actual = try #require(try source.encode(quality: quality, mode: mode)).count
            #expect(abs(Double(predicted) / Double(actual) - 1) < 0.06, "q\(quality): \(predicted) vs \(actual)")
        }
        #expect(
            JPEGSizeSample(photo, width: 400, height: 300, grayscale: false) == nil, "small sizes are encoded whole")
    }
}
