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
        var search = sizeSearch(opaque, size, gray: gray, range: range, cap: cap, estimating: targets)
        let outcome = try run(&search, floor: floor)
        return (outcome, search.estimates)
    }

    /// The search of `opaque` scaled to `size`, not yet run (its size sample made).
    mutating func sizeSearch(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), gray: Bool, range: ClosedRange<Int>, cap: Int,
        estimating targets: [Int] = []
    ) -> JPEGSizeSearch {
        JPEGSizeSearch(
            opaque, at: size, gray: gray, range: range, cap: cap, options: options, targets: targets,
            bands: ssimSample, scoresOnSample: scoresOnSample ?? false, scaled: scaled(opaque, size),
            reference: reference)
    }

    /// `search` run (from `floor` when given), or `over` when its sample already predicted the
    /// lowest quality over the budget (`JPEGSizeSearch.predictedOver`); its encodes counted.
    mutating func run(_ search: inout JPEGSizeSearch, floor: Candidate? = nil, over: Int? = nil) throws -> SizeOutcome {
        defer {
            encodes += search.encodes
            probeEncodes += search.probeEncodes
        }
        if let over { return .over(bytes: over) }
        return try search.run(floor: floor)
    }
}
