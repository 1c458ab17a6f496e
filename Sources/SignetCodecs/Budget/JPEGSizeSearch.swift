import SignetCore
import SignetRaster

/// The search at one size of a JPEG budget fit: the highest quality in `range` whose JPEG fits the
/// budget, in at most `cap` full encodes steered by a `JPEGSizePredictor`, scored against the
/// original at the original size. docs/budget.md explains the strategy.
struct JPEGSizeSearch {
    typealias Candidate = JPEGBudgetFit.Candidate
    typealias Outcome = JPEGBudgetFit.SizeOutcome

    let options: BudgetOptions
    let original: Bitmap
    let size: (width: Int, height: Int)
    let gray: Bool
    let range: ClosedRange<Int>
    let cap: Int
    /// The qualities whose expected sizes `estimates` holds (for aiming the ladder).
    let targets: [Int]
    /// The rows a candidate's sampled SSIM is taken over (nil: none).
    let bands: SSIMSample?
    /// `original` at `size`, its rows made as they are asked for (shared with the fit's estimates).
    let scaled: ScaledImage
    /// Whether candidates are scored on `bands` alone (`SSIMSample.scoresCandidates`).
    let scoresOnSample: Bool
    /// The original in CIELAB, shared by the whole fit (nil: a gray image, no colour difference).
    let reference: LabReference?
    private var predictor: any JPEGSizePredictor
    /// Progressive first: with the spectral-selection script it was the smaller one in nearly every
    /// case measured; baseline is checked at the predicted quality.
    private var mode = JPEGMode(subsampling: .half, progressive: true)
    private(set) var encodes = 0
    /// The expected size at each of `targets`: from the predictor before the search (also when
    /// nothing fits), refreshed after it.
    private(set) var estimates: [Int: Double] = [:]
    private var triedFullChroma = false
    /// The highest quality found to fit, with its JPEG.
    private var best: (quality: Int, bytes: [UInt8])?
    /// A candidate scored while a trial encode ran.
    private var scored: (quality: Int, ssim: ColorSSIM)?
    /// This size's 4:2:0 (or gray) JPEG at `quality` already scored over the sample (an estimate,
    /// `JPEGBudgetFit.estimate`, the same value to the bit): taken as the candidate's score at
    /// that quality instead of scoring it again, when candidates are scored on the sample.
    var known: (quality: Int, ssim: ColorSSIM)?

    /// Small encodes of a size too small to sample, whole at its lowest quality (`measuredOver`).
    private var lowestChecks = 0

    var probeEncodes: Int { predictor.probeEncodes + lowestChecks }
    private var budget: Int { options.maxBytes }

    init(
        _ original: Bitmap, at size: (width: Int, height: Int), gray: Bool, range: ClosedRange<Int>, cap: Int,
        options: BudgetOptions, targets: [Int], bands: SSIMSample?, scoresOnSample: Bool = false,
        scaled: ScaledImage? = nil, reference: LabReference? = nil
    ) {
        self.scaled = scaled ?? ScaledImage(original, width: size.width, height: size.height)
        self.reference = reference
        (self.original, self.size, self.gray, self.range, self.cap) = (original, size, gray, range, cap)
        (self.options, self.targets, self.bands) = (options, targets, bands)
        self.scoresOnSample = scoresOnSample && bands != nil
        predictor =
            JPEGSizeSample(self.scaled, grayscale: gray).map {
                SampledSizePredictor($0)
            } ?? MeasuredSizePredictor(gray: gray)
    }

    /// The best JPEG at this size, or the bytes the lowest quality needs here. `floor`, when
    /// given, is this size at `range.lowerBound`, already encoded.
    mutating func run(floor: Candidate? = nil) throws -> Outcome {
        estimates = try predictor.expected(at: targets, mode: mode, search: QualitySearch(range: range))
        // Below full size (the image is being shrunk because nothing fit), the lowest quality is
        // checked first: most sizes on the way down are passed over on that one prediction.
        if let over = try predictedOver() { return .over(bytes: over) }
        let guess = try predictor.belief(QualitySearch(range: range), budget: budget, mode: mode)
        if guess == range.lowerBound, let over = try overAtLowest() { return .over(bytes: over) }
        let trial = JPEGTrialImage(
            scaled, gray: gray, sample: scoresOnSample ? bands : nil, reference: reference)
        if let fits = try fullChroma(trial, known: floor == nil ? 0 : 1) { return .fits(fits) }
        if let guess { mode = try predictor.smaller(of: mode, at: guess) }
        let search = try searchQualities(trial, floor: floor)
        estimates = try predictor.expected(at: targets, mode: mode, search: search)
        guard let best else {
            guard case .over(let size?) = search.outcomes[range.lowerBound] else {
                preconditionFailure("a failed search has encoded the lowest quality in full")
            }
            return .over(bytes: size)
        }
        let ssim = try score(of: best, trial)
        var fits = candidate(best.bytes, quality: best.quality, mode: mode, ssim, why: reason(best.quality))
        fits.capped = best.quality == range.upperBound && best.quality < options.maxQuality
        return .fits(fits)
    }

    /// Below full size, the predicted bytes of the lowest quality when the sample puts that over
    /// the budget and a smaller size is allowed (what `run` would return as `.over` at once);
    /// nil when the search should run.
    mutating func predictedOver() throws -> Int? {
        guard size.width != original.width || size.height != original.height else { return nil }
        return try overAtLowest()
    }

    /// Below full size, for a size too small for a size sample (`JPEGSizeSample.minimumPixels`):
    /// the image scaled to this size (kept in `scaled` for the search) and encoded whole at the lowest
    /// quality, as a size sample of all its rows. Its bytes when that is over the budget: no
    /// quality of the window fits, and the step is passed over as `predictedOver` passes one
    /// over, before it is estimated. nil when it fits, and the search runs as it would have
    /// without this encode; nil at full size and for a sampled size. Counted in `probeEncodes`
    /// (a small image, like a sample), so it takes no full encode from the other sizes.
    mutating func measuredOver() throws -> Int? {
        guard predictor is MeasuredSizePredictor, size.width != original.width || size.height != original.height
        else { return nil }
        lowestChecks += 1
        let source = JPEGSource(opaque: scaled.whole, grayscale: gray)
        guard let bytes = try source.encode(quality: range.lowerBound, mode: mode) else {
            preconditionFailure("an encode without a byte limit returns its bytes")
        }
        return bytes.count > budget ? bytes.count : nil
    }

    /// The predicted bytes of the lowest quality when that is over the budget here and a smaller
    /// size is allowed; nil when the search should go on here.
    private mutating func overAtLowest() throws -> Int? {
        guard let bytes = try predictor.smallestOver(budget, at: range.lowerBound, mode: mode),
            BudgetShrink.next(width: size.width, height: size.height, bytes: bytes, options: options) != nil
        else { return nil }
        return bytes
    }

    /// 4:4:4 at the top quality, when it may fit and the search can afford the trial (`known`
    /// qualities already settled); nil when it is not tried or does not fit.
    private mutating func fullChroma(_ trial: JPEGTrialImage, known: Int) throws -> Candidate? {
        let top = range.upperBound
        guard !gray, top == options.maxQuality, QualitySearch.probes(toSettle: range.count - known) + known < cap,
            try predictor.mayFitFullChroma(at: top, budget: budget)
        else { return nil }
        let full = try predictor.smaller(of: JPEGMode(subsampling: .none, progressive: false), at: top)
        encodes += 1
        triedFullChroma = true
        guard let bytes = try trial.source.encode(quality: top, mode: full, byteLimit: budget) else { return nil }
        let why = "full-resolution color (4:4:4) fits at the top quality \(top)"
        return candidate(bytes, quality: top, mode: full, try trial.score(bytes, quality: top, mode: full), why: why)
    }

    /// The quality search proper, from `floor` when given.
    private mutating func searchQualities(_ trial: JPEGTrialImage, floor: Candidate?) throws -> QualitySearch {
        var search = QualitySearch(range: range)
        // A quality already known to fit here (the lowest, encoded on the way down) is not encoded again.
        if let floor {
            search.record(floor.quality, .fits(floor.bytes.count))
            best = (floor.quality, floor.bytes)
        }
        try search.run(
            cap: cap - (triedFullChroma ? 1 : 0),
            belief: { search in try predictor.belief(search, budget: budget, mode: mode) },
            doubtful: { q in try predictor.isDoubtful(q, budget: budget, mode: mode) },
            encode: { round, search in try encode(round, trial, search) })
        return search
    }

    /// One round of trial encodes. A lone trial runs beside the score of the likely answer: above
    /// a JPEG that fits, that JPEG's score, since it is the answer unless the trial fits too;
    /// just below a quality that is over, the trial's own score, taken from the sample's strip
    /// (`SampledStrip`, which needs no bytes of the trial), since the trial is the answer if it
    /// fits (if it does not, that score is not used). `search` is the search before the round.
    private mutating func encode(
        _ round: [Int], _ trial: JPEGTrialImage, _ search: QualitySearch
    ) throws -> [QualitySearch.Outcome] {
        encodes += round.count
        let jobs = try round.map { q in (quality: q, byteLimit: try byteLimit(q)) }
        let (source, mode) = (trial.source, mode)
        let results: [[UInt8]?]
        if round.count == 1, let best, scored?.quality != best.quality, reused(best.quality) == nil {
            let (encoded, ssim) = try Parallel.pair(
                { try source.encode(jobs, mode: mode) },
                { try trial.score(best.bytes, quality: best.quality, mode: mode) })
            (results, scored) = (encoded, (best.quality, ssim))
        } else if round.count == 1, best == nil, round[0] + 1 == search.high,
            let strip = trial.strip, reused(round[0]) == nil
        {
            let (q, subsampling, reference) = (round[0], mode.subsampling, trial.reference)
            let (encoded, ssim) = try Parallel.pair(
                { try source.encode(jobs, mode: mode) },
                { try strip.score(quality: q, subsampling: subsampling, reference: reference) })
            (results, scored) = (encoded, (q, ssim))
        } else {
            results = try source.encode(jobs, mode: mode)
        }
        return try zip(round, results).map { q, bytes in try outcome(q, bytes) }
    }

    /// The score of `best`, the answer: made while a trial encode ran, known from an estimate,
    /// or made now.
    private func score(of best: (quality: Int, bytes: [UInt8]), _ trial: JPEGTrialImage) throws -> ColorSSIM {
        if let scored, scored.quality == best.quality { return scored.ssim }
        return try reused(best.quality) ?? trial.score(best.bytes, quality: best.quality, mode: mode)
    }

    /// `known`'s score when it is the one a candidate at `quality` would be given.
    private func reused(_ quality: Int) -> ColorSSIM? {
        guard let known, known.quality == quality, scoresOnSample, gray || mode.subsampling == .half else { return nil }
        return known.ssim
    }

    /// Sizes up to 1.5× the budget are measured to correct the predictions (the lowest quality
    /// always, to size the next downscale); beyond that an encode is abandoned early — as soon as
    /// it passes the budget when the predictor expects more than 1.5× (a probe the cap moved far
    /// from the predicted answer), since its size would not be used.
    private mutating func byteLimit(_ quality: Int) throws -> Int? {
        guard quality != range.lowerBound else { return nil }
        let far = try predictor.predicted(quality: quality, mode: mode).map { $0 > 1.5 * Double(budget) } ?? false
        return far ? budget + 1 : budget + budget / 2
    }

    private mutating func outcome(_ quality: Int, _ bytes: [UInt8]?) throws -> QualitySearch.Outcome {
        guard let bytes else { return .over(nil) }
        try predictor.observe(quality: quality, mode: mode, bytes: bytes.count)
        guard bytes.count <= budget else { return .over(bytes.count) }
        if quality > best?.quality ?? 0 { best = (quality, bytes) }
        return .fits(bytes.count)
    }

    private func candidate(
        _ bytes: [UInt8], quality: Int, mode: JPEGMode, _ ssim: ColorSSIM, why: String
    ) -> Candidate {
        Candidate(
            luma: ssim.luma.mean, width: size.width, height: size.height, bytes: bytes, quality: quality, mode: mode,
            ssim: ssim.color.mean, sampled: ssim.color.mean(over: bands), why: why)
    }

    /// Why `quality` at this size: its layout, what bounds it and the scan order.
    private func reason(_ quality: Int) -> String {
        let next =
            quality < range.upperBound
            ? "; quality \(quality + 1) does not fit"
            : quality < options.maxQuality ? " (the top of the range tried at this size)" : ""
        let scans =
            !mode.progressive
            ? "; baseline scans (smaller than progressive here)"
            : predictor.comparesScans ? "; progressive scans (smaller than baseline here)" : "; progressive scans"
        guard !gray else {
            return "gray image as a 1-component JPEG at the highest quality that fits, \(quality)\(next)\(scans)"
        }
        let chroma = triedFullChroma ? " (4:4:4 does not fit at quality \(range.upperBound))" : ""
        return "4:2:0 chroma at the highest quality that fits, \(quality)\(next)" + chroma + scans
    }
}

/// The image at one size of a budget search, ready to encode and to score at the original size.
struct JPEGTrialImage {
    let original: Bitmap
    /// `original` scaled to the size searched.
    let image: Bitmap
    let source: JPEGSource
    /// The rows scored, when not every row is (`SSIMSample.scoresCandidates`), ready to encode.
    let strip: SampledStrip?
    /// `original` in CIELAB (`LabReference`), when the fit keeps one.
    let reference: LabReference?

    /// `scaled`: the original at the size searched; `reference`: the original in CIELAB.
    init(_ scaled: ScaledImage, gray: Bool, sample: SSIMSample? = nil, reference: LabReference? = nil) {
        original = scaled.original
        strip = sample.map { scaled.sampledStrip($0, gray: gray) }
        self.reference = reference
        image = scaled.whole
        source = JPEGSource(opaque: image, grayscale: gray)
    }

    /// The score of `jpeg`, an encoding of `source` at `quality` in `mode`, against the original at
    /// the original size: over the sample's rows when candidates are scored on a sample, from the
    /// strip of those rows encoded the same way (`SampledStrip`: the same pixels there); else
    /// decoded whole.
    func score(_ jpeg: [UInt8], quality: Int, mode: JPEGMode) throws -> ColorSSIM {
        if let strip { return try strip.score(quality: quality, subsampling: mode.subsampling, reference: reference) }
        return image.width == original.width && image.height == original.height
            ? try JPEGScore.ssim(of: jpeg, source: source, image: image, reference: reference)
            : ColorSSIM.atOriginalSize(try JPEGCodec.decode(jpeg), original: original, reference: reference)
    }
}
