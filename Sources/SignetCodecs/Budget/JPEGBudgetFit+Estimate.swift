import SignetRaster

/// How a ladder step would look, before it is searched: only the rows of the downscaled image
/// that the sample's bands read (after upscaling back) are made, encoded at one quality,
/// decoded and compared with the original on those bands.
///
/// JPEG codes 4:2:0 in independent 16-row block rows (two rows of 8×8 luma blocks, one of
/// chroma), so the rows are taken in whole 16-row block rows at their places in the full image,
/// with a row to spare at each cut (a decoder's chroma upsampling mixes each row with the chroma
/// row beyond it). The rows are resampled as in the full downscale (`Bitmap.downscaledRows`), so
/// the bands see the very pixels the full encode at that quality decodes to: the estimate is
/// that JPEG's score over the sample, compared with the best candidate's score over the same
/// bands, and it is the candidate's score when the search of the size ends at that quality and
/// candidates are scored on the sample (`JPEGSizeSearch.known`).
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
        let strip = scaled(opaque, size).rows(rows)
        // Baseline with the standard Huffman tables: the quickest to write and read, and neither
        // changes a coefficient, so the pixels are those of the candidate in any scan order.
        let source = JPEGSource(opaque: strip, grayscale: gray)
        guard let bytes = try source.encode(quality: quality, subsampling: .half, optimize: false) else {
            preconditionFailure("an encode without a byte limit returns its bytes")
        }
        probeEncodes += 1
        return ColorSSIM.overSample(
            try JPEGCodec.decode(bytes), rows: rows, sourceHeight: size.height, original: opaque, sample: sample,
            gray: gray, reference: reference)
    }

    /// The rows of an image `height` rows high that the sample's bands (with their SSIM windows,
    /// twice as tall for the halved chroma planes: `SSIMSample.chroma`) read once it is upscaled
    /// to `upscaledHeight` rows and a row either side, widened to whole block rows; ascending.
    static func rowsRead(by sample: SSIMSample, height: Int, upscaledTo upscaledHeight: Int) -> [Int] {
        let taps = ResampleWeights.of(from: height, to: upscaledHeight)
        var wanted = [Bool](repeating: false, count: height)
        let margin = 2 * SSIM.radius + 1
        for band in sample.bands {
            let top = max(band.lowerBound - margin, 0), bottom = min(band.upperBound - 1 + margin, upscaledHeight - 1)
            // One row of slack each side: a decoder's chroma upsampling mixes each row with the
            // chroma row beyond it, which in a stack of block rows belongs to the next run.
            let first = max(taps.starts[top] - 1, 0), last = taps.starts[bottom] + taps.counts[bottom]
            let from = first / blockRows * blockRows
            let to = min((last / blockRows + 1) * blockRows, height)
            for row in from..<to { wanted[row] = true }
        }
        return wanted.indices.filter { wanted[$0] }
    }
}
