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
        let vertical = ResampleWeights.of(from: height / ky, to: newHeight)
        let opaque = known(opaque)
        // Only the block rows the wanted output rows read are averaged.
        var needed = [Bool](repeating: false, count: height / ky)
        for y in rows { for k in 0..<vertical.counts[y] { needed[vertical.starts[y] + k] = true } }
        precondition(reduced.map { $0.width == width / kx && $0.height == height / ky } ?? true, "the same blocks")
        let base = kx > 1 || ky > 1 ? reduced ?? boxReduced(kx, ky, rows: needed, opaque: opaque) : self
        let columns = ResampleWeights.of(from: base.width, to: newWidth)
        var result = [UInt8](repeating: 0, count: newWidth * rows.count * 4)
        base.pixels.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let source = src.baseAddress!
                nonisolated(unsafe) let target = dst.baseAddress!
                let spans = BackgroundSpans(source, width: base.width, rows: needed)
                let bands = min(rows.count, 8)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let pass = ResamplePass(
                        width: base.width, newWidth: newWidth, window: vertical.taps, opaque: opaque, spans: spans)
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
