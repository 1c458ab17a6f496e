import SignetRaster

/// How a ladder step would look, before it is searched: only the rows of the downscaled image
/// that the sample's bands read (after upscaling back) are made, encoded at one quality,
/// decoded and compared with the original on those bands.
///
/// JPEG codes 4:2:0 in independent 16-row block rows (two rows of 8×8 luma blocks, one of
/// chroma), so the rows are taken in whole 16-row block rows at their places in the full image:
/// the bands then see the same blocks the full encode at that quality would give (chroma
/// upsampling, which mixes neighbouring rows, barely reaches them across a cut). The rows are resampled as in the full downscale
/// (`Bitmap.downscaledRows`), so the estimate differs from the SSIM of the full encode only in
/// which rows are averaged; it is compared with the best candidate's score over the same bands.
extension JPEGBudgetFit {
    /// Rows of one 4:2:0 block row.
    static let blockRows = 16

    /// The score (`ColorSSIM`) over `sample`'s bands of `opaque` scaled to `size` (smaller) and
    /// encoded at `quality` (4:2:0, or gray), against `opaque` at its own size. One small encode,
    /// counted in `probeEncodes`.
    mutating func estimate(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), quality: Int, gray: Bool, sample: SSIMSample
    ) throws -> ColorSSIM {
        let rows = Self.rowsRead(by: sample, height: size.height, upscaledTo: opaque.height)
        let reduced = reduced(opaque, for: size)
        let key = Self.sizeKey(size)
        // Most of the image, or made already (`JPEGSizeSearch.measuredOver`): made whole, for the
        // search of this size to reuse.
        let whole =
            downscales[key]
            ?? (2 * rows.count >= size.height
                ? opaque.downscaledRows(
                    Array(0..<size.height), toWidth: size.width, height: size.height, reduced: reduced, opaque: true)
                : nil)
        let strip: Bitmap
        if let whole {
            downscales[key] = whole
            let rowBytes = size.width * 4
            strip = Bitmap(
                width: size.width, height: rows.count,
                pixels: rows.flatMap { whole.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] })
        } else {
            strip = opaque.downscaledRows(
                rows, toWidth: size.width, height: size.height, reduced: reduced, opaque: true)
        }
        let mode = JPEGMode(subsampling: .half, progressive: false)
        guard let bytes = try JPEGSource(opaque: strip, grayscale: gray).encode(quality: quality, mode: mode) else {
            preconditionFailure("an encode without a byte limit returns its bytes")
        }
        probeEncodes += 1
        return ColorSSIM.overSample(
            try JPEGCodec.decode(bytes), rows: rows, sourceHeight: size.height, original: opaque, sample: sample,
            gray: gray, reference: reference)
    }

    /// The rows of an image `height` rows high that the sample's bands (with their SSIM windows,
    /// twice as tall for the halved chroma planes: `SSIMSample.chroma`) read once it is upscaled
    /// to `upscaledHeight` rows, widened to whole block rows; ascending.
    static func rowsRead(by sample: SSIMSample, height: Int, upscaledTo upscaledHeight: Int) -> [Int] {
        let taps = ResampleWeights.of(from: height, to: upscaledHeight)
        var wanted = [Bool](repeating: false, count: height)
        let margin = 2 * SSIM.radius + 1
        for band in sample.bands {
            let top = max(band.lowerBound - margin, 0), bottom = min(band.upperBound - 1 + margin, upscaledHeight - 1)
            let first = taps.starts[top], last = taps.starts[bottom] + taps.counts[bottom] - 1
            let from = first / blockRows * blockRows
            let to = min((last / blockRows + 1) * blockRows, height)
            for row in from..<to { wanted[row] = true }
        }
        return wanted.indices.filter { wanted[$0] }
    }
}
