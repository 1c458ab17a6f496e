/// A fixed sample of an image's SSIM map: `count` evenly spaced bands of `bandRows` output rows
/// (about a tenth of a 3000-row image), on which a ladder step's look is estimated before the
/// step is searched (`JPEGBudgetFit+Estimate.swift`) and compared with the best candidate's
/// SSIM over the same bands. An image with too few rows for that to save anything is one band
/// of all its rows.
struct SSIMSample: Sendable, Equatable {
    static let bandRows = 48
    static let count = 6

    /// Output rows (each window inside the image), ascending and disjoint.
    let bands: [Range<Int>]

    /// The sample of an image `height` rows high; nil when it is too small for the Gaussian window.
    init?(width: Int, height: Int) {
        let r = SSIM.radius
        guard width > 2 * r, height > 2 * r else { return nil }
        let valid = r..<(height - r)
        guard valid.count >= 2 * Self.count * Self.bandRows else {
            bands = [valid]
            return
        }
        bands = (0..<Self.count).map { i in
            let start = valid.lowerBound + (2 * i + 1) * valid.count / (2 * Self.count) - Self.bandRows / 2
            return start..<(start + Self.bandRows)
        }
    }
}
