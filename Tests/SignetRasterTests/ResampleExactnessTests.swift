import SignetCore
import SignetTestSupport
import Testing

@testable import SignetRaster

/// The vectorized resampling loops against a plain scalar reference that sums each value tap by
/// tap from zero, in the order the filter lists its taps: the results must be the same bits, not
/// merely close, because budget fits rank candidates by scores computed from them and their
/// outputs are compared byte for byte across builds (docs/performance.md).
struct ResampleExactnessTests {
    @Test(
        "ResampleWeights.apply gives the scalar sums exactly",
        arguments: [(7, 13), (100, 333), (1993, 2400), (9, 9), (300, 97), (5, 6), (2, 3)] as [(Int, Int)])
    func apply(_ source: Int, _ target: Int) {
        let weights = ResampleWeights(from: source, to: target)
        var numbers = SeededRandom(seed: UInt64(source * 1000 + target))
        let input = (0..<source).map { _ in Float(numbers.next() % 25_600) / 100 }
        var output = [Float](repeating: .nan, count: target)
        input.withUnsafeBufferPointer { i in
            output.withUnsafeMutableBufferPointer { weights.apply(i.baseAddress!, into: $0.baseAddress!) }
        }
        let expected = (0..<target).map { i in
            var sum: Float = 0
            for k in 0..<weights.counts[i] {
                sum += weights.weights[i * weights.taps + k] * input[weights.starts[i] + k]
            }
            return sum
        }
        let differing = (0..<target).filter { output[$0].bitPattern != expected[$0].bitPattern }
        #expect(
            differing.isEmpty,
            "\(source) → \(target): \(differing.count) outputs differ, first \(differing.first.map { "\($0): \(output[$0]) against \(expected[$0])" } ?? "-")"
        )
    }

    @Test(
        "a downscale gives the scalar filter's bytes exactly",
        arguments: [
            (97, 61, 40, 23, true), (300, 200, 249, 166, false), (300, 200, 249, 166, true), (64, 9, 21, 4, false),
        ]
            as [(Int, Int, Int, Int, Bool)])
    func downscale(_ width: Int, _ height: Int, _ newWidth: Int, _ newHeight: Int, _ opaque: Bool) {
        var numbers = SeededRandom(seed: UInt64(width * height))
        let pixels = (0..<(width * height * 4)).map { i in
            i % 4 == 3 && opaque ? UInt8(255) : UInt8(truncatingIfNeeded: numbers.next())
        }
        let image = Bitmap(width: width, height: height, pixels: pixels)
        #expect(image.isOpaque == opaque)
        let made = image.downscaled(toWidth: newWidth, height: newHeight)
        let expected = Self.reference(image, toWidth: newWidth, height: newHeight)
        let differing = zip(made.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(
            differing.isEmpty,
            "\(width)×\(height) → \(newWidth)×\(newHeight): \(differing.count) bytes differ, first at \(differing.first ?? -1)"
        )
    }

    /// The separable Lanczos-3 downscale without vectors: each source row converted to floats
    /// (premultiplied unless opaque), the vertical taps summed per value from zero, then the
    /// horizontal taps per channel from zero, then clamped, un-premultiplied and rounded.
    static func reference(_ image: Bitmap, toWidth newWidth: Int, height newHeight: Int) -> [UInt8] {
        precondition(image.blockFactors(toWidth: newWidth, height: newHeight) == (1, 1), "no block averaging here")
        let (width, opaque) = (image.width, image.isOpaque)
        let rows = ResampleWeights(from: image.height, to: newHeight)
        let columns = ResampleWeights(from: width, to: newWidth)
        let converted: (Int) -> [Float] = { y in
            (0..<width).flatMap { x -> [Float] in
                let p = image.pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4].map(Float.init)
                guard !opaque else { return p }
                let k = p[3] * (1 / 255)
                return [p[0] * k, p[1] * k, p[2] * k, p[3]]
            }
        }
        var out: [UInt8] = []
        for y in 0..<newHeight {
            var acc = [Float](repeating: 0, count: width * 4)
            for k in 0..<rows.counts[y] {
                let row = converted(rows.starts[y] + k), weight = rows.weights[y * rows.taps + k]
                for i in acc.indices { acc[i] += weight * row[i] }
            }
            for x in 0..<newWidth {
                var sums: [Float] = [0, 0, 0, 0]
                for k in 0..<columns.counts[x] {
                    let weight = columns.weights[x * columns.taps + k]
                    for c in 0..<4 { sums[c] += weight * acc[(columns.starts[x] + k) * 4 + c] }
                }
                let alpha = min(max(sums[3], 0), 255)
                let scale: Float = opaque ? 1 : (alpha > 0 ? 255 / alpha : 0)
                out += (0..<3).map { UInt8(min(max(sums[$0] * scale, 0), 255) + 0.5) }
                out.append(opaque ? 255 : UInt8(alpha + 0.5))
            }
        }
        return out
    }
}
