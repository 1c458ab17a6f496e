import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// `PlaneUpscale`'s vectorized rows against a scalar reference summed tap by tap from zero: the
/// same bits, since the budget fit ranks candidates by the SSIM computed from them. A photo, and
/// coloured ink on white, whose background rows and columns are not filtered but copied.
struct PlaneUpscaleExactnessTests {
    @Test(
        "every upscaled row segment is the scalar filter's values exactly",
        arguments: [
            (SSIMChannel.luma, 0, 333, false), (.blueDifference, 5, 200, false), (.redDifference, 17, 101, false),
            (.luma, 0, 1400, true), (.blueDifference, 33, 900, true), (.redDifference, 700, 101, true),
        ] as [(SSIMChannel, Int, Int, Bool)])
    func rows(_ channel: SSIMChannel, _ first: Int, _ count: Int, _ ink: Bool) {
        var small = TestImages.photo(width: 173, height: 61)
        var (width, height) = (350, 140)
        if ink {
            small = TestImages.signature(width: 600, height: 61, ink: Color(red: 0.8, green: 0.1, blue: 0.2))
            small.flatten(onto: .white)
            (width, height) = (1400, 140)
        }
        let upscale = PlaneUpscale.planes(small, [channel], toWidth: width, height: height)[0]
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
