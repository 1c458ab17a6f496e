/// A fixed sample of an image's SSIM map: `count` evenly spaced bands of `bandRows` output rows,
/// on which a ladder step's look is estimated before the step is searched
/// (`JPEGBudgetFit+Estimate.swift`) and compared with the best candidate's SSIM over the same
/// bands. An image with fewer than `bandedRows` rows inside the window is one band of all its rows.
///
/// Why bands of 16 rows: what an estimate costs is the rows it makes, not the rows it scores.
/// Each band is read with the SSIM window's margins (twice as tall for the halved chroma planes)
/// and widened to whole 16-row JPEG block rows. On the 800-row signature of
/// `Tools/bench-compress.py`, an estimate of its 1993×664 step made 496 rows with 48-row bands
/// and makes 336 with 16-row bands, and scores a third as many. On the eleven JPEG rows of
/// `Tools/bench-budget-choice.py` both band heights choose the same files (2026-12-04), and
/// 16 rows made every `Tools/bench-compress.py` row 9–19 % faster (docs/performance.md).
struct SSIMSample: Sendable, Equatable {
    static let bandRows = 16
    static let count = 6
    /// Images with fewer rows inside the window are one band of all their rows: the bands, with
    /// their margins and whole block rows, would make half the rows or more anyway, so a sample
    /// would save little and lose exactness.
    static let bandedRows = 576
    /// Images of this many pixels or more have their candidates scored on the sample alone: the
    /// exact score over every row cost a 12 MP photo more than all its encodes, and ranks the
    /// candidates as the sample does (`SSIMSampleTests`).
    static let scoredPixels = 1_500_000

    /// Output rows (each window inside the image), ascending and disjoint.
    let bands: [Range<Int>]
    /// The rows of the chroma planes' map over the same rows: `bands` halved (the halved rows
    /// whose two rows both lie in a band, within the halved image's window) when the image
    /// compares chroma at half resolution (`ColorSSIM`), else `bands`. A halved row reads the
    /// original's rows up to 2 × `SSIM.radius` + 1 around it.
    let chroma: [Range<Int>]

    /// Whether an image `width` × `height` scores its budget candidates on this sample alone:
    /// when it has `scoredPixels` or more and the sample is bands, not every row.
    func scoresCandidates(width: Int, height: Int) -> Bool {
        width * height >= Self.scoredPixels && bands.count > 1
    }

    /// The sample of an image `height` rows high; nil when it is too small for the Gaussian window.
    init?(width: Int, height: Int) {
        let r = SSIM.radius
        guard width > 2 * r, height > 2 * r else { return nil }
        let valid = r..<(height - r)
        let bands =
            valid.count < Self.bandedRows
            ? [valid]
            : (0..<Self.count).map { i in
                let start = valid.lowerBound + (2 * i + 1) * valid.count / (2 * Self.count) - Self.bandRows / 2
                return start..<(start + Self.bandRows)
            }
        self.bands = bands
        guard SSIM.halvesChroma(width: width, height: height) else {
            chroma = bands
            return
        }
        let halvedValid = r..<(height / 2 - r)
        chroma = bands.map { band in
            ((band.lowerBound + 1) / 2)..<(band.upperBound / 2)
        }.map { $0.clamped(to: halvedValid) }.filter { !$0.isEmpty }
    }
}
