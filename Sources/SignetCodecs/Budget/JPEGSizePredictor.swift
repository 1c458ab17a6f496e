/// What the search at one size believes about JPEG sizes before it encodes the whole image.
/// Beliefs only steer the search; its answer always comes from full encodes.
protocol JPEGSizePredictor {
    /// Small encodes spent on predictions.
    var probeEncodes: Int { get }
    /// Whether the scan order was chosen by comparing predictions (else progressive is assumed).
    var comparesScans: Bool { get }
    /// The size predicted at `quality` before encoding it, calibrated by the encodes observed;
    /// nil for a kind that only knows what was encoded.
    mutating func predicted(quality: Int, mode: JPEGMode) throws -> Double?
    /// The size expected at each of `qualities` (for aiming the ladder), from all that is known
    /// and what `search` measured.
    mutating func expected(at qualities: [Int], mode: JPEGMode, search: QualitySearch) throws -> [Int: Double]
    /// The smaller of baseline and progressive at `quality` for sure over `budget` (predicted),
    /// or nil when that is not known.
    mutating func smallestOver(_ budget: Int, at quality: Int, mode: JPEGMode) throws -> Int?
    /// The quality in `search`'s range believed to be the last that fits `budget`; nil: no idea.
    mutating func belief(_ search: QualitySearch, budget: Int, mode: JPEGMode) throws -> Int?
    /// Whether the belief cannot tell if `quality` fits (its prediction is within its error of the budget).
    mutating func isDoubtful(_ quality: Int, budget: Int, mode: JPEGMode) throws -> Bool
    /// Whether 4:4:4 could fit `budget` at `quality`.
    mutating func mayFitFullChroma(at quality: Int, budget: Int) throws -> Bool
    /// `mode` or its other scan order, whichever is believed smaller at `quality`.
    mutating func smaller(of mode: JPEGMode, at quality: Int) throws -> JPEGMode
    /// Learns from a full encode of `bytes` bytes (the search records it too).
    mutating func observe(quality: Int, mode: JPEGMode, bytes: Int) throws
}

/// Predictions from a row sample (`JPEGSizeSample`), scaled by how far off they were at the
/// last full encode.
struct SampledSizePredictor: JPEGSizePredictor {
    private var sample: JPEGSizeSample
    /// Full size over predicted size at the last full encode (nil before the first).
    private var correction: Double?

    init(_ sample: JPEGSizeSample) {
        self.sample = sample
    }

    var probeEncodes: Int { sample.encodes }
    var comparesScans: Bool { true }

    mutating func predicted(quality: Int, mode: JPEGMode) throws -> Double? {
        Double(try sample.predict(quality: quality, mode: mode)) * (correction ?? 1)
    }

    mutating func expected(at qualities: [Int], mode: JPEGMode, search: QualitySearch) throws -> [Int: Double] {
        var sizes: [Int: Double] = [:]
        for quality in qualities { sizes[quality] = try predicted(quality: quality, mode: mode) }
        return sizes
    }

    /// Both scan orders are predicted only when `mode`'s is over: the smaller of the two then
    /// settles it, and when `mode`'s fits so does the smaller.
    mutating func smallestOver(_ budget: Int, at quality: Int, mode: JPEGMode) throws -> Int? {
        guard try sample.predict(quality: quality, mode: mode) > budget else { return nil }
        let size = try sample.predictSmallest(quality: quality, mode: mode)
        return size > budget ? size : nil
    }

    mutating func belief(_ search: QualitySearch, budget: Int, mode: JPEGMode) throws -> Int? {
        try sample.predictBest(in: search.range, budget: Int(Double(budget) / (correction ?? 1)), mode: mode)
    }

    /// Before any full encode the predictions are uncalibrated (0.1–3 % off on the test images):
    /// one within 2 % of the budget cannot tell whether its quality fits.
    mutating func isDoubtful(_ quality: Int, budget: Int, mode: JPEGMode) throws -> Bool {
        guard correction == nil else { return false }
        return abs(Double(try sample.predict(quality: quality, mode: mode)) / Double(budget) - 1) <= 0.02
    }

    mutating func mayFitFullChroma(at quality: Int, budget: Int) throws -> Bool {
        try sample.mayFitFullChroma(at: quality, budget: budget)
    }

    mutating func smaller(of mode: JPEGMode, at quality: Int) throws -> JPEGMode {
        try sample.smaller(of: mode, at: quality)
    }

    mutating func observe(quality: Int, mode: JPEGMode, bytes: Int) throws {
        correction = Double(bytes) / Double(try sample.predict(quality: quality, mode: mode))
    }
}

/// No predictions: images too small to sample are encoded whole, and the sizes the search has
/// measured aim the next probe (`JPEGSizeModel`). A gray image first tries the top quality, which
/// settles the common case of a small stamp and a roomy budget in one encode.
struct MeasuredSizePredictor: JPEGSizePredictor {
    let gray: Bool

    var probeEncodes: Int { 0 }
    var comparesScans: Bool { false }

    func predicted(quality: Int, mode: JPEGMode) -> Double? { nil }

    func expected(at qualities: [Int], mode: JPEGMode, search: QualitySearch) -> [Int: Double] {
        var sizes: [Int: Double] = [:]
        for quality in qualities { sizes[quality] = JPEGSizeModel.size(at: quality, from: search.measured) }
        return sizes
    }

    func smallestOver(_ budget: Int, at quality: Int, mode: JPEGMode) -> Int? { nil }

    func belief(_ search: QualitySearch, budget: Int, mode: JPEGMode) -> Int? {
        if search.encodes == 0 { return gray ? search.range.upperBound : nil }
        return JPEGSizeModel.crossing(search.measured, budget: budget, in: search.range)
    }

    func isDoubtful(_ quality: Int, budget: Int, mode: JPEGMode) -> Bool { false }

    func mayFitFullChroma(at quality: Int, budget: Int) -> Bool { true }

    func smaller(of mode: JPEGMode, at quality: Int) -> JPEGMode { mode }

    func observe(quality: Int, mode: JPEGMode, bytes: Int) {}
}
