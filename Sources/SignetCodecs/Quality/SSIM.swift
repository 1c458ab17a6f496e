import Dispatch
import Glibc
import SignetRaster

/// Structural similarity (Wang, Bovik, Sheikh, Simoncelli 2004) of two images' luma.
///
/// Definition used everywhere in Signet: luma Y = 0.299 R + 0.587 G + 0.114 B (Rec. 601, the
/// weights JPEG uses) as real numbers 0…255; a Gaussian window with σ = 1.5 truncated to 11×11
/// (radius 5, weights normalized to sum 1); K1 = 0.01, K2 = 0.03, L = 255; population (not sample)
/// variances; the mean of the SSIM map over the pixels whose whole window lies inside the image.
/// This is exactly scikit-image's `structural_similarity(x, y, gaussian_weights=True, sigma=1.5,
/// use_sample_covariance=False, data_range=255)`. Images smaller than 11 pixels on a side are
/// compared with one uniform window covering the whole image. Alpha is ignored: compare opaque
/// (flattened) images.
package enum SSIM {
    static let radius = 5
    static let c1: Float = (0.01 * 255) * (0.01 * 255)
    static let c2: Float = (0.03 * 255) * (0.03 * 255)

    /// The normalized Gaussian taps (σ = 1.5), 2 × radius + 1 of them.
    static let window: [Float] = {
        let raw: [Double] = (-radius...radius).map { (x: Int) -> Double in exp(-0.5 * Double(x * x) / 2.25) }
        let sum = raw.reduce(0, +)
        return raw.map { Float($0 / sum) }
    }()

    /// Mean SSIM of the luma of `a` and `b`, which must have the same size.
    package static func luma(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "SSIM compares images of one size")
        guard a.width > 2 * radius, a.height > 2 * radius else { return globalWindow(lumaPlane(a), lumaPlane(b)) }
        return a.pixels.withUnsafeBufferPointer { ap in
            b.pixels.withUnsafeBufferPointer { bp in
                mean(SSIMInput.rgba(ap.baseAddress!, bp.baseAddress!), width: a.width, height: a.height)
            }
        }
    }

    /// Mean SSIM of `result` — the original downscaled, encoded and decoded — against `original`
    /// at the original's size: `result` is first upscaled back (Lanczos-3, see
    /// `Bitmap.upscaled(toWidth:height:)`), as a viewer shows it at the same display size. Both opaque.
    package static func atOriginalSize(_ result: Bitmap, original: Bitmap) -> Double {
        luma(original, result.upscaled(toWidth: original.width, height: original.height))
    }

    /// Mean SSIM of two gray images of `width` × `height` bytes (only the first width × height
    /// bytes of each are read).
    static func gray(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        let count = width * height
        precondition(count > 0 && a.count >= count && b.count >= count, "SSIM gray images of one size")
        guard width > 2 * radius, height > 2 * radius else {
            return globalWindow(a.prefix(count).map(Float.init), b.prefix(count).map(Float.init))
        }
        return a.withUnsafeBufferPointer { ap in
            b.withUnsafeBufferPointer { bp in
                mean(SSIMInput.gray(ap.baseAddress!, bp.baseAddress!), width: width, height: height)
            }
        }
    }

    /// Rec. 601 luma of every pixel, row by row.
    package static func lumaPlane(_ bitmap: Bitmap) -> [Float] {
        let count = bitmap.pixelCount
        return [Float](unsafeUninitializedCapacity: count) { out, initialized in
            bitmap.pixels.withUnsafeBufferPointer {
                SSIMInput.luma($0.baseAddress!, count: count, into: out.baseAddress!)
            }
            initialized = count
        }
    }

    /// Mean SSIM of two gray planes of `width` × `height` values in 0…255.
    package static func compare(_ x: [Float], _ y: [Float], width: Int, height: Int) -> Double {
        precondition(x.count == width * height && y.count == x.count && !x.isEmpty, "SSIM planes of one size")
        guard width > 2 * radius, height > 2 * radius else { return globalWindow(x, y) }
        return x.withUnsafeBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in
                mean(SSIMInput.planes(xp.baseAddress!, yp.baseAddress!), width: width, height: height)
            }
        }
    }

    /// Output columns per tile: the ring of a tile this wide (4 planes × 11 rows) stays in a
    /// core's own cache.
    static let stripWidth = 512

    /// The mean of the SSIM map, tiles of rows × columns computed on up to `Parallel.threads` threads.
    private static func mean(_ input: SSIMInput, width: Int, height: Int) -> Double {
        let rows = height - 2 * radius, columns = width - 2 * radius
        let strips = (columns + stripWidth - 1) / stripWidth
        // At least 8 tiles, so both cores stay busy to the end.
        let bands = min(rows, (8 + strips - 1) / strips)
        let tiles = bands * strips
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: tiles)
        defer { sums.deallocate() }
        nonisolated(unsafe) let slots = sums
        Parallel.forEach(tiles) { tile in
            let (band, strip) = tile.quotientAndRemainder(dividingBy: strips)
            let firstColumn = radius + strip * columns / strips, endColumn = radius + (strip + 1) * columns / strips
            let firstRow = radius + band * rows / bands, endRow = radius + (band + 1) * rows / bands
            let map = SSIMRows(columns: endColumn - firstColumn)
            slots[tile] = map.sum(input, imageWidth: width, rows: firstRow..<endRow, columns: firstColumn..<endColumn)
        }
        return sums.reduce(0, +) / Double(rows * columns)
    }

    /// One window over everything, for images too small for the Gaussian window.
    private static func globalWindow(_ x: [Float], _ y: [Float]) -> Double {
        let n = Double(x.count)
        let mx = x.reduce(0.0) { $0 + Double($1) } / n
        let my = y.reduce(0.0) { $0 + Double($1) } / n
        var vx = 0.0, vy = 0.0, cov = 0.0
        for (a, b) in zip(x, y) {
            let dx = Double(a) - mx, dy = Double(b) - my
            vx += dx * dx; vy += dy * dy; cov += dx * dy
        }
        vx /= n; vy /= n; cov /= n
        let (k1, k2) = (Double(c1), Double(c2))
        return ((2 * mx * my + k1) * (2 * cov + k2)) / ((mx * mx + my * my + k1) * (vx + vy + k2))
    }
}
