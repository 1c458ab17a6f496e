import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// `PlaneUpscale`'s vectorized rows against a scalar reference summed tap by tap from zero: the
/// same bits, since the budget fit ranks candidates by the SSIM computed from them.
struct PlaneUpscaleExactnessTests {
    @Test(
        "every upscaled row segment is the scalar filter's values exactly",
        arguments: [(SSIMChannel.luma, 0, 333), (.blueDifference, 5, 200), (.redDifference, 17, 101)])
    func rows(_ channel: SSIMChannel, _ first: Int, _ count: Int) {
        let small = TestImages.photo(width: 173, height: 61)
        let (width, height) = (350, 140)
        let upscale = PlaneUpscale(small, channel, toWidth: width, height: height)
        let plane = SSIM.plane(small, channel)
        let columns = ResampleWeights(from: small.width, to: width)
        let rows = ResampleWeights(from: small.height, to: height)
        let across = (0..<small.height).map { y in
            (0..<width).map { x in
                var sum: Float = 0
                for k in 0..<columns.counts[x] {
                    sum += columns.weights[x * columns.taps + k] * plane[y * small.width + columns.starts[x] + k]
                }
                return sum
            }
        }
        var segment = [Float](repeating: .nan, count: count)
        var differing: [String] = []
        for y in 0..<height {
            segment.withUnsafeMutableBufferPointer { upscale.row(y, from: first, count: count, into: $0.baseAddress!) }
            for i in 0..<count {
                var sum: Float = 0
                for k in 0..<rows.counts[y] {
                    sum += rows.weights[y * rows.taps + k] * across[rows.starts[y] + k][first + i]
                }
                let expected = min(max(sum, 0), 255)
                if segment[i].bitPattern != expected.bitPattern { differing.append("(\(first + i), \(y))") }
            }
        }
        #expect(differing.isEmpty, "\(channel): \(differing.count) values differ, first at \(differing.first ?? "-")")
    }
}
