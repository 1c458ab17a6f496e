import Glibc
import SignetRaster

/// A cheap predictor of JPEG sizes for large images: evenly spaced bands of 16 rows (whole JPEG
/// blocks at 4:2:0), about 400,000 pixels in all, encoded instead of the whole image. The sample's
/// size without its headers, times (image rows / sample rows), plus the headers once, predicts the
/// full size; a prediction only ever steers the search, whose answer always comes from encoding
/// the whole image. The bands are dealt alternately into two halves, encoded side by side on two
/// cores (their sizes without headers add up).
struct JPEGSizeSample {
    /// Images smaller than this are encoded whole: a sample would save little.
    static let minimumPixels = 500_000
    static let targetPixels = 400_000
    static let bandRows = 16

    /// The two halves of the sample.
    let halves: [JPEGSource]
    /// A 16×16 flat image of the same kind: its JPEG is almost all headers and tables, the part of
    /// the sample's size that does not grow with the rows.
    let blank: JPEGSource
    /// Image rows per sample row.
    let scale: Double
    private(set) var encodes = 0
    private var sizes: [JPEGMode: [Int: Int]] = [:]

    /// A sample of `image` (opaque) scaled to `width` × `height` (only the sampled rows are
    /// resampled), or nil when the image at that size is small enough to encode whole.
    init?(_ image: Bitmap, width: Int, height: Int, grayscale: Bool) {
        self.init(ScaledImage(image, width: width, height: height), grayscale: grayscale)
    }

    /// A sample of `scaled` (opaque; only the sampled rows are made), or nil when it is small
    /// enough to encode whole.
    init?(_ scaled: ScaledImage, grayscale: Bool) {
        let (width, height) = (scaled.width, scaled.height)
        guard width * height >= Self.minimumPixels else { return nil }
        let bands = (height + Self.bandRows - 1) / Self.bandRows
        let wantedRows = max(Self.targetPixels / width, Self.bandRows)
        let every = max(bands * Self.bandRows / wantedRows, 2)
        var chosen: [Int] = []
        // Which half each chosen row goes to: whole bands alternate.
        var half: [Int] = []
        // Start half a stride in so the bands sit in the middle of their stretches.
        var band = every / 2
        while band < bands {
            let first = band * Self.bandRows
            let rows = first..<min(first + Self.bandRows, height)
            chosen += rows
            half += repeatElement(half.count / Self.bandRows % 2, count: rows.count)
            band += every
        }
        let rows = chosen.count
        guard rows > 1 else { return nil }
        halves = (0..<2).map { h in
            let picked = half.indices.filter { half[$0] == h }.map { chosen[$0] }
            return JPEGSource(opaque: scaled.rows(picked), grayscale: grayscale)
        }
        blank = JPEGSource(opaque: Bitmap(width: 16, height: 16, fill: .white), grayscale: grayscale)
        self.scale = Double(height) / Double(rows)
    }

    /// The predicted full-image size at `quality`.
    mutating func predict(quality: Int, mode: JPEGMode) throws -> Int {
        if let known = sizes[mode]?[quality] { return known }
        let counts = try JPEGSource.encode(halves + [blank], quality: quality, mode: mode).map(\.count)
        let headers = counts[2]
        encodes += 1
        let predicted = headers + Int((Double(counts[0] + counts[1] - 2 * headers) * scale).rounded())
        sizes[mode, default: [:]][quality] = predicted
        return predicted
    }

    /// The largest quality in `range` predicted to fit `budget` (the lowest one when none is).
    /// Earlier predictions in this mode narrow the search first, and each probe is aimed where
    /// `JPEGSizeModel` expects the size to cross the budget.
    mutating func predictBest(in range: ClosedRange<Int>, budget: Int, mode: JPEGMode) throws -> Int {
        var search = QualitySearch(range: range)
        for (q, size) in (sizes[mode] ?? [:]).sorted(by: { $0.key < $1.key }) where range.contains(q) {
            // Skip a prediction that contradicts the others (sizes are not strictly monotonic).
            if size <= budget, q < search.high { search.record(q, .fits(size)) }
            if size > budget, q > search.low { search.record(q, .over(size)) }
        }
        let belief = { (search: QualitySearch) in JPEGSizeModel.crossing(search.measured, budget: budget, in: range) }
        // One probe at a time: each refines the model that aims the next (a prediction pair would
        // spend a probe on a guess the first probe already corrects).
        try search.run(cap: search.encodes + search.probesNeeded + 2, pairs: false, belief: belief) { round, _ in
            try round.map { q in
                let size = try predict(quality: q, mode: mode)
                return size <= budget ? .fits(size) : .over(size)
            }
        }
        return search.best ?? range.lowerBound
    }

    /// Whether full-resolution chroma (4:4:4) could fit `budget` at `quality` (within the 10 %
    /// a prediction may be off): not when a 4:2:0 prediction at a lower quality is already over
    /// the budget, or one at `quality` over 1.1 × the budget — 4:4:4 carries four times the
    /// chroma of 4:2:0, and a higher quality is larger still — else when the 4:4:4 prediction is
    /// over 1.1 × the budget.
    mutating func mayFitFullChroma(at quality: Int, budget: Int) throws -> Bool {
        let limit = Double(budget) * 1.1
        for (mode, predictions) in sizes where mode.subsampling == .half {
            if predictions.contains(where: {
                $0.key < quality ? $0.value > budget : $0.key == quality && Double($0.value) > limit
            }) {
                return false
            }
        }
        return Double(try predict(quality: quality, mode: JPEGMode(subsampling: .none, progressive: false))) <= limit
    }

    /// The smaller prediction at `quality`: baseline or progressive scans.
    mutating func predictSmallest(quality: Int, mode: JPEGMode) throws -> Int {
        try predict(quality: quality, mode: smaller(of: mode, at: quality))
    }

    /// `mode` or its other scan order (baseline ↔ progressive), whichever the sample at `quality`
    /// says is smaller.
    mutating func smaller(of mode: JPEGMode, at quality: Int) throws -> JPEGMode {
        var other = mode
        other.progressive.toggle()
        return try predict(quality: quality, mode: other) < predict(quality: quality, mode: mode) ? other : mode
    }
}
