import Dispatch
import Glibc

/// Downscaling with a separable Lanczos-3 filter (support widened by the scale factor, so every
/// source pixel contributes: no aliasing), computed on premultiplied alpha so transparent pixels
/// never bleed their color into visible ones.
extension Bitmap {
    /// The image scaled down to `width` × `height` (each at least 1 and at most the current size;
    /// this never upscales). The DPI scales with the image so the physical size stays the same.
    public func downscaled(toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        precondition(newWidth >= 1 && newWidth <= width && newHeight >= 1 && newHeight <= height, "downscale only")
        if newWidth == width && newHeight == height { return self }
        let columns = ResampleWeights(from: width, to: newWidth)
        let rows = ResampleWeights(from: height, to: newHeight)
        // Pass 1: every source row filtered horizontally into premultiplied floats.
        var across = [SIMD4<Float>](repeating: .zero, count: newWidth * height)
        across.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                nonisolated(unsafe) let outBase = out.baseAddress!
                nonisolated(unsafe) let srcBase = src.baseAddress!
                Bitmap.inBands(height) { y in
                    var line = [SIMD4<Float>](repeating: .zero, count: width)
                    line.withUnsafeMutableBufferPointer { line in
                        Bitmap.premultiply(srcBase + y * width * 4, count: width, into: line.baseAddress!)
                        columns.apply(line.baseAddress!, stride: 1, into: outBase + y * newWidth, outStride: 1)
                    }
                }
            }
        }
        // Pass 2: vertical filter, then back to straight 8-bit RGBA.
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        across.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let srcBase = src.baseAddress!
                nonisolated(unsafe) let dstBase = dst.baseAddress!
                Bitmap.inBands(newHeight) { y in
                    var acc = [SIMD4<Float>](repeating: .zero, count: newWidth)
                    acc.withUnsafeMutableBufferPointer { acc in
                        rows.accumulateRows(y, from: srcBase, rowLength: newWidth, into: acc.baseAddress!)
                        Bitmap.unpremultiply(acc.baseAddress!, count: newWidth, into: dstBase + y * newWidth * 4)
                    }
                }
            }
        }
        let scale = Double(newWidth) / Double(width)
        return Bitmap(width: newWidth, height: newHeight, pixels: result, dpi: dpi.map { $0 * scale })
    }

    /// Runs `body` for every row index, split over the available cores.
    private static func inBands(_ count: Int, _ body: @Sendable (Int) -> Void) {
        let bands = min(count, 16)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in (band * count / bands)..<((band + 1) * count / bands) { body(y) }
        }
    }

    private static func premultiply(_ src: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        for x in 0..<count {
            let a = Float(src[4 * x + 3])
            let k = a / 255
            out[x] = SIMD4(Float(src[4 * x]) * k, Float(src[4 * x + 1]) * k, Float(src[4 * x + 2]) * k, a)
        }
    }

    private static func unpremultiply(_ src: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for x in 0..<count {
            let p = src[x]
            let a = min(max(p.w, 0), 255)
            let k: Float = a > 0 ? 255 / a : 0
            let rgb = (SIMD4(p.x, p.y, p.z, 0) * k).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
            out[4 * x] = UInt8(rgb.x.rounded())
            out[4 * x + 1] = UInt8(rgb.y.rounded())
            out[4 * x + 2] = UInt8(rgb.z.rounded())
            out[4 * x + 3] = UInt8(a.rounded())
        }
    }
}

/// The filter taps of one axis: for each output index, the first source index and its weights.
struct ResampleWeights {
    let starts: [Int]
    let counts: [Int]
    /// `taps` weights per output index (unused tail entries are zero).
    let weights: [Float]
    let taps: Int

    init(from source: Int, to target: Int) {
        let scale = Double(source) / Double(target)
        let support = 3 * scale
        taps = Int((2 * support).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: target)
        var counts = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * taps)
        for i in 0..<target {
            let center = (Double(i) + 0.5) * scale
            let first = max(Int((center - support).rounded(.down)), 0)
            let last = min(Int((center + support).rounded(.up)), source - 1)
            var w = [Double]()
            for j in first...last {
                w.append(Self.lanczos3((Double(j) + 0.5 - center) / scale))
            }
            let sum = w.reduce(0, +)
            starts[i] = first
            counts[i] = w.count
            for (k, v) in w.enumerated() { weights[i * taps + k] = Float(v / sum) }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// Lanczos window of radius 3: sinc(x)·sinc(x/3) for |x| < 3.
    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        guard ax < 3 else { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }

    /// Filters one line of `source` samples into `target.count` outputs.
    func apply(_ src: UnsafePointer<SIMD4<Float>>, stride: Int, into out: UnsafeMutablePointer<SIMD4<Float>>, outStride: Int) {
        weights.withUnsafeBufferPointer { w in
            for i in 0..<starts.count {
                var acc = SIMD4<Float>.zero
                let base = i * taps
                let s = starts[i]
                for k in 0..<counts[i] { acc += w[base + k] * src[(s + k) * stride] }
                out[i * outStride] = acc
            }
        }
    }

    /// Output row `y`: the weighted sum of the source rows it covers (each `rowLength` long).
    func accumulateRows(_ y: Int, from src: UnsafePointer<SIMD4<Float>>, rowLength: Int, into acc: UnsafeMutablePointer<SIMD4<Float>>) {
        weights.withUnsafeBufferPointer { w in
            for k in 0..<counts[y] {
                let weight = w[y * taps + k]
                let row = src + (starts[y] + k) * rowLength
                for x in 0..<rowLength { acc[x] += weight * row[x] }
            }
        }
    }
}
