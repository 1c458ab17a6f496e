import Glibc
import SignetRaster

/// The luma of a small image upscaled with Lanczos-3 to a larger size, handed out one row
/// segment at a time to SSIM, which reads it in tiles: how `SSIM.atOriginalSize` compares a
/// downscaled JPEG with the original without building the upscaled RGBA image.
///
/// Lanczos is linear and so is luma, so upscaling the luma plane gives the luma of the upscaled
/// image (`Bitmap.upscaled`, the same taps) except for that image's rounding to 8 bits per channel
/// and its clamping of each channel to 0…255 (here the luma is clamped): the SSIM of the two
/// differs by well under 0.001 (`SSIMSampleTests`). Every small row is filtered across once, on
/// all threads allowed (`Parallel.threads`); the vertical pass is done per segment asked for,
/// 6–7 taps per value. Owns its float plane.
final class LumaUpscale: @unchecked Sendable {
    let width: Int
    let height: Int
    /// The small image's rows, each filtered across to `width` values.
    private let across: UnsafeMutablePointer<Float>
    /// Where each row of the small image is in `across` (-1: not held).
    private let slots: [Int]
    private let rows: LanczosTaps

    /// `image` upscaled to `width` × `height` (each at least its size). When `present` is given,
    /// `image` holds only those rows (ascending) of an image `sourceHeight` rows high, and only
    /// the output rows that read nothing else can be asked for.
    init(_ image: Bitmap, present: [Int]? = nil, sourceHeight: Int? = nil, toWidth width: Int, height: Int) {
        let sourceHeight = sourceHeight ?? image.height
        precondition(width >= image.width && height >= sourceHeight, "upscale only")
        precondition((present?.count ?? sourceHeight) == image.height, "one stored row per present row")
        self.width = width
        self.height = height
        rows = LanczosTaps(from: sourceHeight, to: height)
        var slots = [Int](repeating: -1, count: sourceHeight)
        for (slot, row) in (present ?? Array(0..<sourceHeight)).enumerated() { slots[row] = slot }
        self.slots = slots
        let columns = LanczosTaps(from: image.width, to: width)
        let across = UnsafeMutablePointer<Float>.allocate(capacity: image.height * width)
        self.across = across
        let small = SSIM.lumaPlane(image)
        let (smallWidth, smallHeight) = (image.width, image.height)
        let chunks = min(smallHeight, 16)
        small.withUnsafeBufferPointer { plane in
            nonisolated(unsafe) let source = plane.baseAddress!
            Parallel.forEach(chunks) { chunk in
                for y in (chunk * smallHeight / chunks)..<((chunk + 1) * smallHeight / chunks) {
                    columns.apply(source + y * smallWidth, into: across + y * width)
                }
            }
        }
    }

    deinit { across.deallocate() }

    /// Values `first..<first + count` of upscaled row `y`, clamped to 0…255.
    func row(_ y: Int, from first: Int, count: Int, into out: UnsafeMutablePointer<Float>) {
        let start = rows.starts[y], taps = rows.counts[y]
        out.update(repeating: 0, count: count)
        for k in 0..<taps {
            let weight = rows.weights[y * rows.taps + k]
            let slot = slots[start + k]
            precondition(slot >= 0, "upscaled row reads a row not held")
            let source = across + slot * width + first
            for i in 0..<count { out[i] += weight * source[i] }
        }
        for i in 0..<count { out[i] = min(max(out[i], 0), 255) }
    }
}

/// Lanczos-3 taps for upscaling one axis from `source` to `target` samples: for each output
/// index, the first source index, how many it reads (at most 7) and their weights (normalized
/// to sum 1), pixel centres aligned as in `Bitmap.upscaled`.
struct LanczosTaps {
    let starts: [Int]
    let counts: [Int]
    /// `taps` weights per output index.
    let weights: [Float]
    let taps = 8

    init(from source: Int, to target: Int) {
        let scale = Double(source) / Double(target)
        var starts = [Int](repeating: 0, count: target)
        var counts = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * taps)
        for i in 0..<target {
            let center = (Double(i) + 0.5) * scale
            let first = max(Int((center - 3).rounded(.down)), 0)
            let last = min(Int((center + 3).rounded(.up)), source - 1)
            let raw = (first...last).map { (j: Int) -> Double in
                let x = Double(j) + 0.5 - center
                guard abs(x) >= 1e-9 else { return 1 }
                return abs(x) < 3
                    ? 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x) : 0
            }
            let sum = raw.reduce(0, +)
            starts[i] = first
            counts[i] = raw.count
            for (k, v) in raw.enumerated() { weights[i * taps + k] = Float(v / sum) }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The `target` filtered values of the `source` values at `input`.
    func apply(_ input: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        weights.withUnsafeBufferPointer { w in
            for i in 0..<starts.count {
                var sum: Float = 0
                let p = input + starts[i]
                for k in 0..<counts[i] { sum += w[i * taps + k] * p[k] }
                out[i] = sum
            }
        }
    }
}
