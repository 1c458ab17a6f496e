import Glibc

/// How a JPEG's size moves with its quality, for aiming the sample's probes: log(size) is close
/// to linear in log(table scale), the percentage libjpeg scales its base quantization tables by
/// (5000 / q below quality 50, 200 − 2q from 50 on). On the benchmark images the slope stays
/// within −0.24…−0.41 per doubling of the scale across qualities 12…94, so two predictions
/// place the crossing of the budget within a quality step or two — where plain interpolation in
/// the quality itself needs a bracket first and several more probes.
enum JPEGSizeModel {
    /// The slope assumed while only one size is known: ln(size) per doubling of the table scale.
    static let typicalSlope = -0.33

    /// log2 of libjpeg's table scale at `quality` (quality 100's zero scale counts as 1: its
    /// tables are all ones).
    static func logScale(_ quality: Int) -> Double {
        log2(max(quality < 50 ? 5000 / Double(quality) : Double(200 - 2 * quality), 1))
    }

    /// The highest quality whose table scale is at least 2^`logScale`.
    static func quality(atLogScale logScale: Double) -> Int {
        let scale = exp2(logScale)
        let q = scale >= 100 ? 5000 / scale : (200 - scale) / 2
        return Int(q.rounded(.down))
    }

    /// The quality in `range` where the size is expected to cross `budget`, from the known
    /// (quality, size) pairs: between the nearest ones on either side of the budget when there
    /// are both, else along the slope of the two nearest the budget (or the typical slope from
    /// one). nil without any size.
    static func crossing(_ known: [(quality: Int, size: Int)], budget: Int, in range: ClosedRange<Int>) -> Int? {
        let target = log(Double(budget))
        let points = known.map { (x: logScale($0.quality), y: log(Double($0.size))) }
        guard let nearest = points.min(by: { abs($0.y - target) < abs($1.y - target) }) else { return nil }
        let below = points.filter { $0.y <= target }.max { $0.y < $1.y }
        let above = points.filter { $0.y > target }.min { $0.y < $1.y }
        var slope = typicalSlope
        if let below, let above, below.x != above.x {
            slope = (above.y - below.y) / (above.x - below.x)
        } else if let other = points.filter({ $0.x != nearest.x }).min(by: { abs($0.y - target) < abs($1.y - target) })
        {
            slope = (other.y - nearest.y) / (other.x - nearest.x)
        }
        // Sizes fall as the scale grows; anything else is noise between close qualities.
        if !(slope < -0.05) { slope = typicalSlope }
        let q = quality(atLogScale: nearest.x + (target - nearest.y) / slope)
        return min(max(q, range.lowerBound), range.upperBound)
    }

    /// The size expected at `quality`, along the line through the two known pairs nearest to it
    /// in table scale (the typical slope from one, or when the two disagree with the model's
    /// direction). nil without any size.
    static func size(at quality: Int, from known: [(quality: Int, size: Int)]) -> Double? {
        let x = logScale(quality)
        let points = known.map { (x: logScale($0.quality), y: log(Double($0.size))) }.sorted {
            abs($0.x - x) < abs($1.x - x)
        }
        guard let nearest = points.first else { return nil }
        var slope = typicalSlope
        if let other = points.dropFirst().first(where: { $0.x != nearest.x }) {
            slope = (other.y - nearest.y) / (other.x - nearest.x)
        }
        if !(slope < -0.05) { slope = typicalSlope }
        return exp(nearest.y + (x - nearest.x) * slope)
    }
}
