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
    /// - Parameters:
    ///   - newWidth: The new width in pixels.
    ///   - newHeight: The new height in pixels.
    package func downscaled(toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        if newWidth == width && newHeight == height { return self }
        return downscaledRows(Array(0..<newHeight), toWidth: newWidth, height: newHeight)
    }

    /// Only the output rows `rows` (ascending) of `downscaled(toWidth:height:)`, stacked into one
    /// bitmap `width` wide: exactly those rows of the full result, at a fraction of the work.
    /// `reduced`, when given, is `blockReduced(toWidth:height:)` of this size (or of another size
    /// that averages the same blocks), which is then not averaged again. `opaque`: `isOpaque`, when
    /// the caller knows it (a budget fit's flattened image), sparing a pass over every pixel.
    package func downscaledRows(
        _ rows: [Int], toWidth newWidth: Int, height newHeight: Int, reduced: Bitmap? = nil, opaque: Bool? = nil
    ) -> Bitmap {
        precondition(newWidth >= 1 && newWidth <= width && newHeight >= 1 && newHeight <= height, "downscale only")
        return resampledRows(rows, toWidth: newWidth, height: newHeight, reduced: reduced, opaque: opaque)
    }

    /// The k×k block averages that a downscale to `width` × `height` starts from (every block
    /// row), or nil when that size averages no blocks; its size tells which downscales share it.
    /// `opaque`: `isOpaque`, when the caller knows it.
    package func blockReduced(toWidth newWidth: Int, height newHeight: Int, opaque: Bool? = nil) -> Bitmap? {
        let (kx, ky) = blockFactors(toWidth: newWidth, height: newHeight)
        guard kx > 1 || ky > 1 else { return nil }
        return boxReduced(kx, ky, rows: [Bool](repeating: true, count: height / ky), opaque: known(opaque))
    }

    /// `isOpaque`, or `opaque` when the caller knows it (checked in debug builds).
    private func known(_ opaque: Bool?) -> Bool {
        guard let opaque else { return isOpaque }
        assert(opaque == isOpaque, "the opacity the caller gave")
        return opaque
    }

    /// The block sides of a downscale to `newWidth` × `newHeight`: ⌊factor / 2⌋ per axis, at least 1.
    package func blockFactors(toWidth newWidth: Int, height newHeight: Int) -> (x: Int, y: Int) {
        (max(width / newWidth / 2, 1), max(height / newHeight / 2, 1))
    }

    /// The image scaled up to `width` × `height` (each at least the current size) with the same
    /// Lanczos-3 filter: how a viewer shows a downscaled copy at the original's display size, for
    /// comparing the two.
    /// - Parameters:
    ///   - newWidth: The new width in pixels.
    ///   - newHeight: The new height in pixels.
    package func upscaled(toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        precondition(newWidth >= width && newHeight >= height, "upscale only")
        if newWidth == width && newHeight == height { return self }
        return resampledRows(Array(0..<newHeight), toWidth: newWidth, height: newHeight)
    }

    /// Rows `rows` of the image resampled to `newWidth` × `newHeight` (box-reduced first when
    /// shrinking by 4× or more on an axis).
    private func resampledRows(
        _ rows: [Int], toWidth newWidth: Int, height newHeight: Int, reduced: Bitmap? = nil, opaque: Bool? = nil
    ) -> Bitmap {
        let (kx, ky) = blockFactors(toWidth: newWidth, height: newHeight)
        let vertical = ResampleWeights(from: height / ky, to: newHeight)
        let opaque = known(opaque)
        // Only the block rows the wanted output rows read are averaged.
        var needed = [Bool](repeating: false, count: height / ky)
        for y in rows { for k in 0..<vertical.counts[y] { needed[vertical.starts[y] + k] = true } }
        precondition(reduced.map { $0.width == width / kx && $0.height == height / ky } ?? true, "the same blocks")
        let base = kx > 1 || ky > 1 ? reduced ?? boxReduced(kx, ky, rows: needed, opaque: opaque) : self
        let columns = ResampleWeights(from: base.width, to: newWidth)
        var result = [UInt8](repeating: 0, count: newWidth * rows.count * 4)
        base.pixels.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let source = src.baseAddress!
                nonisolated(unsafe) let target = dst.baseAddress!
                let bands = min(rows.count, 8)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let pass = ResamplePass(
                        width: base.width, newWidth: newWidth, window: vertical.taps, opaque: opaque)
                    for i in (band * rows.count / bands)..<((band + 1) * rows.count / bands) {
                        pass.row(
                            rows[i], rows: vertical, columns: columns, source: source, into: target + i * newWidth * 4)
                    }
                }
            }
        }
        let scale = Double(newWidth) / Double(width)
        return Bitmap(width: newWidth, height: rows.count, pixels: result, dpi: dpi.map { $0 * scale })
    }

    /// The mean of each `kx` × `ky` block (on premultiplied alpha unless `opaque`), the last
    /// partial blocks dropped, for the block rows where `rows` is true (the others stay zero).
    /// Rows are averaged on all cores.
    func boxReduced(_ kx: Int, _ ky: Int, rows: [Bool], opaque: Bool) -> Bitmap {
        let (w, h) = (width / kx, height / ky)
        precondition(rows.count == h, "one flag per block row")
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let area = UInt32(kx * ky)
        let wanted = rows.indices.filter { rows[$0] }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let (source, target) = (src.baseAddress!, dst.baseAddress!)
                let bands = min(wanted.count, 8)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: w * 4)
                    defer { sums.deallocate() }
                    for y in wanted[(band * wanted.count / bands)..<((band + 1) * wanted.count / bands)] {
                        sums.update(repeating: 0, count: w * 4)
                        for sy in (y * ky)..<(y * ky + ky) {
                            let row = source + sy * width * 4
                            Self.addBlocks(row, kx: kx, count: w, opaque: opaque, into: sums)
                        }
                        let o = target + y * w * 4
                        for x in 0..<w {
                            // Premultiplied: Σ c·a / Σ a; opaque: Σ c / area (the same value).
                            let alpha = sums[4 &* x &+ 3], divisor = opaque ? area : alpha
                            for c in 0..<3 {
                                let sum = sums[4 &* x &+ c]
                                o[4 &* x &+ c] =
                                    divisor == 0 ? 0 : UInt8(truncatingIfNeeded: (sum &+ divisor / 2) / divisor)
                            }
                            o[4 &* x &+ 3] = opaque ? 255 : UInt8(truncatingIfNeeded: (alpha &+ area / 2) / area)
                        }
                    }
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: out, dpi: dpi)
    }

    /// Adds one source row to the per-block sums (R·a, G·a, B·a, a per block; plain R, G, B and
    /// nothing for alpha when `opaque`, where a is 255 everywhere and would cancel out).
    private static func addBlocks(
        _ row: UnsafePointer<UInt8>, kx: Int, count: Int, opaque: Bool, into sums: UnsafeMutablePointer<UInt32>
    ) {
        for x in 0..<count {
            var p = row + x &* kx &* 4
            for _ in 0..<kx {
                if opaque {
                    sums[4 &* x] &+= UInt32(p[0])
                    sums[4 &* x &+ 1] &+= UInt32(p[1])
                    sums[4 &* x &+ 2] &+= UInt32(p[2])
                } else {
                    let a = UInt32(p[3])
                    sums[4 &* x] &+= UInt32(p[0]) &* a
                    sums[4 &* x &+ 1] &+= UInt32(p[1]) &* a
                    sums[4 &* x &+ 2] &+= UInt32(p[2]) &* a
                    sums[4 &* x &+ 3] &+= a
                }
                p += 4
            }
        }
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
            // Two source rows per pass over the row (added in the same order as one at a time).
            let count = rows.counts[y]
            var k = 0
            while k + 2 <= count {
                let (u, v) = (w[y * rows.taps + k], w[y * rows.taps + k + 1])
                let src = convertedRow(rows.starts[y] + k, source: source)
                let next = convertedRow(rows.starts[y] + k + 1, source: source)
                for i in 0..<rowLength { acc[i] = (acc[i] + u * src[i]) + v * next[i] }
                k += 2
            }
            if k < count {
                let weight = w[y * rows.taps + k]
                let src = convertedRow(rows.starts[y] + k, source: source)
                for i in 0..<rowLength { acc[i] += weight * src[i] }
            }
        }
        columns.weights.withUnsafeBufferPointer { w in
            columns.starts.withUnsafeBufferPointer { starts in
                var x = 0
                // Two pixels side by side over all taps (the unused weights are zero), so their sums
                // do not wait on each other, each still in the same order; the starts only grow.
                while x + 2 <= newWidth, starts[x + 1] + columns.taps <= width {
                    across(
                        acc, pixels: (starts[x], starts[x + 1]), weights: w.baseAddress! + x * columns.taps,
                        taps: columns.taps, into: out + 4 * x)
                    x += 2
                }
                while x < newWidth {
                    var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                    let base = x * columns.taps
                    var p = starts[x] * 4
                    for k in 0..<columns.counts[x] {
                        let weight = w[base + k]
                        r += weight * acc[p]; g += weight * acc[p + 1]; b += weight * acc[p + 2];
                        a += weight * acc[p + 3]
                        p += 4
                    }
                    store(r, g, b, a, into: out + 4 * x)
                    x += 1
                }
            }
        }
    }

    /// Two output pixels of the horizontal pass, whose taps start at source pixels `pixels` (the
    /// second's `weights` follow the first's), stored at `out`.
    private func across(
        _ acc: UnsafePointer<Float>, pixels: (Int, Int), weights w: UnsafePointer<Float>, taps: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        var p = acc + 4 * pixels.0, q = acc + 4 * pixels.1
        let v = w + taps
        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
        var (r2, g2, b2, a2): (Float, Float, Float, Float) = (0, 0, 0, 0)
        for k in 0..<taps {
            let (s, t) = (w[k], v[k])
            r += s * p[0]; g += s * p[1]; b += s * p[2]; a += s * p[3]
            r2 += t * q[0]; g2 += t * q[1]; b2 += t * q[2]; a2 += t * q[3]
            p += 4
            q += 4
        }
        store(r, g, b, a, into: out)
        store(r2, g2, b2, a2, into: out + 4)
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
