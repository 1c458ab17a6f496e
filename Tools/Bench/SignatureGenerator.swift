import Foundation
import SignetCore
import SignetStrokes
import SignetTestSupport

/// Deterministic, realistic-looking handwritten signatures: 3–6 cursive strokes of 300–1500
/// points each, sampled like a 200 Hz pen tablet (about one capture unit between samples),
/// with timestamps and varying pressure.
struct SignatureGenerator {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    private mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func next() -> Drawing {
        let width = uniform(420...640), height = uniform(140...220)
        let strokeCount = integer(3...6)
        var strokes: [Stroke] = []
        var t = uniform(0...1000)
        for i in 0..<strokeCount {
            let x0 = 25 + width * Double(i) / Double(strokeCount) + uniform(-10...10)
            let x1 = 25 + width * Double(i + 1) / Double(strokeCount) + uniform(-10...15)
            let baseline = 25 + height * uniform(0.55...0.75)
            strokes.append(stroke(from: x0, to: x1, baseline: baseline, height: height, t: &t))
            t += uniform(120...400)
        }
        return Drawing(strokes: strokes, canvas: Size(width: width + 50, height: height + 50))
    }

    /// One cursive stroke: loops riding along the baseline with a slowly varying size, plus tremor.
    private mutating func stroke(
        from x0: Double, to x1: Double, baseline: Double, height: Double, t: inout Double
    ) -> Stroke {
        let count = integer(300...1500)
        let loops = Double(count) / uniform(110...160)
        let (phase, wobble) = (uniform(0...(2 * .pi)), uniform(0...(2 * .pi)))
        let loopWidth = uniform(8...16), loopHeight = height * uniform(0.25...0.45)
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        var tremor = (x: 0.0, y: 0.0)
        for k in 0..<count {
            let u = Double(k) / Double(count - 1)
            let theta = 2 * .pi * loops * u + phase
            let size = 0.6 + 0.4 * sin(0.37 * theta + wobble)
            tremor.x = 0.9 * tremor.x + uniform(-0.08...0.08)
            tremor.y = 0.9 * tremor.y + uniform(-0.08...0.08)
            let x = x0 + (x1 - x0) * u - loopWidth * sin(theta) + tremor.x
            let y = baseline - loopHeight * size * (1 - cos(theta)) / 2 + 6 * sin(0.5 * theta) * u + tremor.y
            let force = 0.55 + 0.3 * sin(0.9 * theta + wobble) * (1 - 0.5 * u)
            samples.append(Sample(x: x, y: y, t: t.rounded(), force: force))
            t += uniform(4...6)
        }
        return Stroke(samples: samples)
    }
}
