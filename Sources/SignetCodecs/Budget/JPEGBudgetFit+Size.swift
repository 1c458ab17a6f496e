import SignetCore
import SignetRaster

/// The search at one size (`JPEGSizeSearch`), its encodes counted in the whole fit's.
extension JPEGBudgetFit {
    /// The best JPEG of `opaque` scaled to `size` with a quality in `range` (at most `cap` full
    /// encodes), scored at the original size, or the bytes the lowest quality needs there; and
    /// the sizes expected at each quality of `targets`. `floor`, when given, is this size at
    /// `range.lowerBound`, already encoded.
    mutating func fitAtSize(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), gray: Bool, range: ClosedRange<Int>, cap: Int,
        estimating targets: [Int] = [], floor: Candidate? = nil
    ) throws -> (outcome: SizeOutcome, estimates: [Int: Double]) {
        var search = JPEGSizeSearch(
            opaque, at: size, gray: gray, range: range, cap: cap, options: options, targets: targets,
            bands: ssimSample)
        let outcome = try search.run(floor: floor)
        encodes += search.encodes
        probeEncodes += search.probeEncodes
        return (outcome, search.estimates)
    }
}
