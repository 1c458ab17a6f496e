/// A fixed sample of an image's SSIM map: `count` evenly spaced bands of `bandRows` output rows
/// (about a tenth of a 3000-row image), on which a ladder step's look is estimated before the
/// step is searched (`JPEGBudgetFit+Estimate.swift`) and compared with the best candidate's
/// SSIM over the same bands. An image with too few rows for that to save anything is one band
/// of all its rows.
struct SSIMSample: Sendable, Equatable {
    static let bandRows = 48
    static let count = 6
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
            valid.count < 2 * Self.count * Self.bandRows
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
