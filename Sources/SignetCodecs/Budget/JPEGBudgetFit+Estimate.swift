import SignetRaster

/// How a ladder step would look, before it is searched: only the rows of the downscaled image
/// that the sample's bands read (after upscaling back) are made, encoded at one quality,
/// decoded and compared with the original on those bands.
///
/// JPEG codes luma in independent 8×8 blocks, so the rows are taken in whole 8-row block rows
/// at their places in the full image: the bands then see the same luma blocks the full encode at
/// that quality would give (the luma computed from the decoded RGB is that Y up to rounding, so
/// chroma upsampling, which mixes neighbouring rows, barely reaches it). The rows are resampled as in the full downscale
/// (`Bitmap.downscaledRows`), so the estimate differs from the SSIM of the full encode only in
/// which rows are averaged; it is compared with the best candidate's SSIM over the same bands.
extension JPEGBudgetFit {
    /// Rows of one luma block.
    static let blockRows = 8

    /// The SSIM over `sample`'s bands of `opaque` scaled to `size` (smaller) and encoded at
    /// `quality` (4:2:0, or gray), against `opaque` at its own size. One small encode, counted
    /// in `probeEncodes`.
    mutating func estimate(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), quality: Int, gray: Bool, sample: SSIMSample
    ) throws -> Double {
        let rows = Self.rowsRead(by: sample, height: size.height, upscaledTo: opaque.height)
        let strip = opaque.downscaledRows(rows, toWidth: size.width, height: size.height)
        let mode = JPEGMode(subsampling: .half, progressive: false)
        guard let bytes = try JPEGSource(opaque: strip, grayscale: gray).encode(quality: quality, mode: mode) else {
            preconditionFailure("an encode without a byte limit returns its bytes")
        }
        probeEncodes += 1
        let upscaled = LumaUpscale(
            try JPEGCodec.decode(bytes), present: rows, sourceHeight: size.height, toWidth: opaque.width,
            height: opaque.height)
        return SSIM.upscaledScore(upscaled, original: opaque, bands: sample.bands).mean
    }

    /// The rows of an image `height` rows high that the sample's bands (with their SSIM windows)
    /// read once it is upscaled to `upscaledHeight` rows, widened to whole block rows; ascending.
    static func rowsRead(by sample: SSIMSample, height: Int, upscaledTo upscaledHeight: Int) -> [Int] {
        let taps = ResampleWeights(from: height, to: upscaledHeight)
        var wanted = [Bool](repeating: false, count: height)
        for band in sample.bands {
            let top = band.lowerBound - SSIM.radius, bottom = band.upperBound - 1 + SSIM.radius
            let first = taps.starts[top], last = taps.starts[bottom] + taps.counts[bottom] - 1
            let from = first / blockRows * blockRows
            let to = min((last / blockRows + 1) * blockRows, height)
            for row in from..<to { wanted[row] = true }
        }
        return wanted.indices.filter { wanted[$0] }
    }
}
