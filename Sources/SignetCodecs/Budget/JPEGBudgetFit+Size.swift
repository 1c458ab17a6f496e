import SignetCore
import SignetRaster

/// The search at one size: the best quality that fits there, scored at the original size.
extension JPEGBudgetFit {
    /// `.over` when the sample predicts that even `lowest` (in the smaller scan order) is over the
    /// budget at `size` and a smaller size is allowed; nil when the search should go on here.
    func overAtLowest(
        _ sample: inout JPEGSizeSample, _ size: (width: Int, height: Int), _ lowest: Int, _ mode: JPEGMode
    )
        throws -> SizeOutcome?
    {
        let atMinimum = try sample.predictSmallest(quality: lowest, mode: mode)
        guard atMinimum > options.maxBytes,
            BudgetShrink.next(width: size.width, height: size.height, bytes: atMinimum, options: options) != nil
        else { return nil }
        return .over(bytes: atMinimum)
    }

    /// The best JPEG of `opaque` scaled to `size` with a quality in `range` (at most `cap` full
    /// encodes), scored at the original size, or the bytes the lowest quality needs there.
    /// `estimates` receives the expected size at each quality of `targets`: from the sample (also
    /// when nothing fits here), else from the full encodes (nothing when 4:4:4 fits at the top quality).
    /// `floor`, when given, is this size at `range.lowerBound`, already encoded.
    mutating func fitAtSize(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), gray: Bool, range: ClosedRange<Int>, cap: Int,
        estimating targets: [Int], into estimates: inout [Int: Double], floor: Candidate? = nil
    ) throws
        -> SizeOutcome
    {
        var sample = JPEGSizeSample(opaque, width: size.width, height: size.height, grayscale: gray)
        defer { probeEncodes += sample?.encodes ?? 0 }
        let budget = options.maxBytes
        let atFullSize = size.width == opaque.width && size.height == opaque.height
        // Progressive first: with the spectral-selection script it was the smaller one in nearly every
        // case measured; baseline is checked at the predicted quality.
        var mode = JPEGMode(subsampling: .half, progressive: true)
        // The sample's estimates first: the ladder needs them also when nothing fits here.
        if sample != nil {
            for target in targets { estimates[target] = Double(try sample!.predict(quality: target, mode: mode)) }
        }
        // Below full size (the image is being shrunk because nothing fit), the lowest quality is
        // checked first: most sizes on the way down are passed over on that one prediction.
        if sample != nil, !atFullSize,
            let over = try overAtLowest(&sample!, size, range.lowerBound, mode)
        {
            return over
        }
        let guess = try sample?.predictBest(in: range, budget: budget, mode: mode)
        if guess == range.lowerBound, sample != nil, let over = try overAtLowest(&sample!, size, range.lowerBound, mode)
        {
            return over
        }
        let image = opaque.downscaled(toWidth: size.width, height: size.height)
        let source = JPEGSource(opaque: image, grayscale: gray)
        let score = { (bytes: [UInt8]) throws -> ColorSSIM in
            atFullSize
                ? try JPEGScore.ssim(of: bytes, source: source, image: image)
                : ColorSSIM.atOriginalSize(try JPEGCodec.decode(bytes), original: opaque)
        }
        let bands = ssimSample
        var spent = 0
        var triedFullChroma = false

        // 4:4:4 only at the top quality, and only when the search can afford the trial.
        let known = floor == nil ? 0 : 1
        if !gray, range.upperBound == options.maxQuality,
            QualitySearch.probes(toSettle: range.count - known) + known < cap,
            try sample?.mayFitFullChroma(at: range.upperBound, budget: budget) ?? true
        {
            var full = JPEGMode(subsampling: .none, progressive: false)
            full = try sample?.smaller(of: full, at: range.upperBound) ?? full
            spent += 1
            encodes += 1
            triedFullChroma = true
            if let bytes = try source.encode(quality: range.upperBound, mode: full, byteLimit: budget) {
                let scored = try score(bytes)
                return .fits(
                    Candidate(
                        luma: scored.luma.mean, width: size.width, height: size.height, bytes: bytes,
                        quality: range.upperBound, mode: full, ssim: scored.color.mean,
                        sampled: scored.color.mean(over: bands),
                        why: "full-resolution color (4:4:4) fits at the top quality \(range.upperBound)"))
            }
        }
        if let guess { mode = try sample!.smaller(of: mode, at: guess) }
        // The sample's predictions in the chosen mode, scaled by how far off they were at the last
        // full encode (nil before the first).
        var correction: Double?
        // Without a sample, a gray image (no 4:4:4 trial spent) first tries the top quality, which
        // settles the common case of a small stamp and a roomy budget in one encode; later probes
        // are aimed by the size model through the sizes measured so far.
        let belief: (QualitySearch) throws -> Int? = { search in
            if sample == nil {
                if search.encodes == 0 { return gray ? range.upperBound : nil }
                return JPEGSizeModel.crossing(search.measured, budget: budget, in: range)
            }
            return try sample!.predictBest(in: range, budget: Int(Double(budget) / (correction ?? 1)), mode: mode)
        }
        // Before any full encode the sample's predictions are uncalibrated (0.1–3 % off on the test
        // images): one within 2 % of the budget cannot tell whether its quality fits.
        let doubtful = { (q: Int) throws -> Bool in
            guard correction == nil, sample != nil else { return false }
            return abs(Double(try sample!.predict(quality: q, mode: mode)) / Double(budget) - 1) <= 0.02
        }
        var search = QualitySearch(range: range)
        var best: (quality: Int, bytes: [UInt8]) = (0, [])
        // A quality already known to fit here (the lowest, encoded on the way down) is not encoded again.
        if let floor {
            search.record(floor.quality, .fits(floor.bytes.count))
            best = (floor.quality, floor.bytes)
        }
        var scored: (quality: Int, ssim: ColorSSIM)?
        try search.run(cap: cap - spent, belief: belief, doubtful: doubtful) { round in
            encodes += round.count
            // Sizes up to 1.5× the budget are measured to correct the predictions (the lowest quality
            // always, to size the next downscale); beyond that an encode is abandoned early — as
            // soon as it passes the budget when the sample predicts more than 1.5× (a probe the
            // cap moved far from the predicted answer), since its size would not be used.
            let jobs = try round.map { q -> (quality: Int, byteLimit: Int?) in
                if q == range.lowerBound { return (q, nil) }
                let far =
                    try sample != nil
                    && Double(sample!.predict(quality: q, mode: mode)) * (correction ?? 1) > 1.5 * Double(budget)
                return (q, far ? budget + 1 : budget + budget / 2)
            }
            let results: [[UInt8]?]
            if round.count == 1, best.quality > 0, scored?.quality != best.quality {
                let candidate = best
                let (result, ssim) = try Parallel.pair(
                    { try source.encode(jobs, mode: mode) },
                    { try score(candidate.bytes) })
                results = result
                scored = (candidate.quality, ssim)
            } else {
                results = try source.encode(jobs, mode: mode)
            }
            return try zip(round, results).map { q, bytes in
                guard let bytes else { return .over(nil) }
                if sample != nil {
                    correction = Double(bytes.count) / Double(try sample!.predict(quality: q, mode: mode))
                }
                guard bytes.count <= budget else { return .over(bytes.count) }
                if q > best.quality { best = (q, bytes) }
                return .fits(bytes.count)
            }
        }
        for target in targets {
            estimates[target] =
                sample != nil
                ? Double(try sample!.predict(quality: target, mode: mode)) * (correction ?? 1)
                : JPEGSizeModel.size(at: target, from: search.measured)
        }
        guard let quality = search.best else {
            guard case .over(let size?) = search.outcomes[range.lowerBound] else {
                preconditionFailure("a failed search has encoded the lowest quality in full")
            }
            return .over(bytes: size)
        }
        let next =
            quality < range.upperBound
            ? "; quality \(quality + 1) does not fit"
            : quality < options.maxQuality ? " (the top of the range tried at this size)" : ""
        let scans =
            !mode.progressive
            ? "; baseline scans (smaller than progressive here)"
            : sample == nil ? "; progressive scans" : "; progressive scans (smaller than baseline here)"
        let why =
            gray
            ? "gray image as a 1-component JPEG at the highest quality that fits, \(quality)\(next)\(scans)"
            : "4:2:0 chroma at the highest quality that fits, \(quality)\(next)"
                + (triedFullChroma ? " (4:4:4 does not fit at quality \(range.upperBound))" : "") + scans
        let ssim = scored?.quality == quality ? scored!.ssim : try score(best.bytes)
        return .fits(
            Candidate(
                luma: ssim.luma.mean, width: size.width, height: size.height, bytes: best.bytes, quality: quality,
                mode: mode, ssim: ssim.color.mean, sampled: ssim.color.mean(over: bands), why: why,
                capped: quality == range.upperBound && quality < options.maxQuality))
    }
}
