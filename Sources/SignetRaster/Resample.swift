import Dispatch
import Glibc

/// Downscaling with a separable Lanczos-3 filter (support widened by the scale factor, so every
/// source pixel contributes: no aliasing), computed on premultiplied alpha so transparent pixels
/// never bleed their color into visible ones. For reductions of 4× or more the image is first
/// averaged over k×k blocks (k = ⌊factor / 2⌋, per axis), leaving Lanczos a factor of 2 to 4:
/// the result is practically the same and the work drops by about k².
extension Bitmap {
    /// The image scaled down to `width` × `height` (each at least 1 and at most the current size;
    /// this never upscales). The DPI scales with the image so the physical size stays the same.
    public func downscaled(toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        if newWidth == width && newHeight == height { return self }
        return downscaledRows(Array(0..<newHeight), toWidth: newWidth, height: newHeight)
    }

    /// Only the output rows `rows` (ascending) of `downscaled(toWidth:height:)`, stacked into one
    /// bitmap `width` wide: exactly those rows of the full result, at a fraction of the work.
    package func downscaledRows(_ rows: [Int], toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        precondition(newWidth >= 1 && newWidth <= width && newHeight >= 1 && newHeight <= height, "downscale only")
        let kx = max(width / newWidth / 2, 1), ky = max(height / newHeight / 2, 1)
        let base = kx > 1 || ky > 1 ? boxReduced(kx, ky) : self
        let columns = ResampleWeights(from: base.width, to: newWidth)
        let vertical = ResampleWeights(from: base.height, to: newHeight)
        let opaque = base.isOpaque
        var result = [UInt8](repeating: 0, count: newWidth * rows.count * 4)
        base.pixels.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let source = src.baseAddress!
                nonisolated(unsafe) let target = dst.baseAddress!
                let bands = min(rows.count, 8)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let pass = ResamplePass(width: base.width, newWidth: newWidth, window: vertical.taps, opaque: opaque)
                    for i in (band * rows.count / bands)..<((band + 1) * rows.count / bands) {
                        pass.row(rows[i], rows: vertical, columns: columns, source: source, into: target + i * newWidth * 4)
                    }
                }
            }
        }
        let scale = Double(newWidth) / Double(width)
        return Bitmap(width: newWidth, height: rows.count, pixels: result, dpi: dpi.map { $0 * scale })
    }

    /// The mean of each `kx` × `ky` block (on premultiplied alpha), the last partial blocks dropped.
    func boxReduced(_ kx: Int, _ ky: Int) -> Bitmap {
        let (w, h) = (width / kx, height / ky)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let area = UInt32(kx * ky)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var sums = [UInt32](repeating: 0, count: w * 4)
                for y in 0..<h {
                    for i in sums.indices { sums[i] = 0 }
                    for sy in (y * ky)..<(y * ky + ky) {
                        let row = sy * width * 4
                        for x in 0..<w {
                            for sx in (x * kx)..<(x * kx + kx) {
                                let p = row + sx * 4
                                let a = UInt32(src[p + 3])
                                sums[4 * x] += UInt32(src[p]) * a
                                sums[4 * x + 1] += UInt32(src[p + 1]) * a
                                sums[4 * x + 2] += UInt32(src[p + 2]) * a
                                sums[4 * x + 3] += a
                            }
                        }
                    }
                    for x in 0..<w {
                        let o = (y * w + x) * 4
                        let alpha = sums[4 * x + 3]
                        for c in 0..<3 { dst[o + c] = alpha == 0 ? 0 : UInt8((sums[4 * x + c] + alpha / 2) / alpha) }
                        dst[o + 3] = UInt8((alpha + area / 2) / area)
                    }
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: out, dpi: dpi)
    }
}

/// The working rows of one band of output rows: the vertical filter first (over whole source
/// rows, converted to premultiplied floats once each and kept in a small ring), then the
/// horizontal filter on the single filtered row. Owns its two float buffers.
final class ResamplePass {
    private let width: Int
    private let newWidth: Int
    private let opaque: Bool
    /// Converted source rows, `slots` of them; `cached[slot]` says which source row a slot holds.
    private let ring: UnsafeMutablePointer<Float>
    private var cached: [Int]
    /// The vertically filtered row.
    private let column: UnsafeMutablePointer<Float>

    /// `window`: the most source rows one output row reads (the vertical filter's `taps`).
    init(width: Int, newWidth: Int, window: Int, opaque: Bool) {
        self.width = width
        self.newWidth = newWidth
        self.opaque = opaque
        ring = .allocate(capacity: window * width * 4)
        cached = [Int](repeating: -1, count: window)
        column = .allocate(capacity: width * 4)
    }

    deinit {
        ring.deallocate()
        column.deallocate()
    }

    func row(
        _ y: Int, rows: ResampleWeights, columns: ResampleWeights, source: UnsafePointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let rowLength = width * 4
        let acc = column
        acc.update(repeating: 0, count: rowLength)
        rows.weights.withUnsafeBufferPointer { w in
            for k in 0..<rows.counts[y] {
                let weight = w[y * rows.taps + k]
                let src = convertedRow(rows.starts[y] + k, source: source)
                for i in 0..<rowLength { acc[i] += weight * src[i] }
            }
        }
        columns.weights.withUnsafeBufferPointer { w in
            for x in 0..<newWidth {
                var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                let base = x * columns.taps
                var p = columns.starts[x] * 4
                for k in 0..<columns.counts[x] {
                    let weight = w[base + k]
                    r += weight * acc[p]; g += weight * acc[p + 1]; b += weight * acc[p + 2]; a += weight * acc[p + 3]
                    p += 4
                }
                store(r, g, b, a, into: out + 4 * x)
            }
        }
    }

    /// Source row `y` as floats, premultiplied unless the image is opaque (converted once).
    private func convertedRow(_ y: Int, source: UnsafePointer<UInt8>) -> UnsafePointer<Float> {
        let slot = y % cached.count
        let dst = ring + slot * width * 4
        guard cached[slot] != y else { return UnsafePointer(dst) }
        cached[slot] = y
        let src = source + y * width * 4
        if opaque {
            for i in 0..<(width * 4) { dst[i] = Float(src[i]) }
        } else {
            for x in 0..<width {
                let a = Float(src[4 * x + 3])
                let k = a * (1 / 255)
                dst[4 * x] = Float(src[4 * x]) * k
                dst[4 * x + 1] = Float(src[4 * x + 1]) * k
                dst[4 * x + 2] = Float(src[4 * x + 2]) * k
                dst[4 * x + 3] = a
            }
        }
        return UnsafePointer(dst)
    }

    /// Back to straight 8-bit RGBA, clamped and rounded.
    private func store(_ r: Float, _ g: Float, _ b: Float, _ a: Float, into out: UnsafeMutablePointer<UInt8>) {
        let alpha = min(max(a, 0), 255)
        let k: Float = opaque ? 1 : (alpha > 0 ? 255 / alpha : 0)
        out[0] = UInt8(min(max(r * k, 0), 255) + 0.5)
        out[1] = UInt8(min(max(g * k, 0), 255) + 0.5)
        out[2] = UInt8(min(max(b * k, 0), 255) + 0.5)
        out[3] = opaque ? 255 : UInt8(alpha + 0.5)
    }
}
