import SignetRaster

/// A bigger budget never yields a smaller PNG. The two candidates grow with the budget at
/// different rates: a palette PNG is at full size from a small budget on, but its score stops
/// rising once it has 256 colours, while the lossless downscale keeps growing sharper. Where the
/// lossless one overtakes, ranking by score alone would trade a full-size palette PNG at one
/// budget for a smaller lossless image at a larger one (a gradient logo: 1024 pixels at 30 KB,
/// 398 at 100 KB). So the score decides among the candidates no smaller than the image a
/// smaller budget picks.
extension PNGBudgetFit {
    /// How many palette PNGs below the budget are checked at most, each against the lossless
    /// downscale that fits in its bytes (each check is a lossless search): past that many, no
    /// floor is set.
    static let floorSteps = paletteSizes.count

    /// The image a fit under a smaller budget picks, when that is larger than `winner` (the best
    /// candidate by score here), or nil.
    ///
    /// Walks down the palette PNGs a smaller budget would offer, `palette` (this budget's) first:
    /// under a budget of exactly its bytes the palette PNG is the same one and the lossless
    /// downscale is the largest that fits those bytes; when the palette scores above it, that
    /// budget picks the palette PNG, and it is the floor. Otherwise the next budget down (one byte
    /// less) offers the next palette PNG. The walk ends at a palette PNG no larger than `winner`.
    mutating func smallerBudgetPick(
        largerThan winner: Candidate, palette: Candidate?, original: Bitmap, full: [UInt8], reference: Bitmap
    ) throws -> Candidate? {
        var offered = palette
        for _ in 0..<Self.floorSteps {
            guard let palette = offered, palette.pixels > winner.pixels else { return nil }
            let rival = try losslessCandidate(original, full: full, reference: reference, budget: palette.bytes.count)
            if rival.map({ palette.score.color.mean > $0.score.color.mean }) ?? true { return palette }
            offered = try paletteCandidate(original, reference: reference, budget: palette.bytes.count - 1)
        }
        return nil
    }
}
