import Dispatch
import Glibc
import SignetCore
import SignetRaster

/// Structural similarity (Wang, Bovik, Sheikh, Simoncelli 2004) of two images' luma, or of
/// another plane (`SSIMChannel`; the three mixed: `ColorSSIM`).
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
    package static func luma(_ a: Bitmap, _ b: Bitmap) -> Double { score(a, b, .luma).mean }

    /// Mean SSIM of plane `channel` of `a` and `b` (of one size), with the map's row sums.
    static func score(_ a: Bitmap, _ b: Bitmap, _ channel: SSIMChannel) -> SSIMScore {
        precondition(a.width == b.width && a.height == b.height, "SSIM compares images of one size")
        guard a.width > 2 * radius, a.height > 2 * radius else {
            return SSIMScore(globalWindow(plane(a, channel), plane(b, channel)))
        }
        return a.pixels.withUnsafeBufferPointer { ap in
            b.pixels.withUnsafeBufferPointer { bp in
                score(SSIMInput.rgba(ap.baseAddress!, bp.baseAddress!, channel), width: a.width, height: a.height)
            }
        }
    }

    /// Mean luma SSIM of `result` — the original downscaled, encoded and decoded — against
    /// `original` at the original's size: `result` is first upscaled back (Lanczos-3, the taps of
    /// `Bitmap.upscaled(toWidth:height:)`), as a viewer shows it at the same display size. Both
    /// opaque. The plane is upscaled rather than the RGBA image (`PlaneUpscale`: the same
    /// values before that image's rounding to 8 bits; the SSIM differs by well under 0.001).
    package static func atOriginalSize(_ result: Bitmap, original: Bitmap) -> Double {
        atOriginalSizeScore(result, original: original, .luma).mean
    }

    /// `atOriginalSize(result, original:)` of plane `channel`, with the map's row sums.
    static func atOriginalSizeScore(_ result: Bitmap, original: Bitmap, _ channel: SSIMChannel) -> SSIMScore {
        if result.width == original.width && result.height == original.height {
            return score(original, result, channel)
        }
        guard original.width > 2 * radius, original.height > 2 * radius else {
            return score(original, result.upscaled(toWidth: original.width, height: original.height), channel)
        }
        return upscaledScore(
            PlaneUpscale.planes(result, [channel], toWidth: original.width, height: original.height)[0],
            original: original,
            bands: [radius..<(original.height - radius)])
    }

    /// The SSIM of `original` (more than 2 × `radius` on each side) against `upscaled`, of its
    /// size, in `upscaled`'s plane, over the output rows of `bands` only.
    static func upscaledScore(_ upscaled: PlaneUpscale, original: Bitmap, bands: [Range<Int>]) -> SSIMScore {
        precondition(upscaled.width == original.width && upscaled.height == original.height, "SSIM of one size")
        return original.pixels.withUnsafeBufferPointer {
            let rows = rowSums(
                .upscaled($0.baseAddress!, upscaled), width: original.width, height: original.height, bands: bands)
            return SSIMScore(rows.mean, rows: rows)
        }
    }

    /// Mean SSIM of two gray images of `width` × `height` bytes (only the first width × height
    /// bytes of each are read).
    static func gray(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        grayScore(a, b, width: width, height: height).mean
    }

    /// `gray(a, b, width:height:)` with the map's row sums.
    static func grayScore(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> SSIMScore {
        let count = width * height
        precondition(count > 0 && a.count >= count && b.count >= count, "SSIM gray images of one size")
        guard width > 2 * radius, height > 2 * radius else {
            return SSIMScore(globalWindow(a.prefix(count).map(Float.init), b.prefix(count).map(Float.init)))
        }
        return a.withUnsafeBufferPointer { ap in
            b.withUnsafeBufferPointer { bp in
                score(SSIMInput.gray(ap.baseAddress!, bp.baseAddress!), width: width, height: height)
            }
        }
    }

    /// Plane `channel` of every pixel, row by row.
    package static func plane(_ bitmap: Bitmap, _ channel: SSIMChannel) -> [Float] {
        let count = bitmap.pixelCount
        return [Float](unsafeUninitializedCapacity: count) { out, initialized in
            bitmap.pixels.withUnsafeBufferPointer {
                channel.convert($0.baseAddress!, count: count, into: out.baseAddress!)
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

    /// The mean of the SSIM map over all its rows.
    private static func mean(_ input: SSIMInput, width: Int, height: Int) -> Double {
        score(input, width: width, height: height).mean
    }

    /// The SSIM map over all its rows.
    private static func score(_ input: SSIMInput, width: Int, height: Int) -> SSIMScore {
        let rows = rowSums(input, width: width, height: height, bands: [radius..<(height - radius)])
        return SSIMScore(rows.mean, rows: rows)
    }

    /// The SSIM map's sums per output row over the rows of `bands` (ascending, disjoint, within
    /// the rows whose window lies inside the image), tiles of rows × columns computed on up to
    /// `Parallel.threads` threads.
    static func rowSums(_ input: SSIMInput, width: Int, height: Int, bands: [Range<Int>]) -> SSIMRowSums {
        let columns = width - 2 * radius
        let strips = (columns + stripWidth - 1) / stripWidth
        // At least 8 tiles, so both cores stay busy to the end.
        let pieces = max(1, (8 + strips * bands.count - 1) / (strips * bands.count))
        let spans = bands.flatMap { band in
            let parts = min(pieces, band.count)
            return (0..<parts).map {
                (band.lowerBound + $0 * band.count / parts)..<(band.lowerBound + ($0 + 1) * band.count / parts)
            }
        }
        let tiles = spans.count * strips
        // One row of sums per strip, so that tiles never write the same place.
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: strips * height)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0)
        nonisolated(unsafe) let slots = sums.baseAddress!
        Parallel.forEach(tiles) { tile in
            let (span, strip) = tile.quotientAndRemainder(dividingBy: strips)
            let firstColumn = radius + strip * columns / strips, endColumn = radius + (strip + 1) * columns / strips
            let map = SSIMRows(columns: endColumn - firstColumn)
            map.sum(
                input, imageWidth: width, rows: spans[span], columns: firstColumn..<endColumn,
                into: slots + strip * height)
        }
        let rows = (0..<height).map { y in (0..<strips).reduce(0.0) { $0 + sums[$1 * height + y] } }
        return SSIMRowSums(rows: rows, columns: columns, bands: bands)
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
