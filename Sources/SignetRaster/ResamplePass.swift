/// The working rows of one band of output rows: the vertical filter first (over whole source
/// rows, converted to premultiplied floats once each and kept in a small ring), then the
/// horizontal filter on the single filtered row. Only the columns near pixels that are not the
/// background (`BackgroundSpans`) are filtered: an output pixel whose taps read background alone
/// is the background as the filter gives it back, the same bytes the sums would round to (Lanczos
/// weights sum to 1 within a few float steps, far from a rounding boundary). Owns its two float
/// buffers.
final class ResamplePass {
    private let width: Int
    private let newWidth: Int
    private let opaque: Bool
    private let spans: BackgroundSpans
    /// The background after filtering, as the four bytes `store` writes.
    private let background: UInt32
    /// Converted source rows, `slots` of them; `cached[slot]` says which source row a slot holds.
    private let ring: UnsafeMutablePointer<Float>
    private var cached: [Int]
    /// The vertically filtered row.
    private let column: UnsafeMutablePointer<Float>

    /// `window`: the most source rows one output row reads (the vertical filter's `taps`).
    init(width: Int, newWidth: Int, window: Int, opaque: Bool, spans: BackgroundSpans) {
        self.width = width
        self.newWidth = newWidth
        self.opaque = opaque
        self.spans = spans
        ring = .allocate(capacity: window * width * 4)
        cached = [Int](repeating: -1, count: window)
        column = .allocate(capacity: width * 4)
        var pixel = spans.background
        var converted = [Float](repeating: 0, count: 4)
        withUnsafeBytes(of: &pixel) {
            Self.convert($0.bindMemory(to: UInt8.self).baseAddress!, count: 1, opaque: opaque, into: &converted)
        }
        var stored: UInt32 = 0
        withUnsafeMutableBytes(of: &stored) { bytes in
            Self.store(
                converted[0], converted[1], converted[2], converted[3], opaque: opaque,
                into: bytes.bindMemory(to: UInt8.self).baseAddress!)
        }
        background = stored
    }

    deinit {
        ring.deallocate()
        column.deallocate()
    }

    func row(
        _ y: Int, rows: ResampleWeights, columns: ResampleWeights, source: UnsafePointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let words = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self)
        columns.partition(
            reaching: spans.ink(rows.starts[y], count: rows.counts[y]),
            background: { (words + $0.lowerBound).update(repeating: background, count: $0.count) },
            filtered: { outputs in
                let reads =
                    columns.starts[
                        outputs.lowerBound]..<min(
                        width, columns.starts[outputs.upperBound - 1] + columns.taps)
                filterDown(y, rows: rows, columns: reads, source: source)
                filterAcross(columns, outputs: outputs, into: out)
            })
    }

    /// The vertical pass of output row `y` over source columns `columns`, into `column`.
    private func filterDown(
        _ y: Int, rows: ResampleWeights, columns: Range<Int>, source: UnsafePointer<UInt8>
    ) {
        let (start, stop) = (columns.lowerBound * 4, columns.upperBound * 4)
        let acc = column
        (acc + start).update(repeating: 0, count: stop - start)
        rows.weights.withUnsafeBufferPointer { w in
            // Two source rows per pass over the row (added in the same order as one at a time).
            let count = rows.counts[y]
            var k = 0
            while k + 2 <= count {
                let (u, v) = (w[y * rows.taps + k], w[y * rows.taps + k + 1])
                let src = convertedRow(rows.starts[y] + k, source: source)
                let next = convertedRow(rows.starts[y] + k + 1, source: source)
                for i in start..<stop { acc[i] = (acc[i] + u * src[i]) + v * next[i] }
                k += 2
            }
            if k < count {
                let weight = w[y * rows.taps + k]
                let src = convertedRow(rows.starts[y] + k, source: source)
                for i in start..<stop { acc[i] += weight * src[i] }
            }
        }
    }

    /// The horizontal pass of output pixels `outputs`, from `column`.
    private func filterAcross(
        _ columns: ResampleWeights, outputs: Range<Int>, into out: UnsafeMutablePointer<UInt8>
    ) {
        let acc = UnsafePointer(column)
        columns.weights.withUnsafeBufferPointer { w in
            columns.starts.withUnsafeBufferPointer { starts in
                var x = outputs.lowerBound
                // Two pixels side by side over all taps (the unused weights are zero), so their sums
                // do not wait on each other, each still in the same order; the starts only grow.
                while x + 2 <= outputs.upperBound, starts[x + 1] + columns.taps <= width {
                    across(
                        acc, pixels: (starts[x], starts[x + 1]), weights: w.baseAddress! + x * columns.taps,
                        taps: columns.taps, into: out + 4 * x)
                    x += 2
                }
                while x < outputs.upperBound {
                    var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                    let base = x * columns.taps
                    var p = starts[x] * 4
                    for k in 0..<columns.counts[x] {
                        let weight = w[base + k]
                        r += weight * acc[p]; g += weight * acc[p + 1]; b += weight * acc[p + 2];
                        a += weight * acc[p + 3]
                        p += 4
                    }
                    Self.store(r, g, b, a, opaque: opaque, into: out + 4 * x)
                    x += 1
                }
            }
        }
    }

    /// Two output pixels of the horizontal pass, whose taps start at source pixels `pixels` (the
    /// second's `weights` follow the first's), stored at `out`. Each pixel's four channels are
    /// summed as one vector: every lane adds the same products in the same order as a channel
    /// summed alone, so the values are those of one channel at a time.
    private func across(
        _ acc: UnsafePointer<Float>, pixels: (Int, Int), weights w: UnsafePointer<Float>, taps: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let stride = 4 * MemoryLayout<Float>.size
        var p = UnsafeRawPointer(acc + 4 * pixels.0), q = UnsafeRawPointer(acc + 4 * pixels.1)
        let v = w + taps
        var first = SIMD4<Float>(), second = SIMD4<Float>()
        for k in 0..<taps {
            first += w[k] * p.loadUnaligned(as: SIMD4<Float>.self)
            second += v[k] * q.loadUnaligned(as: SIMD4<Float>.self)
            p += stride
            q += stride
        }
        Self.store(first[0], first[1], first[2], first[3], opaque: opaque, into: out)
        Self.store(second[0], second[1], second[2], second[3], opaque: opaque, into: out + 4)
    }

    /// Source row `y` as floats, premultiplied unless the image is opaque (converted once).
    private func convertedRow(_ y: Int, source: UnsafePointer<UInt8>) -> UnsafePointer<Float> {
        let slot = y % cached.count
        let dst = ring + slot * width * 4
        guard cached[slot] != y else { return UnsafePointer(dst) }
        cached[slot] = y
        Self.convert(source + y * width * 4, count: width, opaque: opaque, into: dst)
        return UnsafePointer(dst)
    }

    /// `count` RGBA pixels as floats, premultiplied unless `opaque`.
    private static func convert(
        _ src: UnsafePointer<UInt8>, count: Int, opaque: Bool, into dst: UnsafeMutablePointer<Float>
    ) {
        if opaque {
            for i in 0..<(count * 4) { dst[i] = Float(src[i]) }
        } else {
            for x in 0..<count {
                let a = Float(src[4 * x + 3])
                let k = a * (1 / 255)
                dst[4 * x] = Float(src[4 * x]) * k
                dst[4 * x + 1] = Float(src[4 * x + 1]) * k
                dst[4 * x + 2] = Float(src[4 * x + 2]) * k
                dst[4 * x + 3] = a
            }
        }
    }

    /// Back to straight 8-bit RGBA, clamped and rounded.
    private static func store(
        _ r: Float, _ g: Float, _ b: Float, _ a: Float, opaque: Bool, into out: UnsafeMutablePointer<UInt8>
    ) {
        let alpha = min(max(a, 0), 255)
        let k: Float = opaque ? 1 : (alpha > 0 ? 255 / alpha : 0)
        out[0] = UInt8(min(max(r * k, 0), 255) + 0.5)
        out[1] = UInt8(min(max(g * k, 0), 255) + 0.5)
        out[2] = UInt8(min(max(b * k, 0), 255) + 0.5)
        out[3] = opaque ? 255 : UInt8(alpha + 0.5)
    }
}
