import SignetRaster

/// How a ladder step would look, before it is searched: only the rows of the downscaled image
/// that the sample's bands read (after upscaling back) are made, resampled as in the full
/// downscale (`Bitmap.downscaledRows`), encoded at one quality, decoded and compared with the
/// original on those bands (`SampledStrip`): the very pixels the full encode at that quality
/// decodes to there. The estimate is compared with the best candidate's score over the same
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
        probeEncodes += 1
        return try scaled(opaque, size).sampledStrip(sample, gray: gray)
            .score(quality: quality, subsampling: .half, reference: reference)
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
