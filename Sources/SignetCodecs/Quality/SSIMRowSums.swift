/// The SSIM map summed along each row: its mean over the rows computed, and over any bands of
/// them (what `SSIMSample` compares), from one pass.
struct SSIMRowSums: Sendable {
    /// The sum of the map over each output row, indexed by image row (zero for rows not computed).
    let rows: [Double]
    /// Values per output row.
    let columns: Int
    /// The output rows computed.
    let bands: [Range<Int>]

    /// The mean over all the rows computed.
    var mean: Double { mean(over: bands) }

    /// The mean over `bands` (rows that were computed).
    func mean(over bands: [Range<Int>]) -> Double {
        let count = bands.reduce(0) { $0 + $1.count }
        precondition(count > 0, "SSIM over no rows")
        return bands.reduce(0.0) { total, band in band.reduce(total) { $0 + rows[$1] } } / Double(count * columns)
    }
}

/// A mean SSIM and, when the image was large enough for the Gaussian window, the row sums it came from.
struct SSIMScore: Sendable {
    let mean: Double
    let rows: SSIMRowSums?

    init(_ mean: Double, rows: SSIMRowSums? = nil) {
        self.mean = mean
        self.rows = rows
    }

    /// The mean over `sample`'s bands; nil without a sample or row sums.
    func mean(over sample: SSIMSample?) -> Double? {
        guard let sample, let rows else { return nil }
        return rows.mean(over: sample.bands)
    }
}
