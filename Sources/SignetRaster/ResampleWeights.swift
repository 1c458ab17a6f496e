import Glibc
import SignetCore

/// The Lanczos-3 taps of one axis: for each output index, the first source index, how many
/// source samples it reads, and their weights (normalized to sum 1). Downscaling widens the
/// filter by the scale factor; upscaling keeps its radius of 3 source samples. (SignetCodecs
/// upscales SSIM's luma plane with the same taps.)
package struct ResampleWeights: Sendable {
    package let starts: [Int]
    package let counts: [Int]
    /// `taps` weights per output index (unused tail entries are zero).
    package let weights: [Float]
    package let taps: Int
    /// Source samples on this axis.
    package let sourceCount: Int

    /// The taps from `source` to `target` samples, made once per process for each pair (a budget
    /// fit asks for the same few pairs dozens of times; each costs thousands of sines). At most 64
    /// pairs are kept (`made`'s capacity).
    package static func of(from source: Int, to target: Int) -> ResampleWeights {
        made.value(for: source << 32 | target) { ResampleWeights(from: source, to: target) }
    }

    private static let made = BoundedMemo<Int, ResampleWeights>(capacity: 64)

    package init(from source: Int, to target: Int) {
        sourceCount = source
        let scale = Double(source) / Double(target)
        let stretch = max(scale, 1)
        let support = 3 * stretch
        taps = Int((2 * support).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: target)
        var counts = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * taps)
        let taps = taps
        starts.withUnsafeMutableBufferPointer { startsOut in
            counts.withUnsafeMutableBufferPointer { countsOut in
                weights.withUnsafeMutableBufferPointer { weightsOut in
                    nonisolated(unsafe) let out = (
                        startsOut.baseAddress!, countsOut.baseAddress!, weightsOut.baseAddress!
                    )
                    // Outputs in pieces side by side (each costs two sines per tap), each as one at a time would.
                    let pieces = (target + Self.weightsPiece - 1) / Self.weightsPiece
                    Parallel.forEach(pieces) { piece in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: taps) { raw in
                            for i in (piece * target / pieces)..<((piece + 1) * target / pieces) {
                                let center = (Double(i) + 0.5) * scale
                                let first = max(Int((center - support).rounded(.down)), 0)
                                let last = min(Int((center + support).rounded(.up)), source - 1)
                                var sum = 0.0
                                for j in first...last {
                                    raw[j - first] = Self.lanczos3((Double(j) + 0.5 - center) / stretch)
                                    sum += raw[j - first]
                                }
                                out.0[i] = first
                                out.1[i] = last - first + 1
                                for k in 0...(last - first) { out.2[i * taps + k] = Float(raw[k] / sum) }
                            }
                        }
                    }
                }
            }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// Outputs whose taps are made on one thread.
    static let weightsPiece = 512

    /// The `starts.count` filtered values of the source values at `input`.
    ///
    /// Four outputs are summed side by side, each over all `taps` weights (the unused ones are
    /// zero and add nothing), so their additions do not wait on each other; each output's sum is
    /// still taken in the same order, so the values are those of one output at a time.
    package func apply(_ input: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        apply(input, outputs: 0..<starts.count, into: out)
    }

    /// `apply` for the outputs `outputs` alone (the others are not written).
    package func apply(_ input: UnsafePointer<Float>, outputs: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        weights.withUnsafeBufferPointer { w in
            starts.withUnsafeBufferPointer { starts in
                let (taps, n) = (self.taps, outputs.upperBound)
                var i = outputs.lowerBound
                // The starts only grow, so once the fourth output's taps run past the source, the rest go one by one.
                while i + 4 <= n, starts[i + 3] + taps <= sourceCount {
                    let (p0, p1, p2, p3) = (
                        input + starts[i], input + starts[i + 1], input + starts[i + 2], input + starts[i + 3]
                    )
                    let w0 = w.baseAddress! + i * taps
                    let (w1, w2, w3) = (w0 + taps, w0 + 2 * taps, w0 + 3 * taps)
                    var (s0, s1, s2, s3): (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for k in 0..<taps {
                        s0 += w0[k] * p0[k]
                        s1 += w1[k] * p1[k]
                        s2 += w2[k] * p2[k]
                        s3 += w3[k] * p3[k]
                    }
                    (out[i], out[i + 1], out[i + 2], out[i + 3]) = (s0, s1, s2, s3)
                    i += 4
                }
                while i < n {
                    var sum: Float = 0
                    let p = input + starts[i]
                    for k in 0..<counts[i] { sum += w[i * taps + k] * p[k] }
                    out[i] = sum
                    i += 1
                }
            }
        }
    }

    /// Every output index in order, as ranges: those whose taps reach a source index of `ink`
    /// (ascending ranges) to `filtered`, the ones between them, which read nothing else, to
    /// `background`.
    package func partition(
        reaching ink: [Range<Int>], background: (Range<Int>) -> Void, filtered: (Range<Int>) -> Void
    ) {
        var done = 0
        for range in outputs(reaching: ink) {
            if done < range.lowerBound { background(done..<range.lowerBound) }
            filtered(range)
            done = range.upperBound
        }
        if done < starts.count { background(done..<starts.count) }
    }

    /// The output indices whose taps reach a source index of `ranges` (ascending), merged into
    /// ascending ranges apart.
    private func outputs(reaching ranges: [Range<Int>]) -> [Range<Int>] {
        var outputs: [Range<Int>] = []
        for range in ranges {
            let (first, end) = (firstReaching(range.lowerBound), endBefore(range.upperBound))
            guard first < end else { continue }
            if let last = outputs.last, first <= last.upperBound {
                outputs[outputs.count - 1] = last.lowerBound..<max(end, last.upperBound)
            } else {
                outputs.append(first..<end)
            }
        }
        return outputs
    }

    /// The first output index whose taps reach source index `source` or beyond.
    func firstReaching(_ source: Int) -> Int {
        firstIndex { starts[$0] + counts[$0] > source }
    }

    /// The first output index whose taps all start at source index `source` or beyond.
    func endBefore(_ source: Int) -> Int {
        firstIndex { starts[$0] >= source }
    }

    /// The first output index where `holds` is true (`starts.count` when none), for a condition
    /// that stays true once it is (the taps only move right).
    private func firstIndex(where holds: (Int) -> Bool) -> Int {
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Lanczos window of radius 3: sinc(x)·sinc(x/3) for |x| < 3.
    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        guard ax < 3 else { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }
}
