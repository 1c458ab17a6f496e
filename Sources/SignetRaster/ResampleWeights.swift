import Glibc

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

    package init(from source: Int, to target: Int) {
        let scale = Double(source) / Double(target)
        let stretch = max(scale, 1)
        let support = 3 * stretch
        taps = Int((2 * support).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: target)
        var counts = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * taps)
        for i in 0..<target {
            let center = (Double(i) + 0.5) * scale
            let first = max(Int((center - support).rounded(.down)), 0)
            let last = min(Int((center + support).rounded(.up)), source - 1)
            let raw = (first...last).map { Self.lanczos3((Double($0) + 0.5 - center) / stretch) }
            let sum = raw.reduce(0, +)
            starts[i] = first
            counts[i] = raw.count
            for (k, v) in raw.enumerated() { weights[i * taps + k] = Float(v / sum) }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The `starts.count` filtered values of the source values at `input`.
    package func apply(_ input: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        weights.withUnsafeBufferPointer { w in
            for i in 0..<starts.count {
                var sum: Float = 0
                let p = input + starts[i]
                for k in 0..<counts[i] { sum += w[i * taps + k] * p[k] }
                out[i] = sum
            }
        }
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
