import SignetRaster

/// Fits an opaque image under a byte budget as a JPEG: the largest quality that fits at each
/// size, and downscaling by about √(budget / size) while even the lowest quality is too big.
///
/// Layout rule: a gray image is one gray component. A color image keeps full-resolution chroma
/// (4:4:4) only when that fits at the top quality, where it costs nothing; otherwise it uses 4:2:0,
/// which spends the budget on luma — the channel both the eye and (luma) SSIM weigh most — and so
/// reaches a higher quality than 4:4:4 could. Scans are progressive when the sample says that is
/// smaller (same pixels, fewer bytes). At most 8 full-size encodes per size.
///
/// Size rule: at full size any quality from `minQuality` up is accepted (on the benchmark images a
/// full-size JPEG, even at a low quality, scored a higher SSIM than any downscaled one). Once the
/// image must be downscaled, the size is aimed at `resizeQuality` and the image keeps shrinking
/// until that quality fits (or the minimum dimension is reached).
///
/// Images of 0.5 MP or more (at the size being tried) are first judged from a row sample (see
/// `JPEGSizeSample`): a size whose sample predicts more than the budget at the lowest quality is
/// passed over without resampling the whole image, so a big photo is resampled once, at the size
/// that is then searched, and the search starts from the sample's predicted quality.
///
/// The reported SSIM (see `JPEGScore`) is computed on the second core while a lone trial encode
/// runs: when the search has a JPEG that fits and is testing a higher quality, the JPEG that fits
/// is scored meanwhile, since it is the answer unless the trial fits too (then the new answer is
/// scored at the end).
struct JPEGBudgetFit {
    static let encodesPerSize = 8

    let options: BudgetOptions

    private enum SizeOutcome {
        case fits(image: Bitmap, bytes: [UInt8], quality: Int, mode: JPEGMode, ssim: Double, why: String)
        /// Nothing fits: `bytes` at the lowest quality, and `aim` the bytes to shrink by (at the
        /// resize quality when known, else at the lowest), measured or predicted from the sample.
        case over(bytes: Int, aim: Int)
    }

    private var encodes = 0
    private var probeEncodes = 0

    init(options: BudgetOptions) {
        self.options = options
    }

    /// The fitted JPEG of `opaque` (already flattened onto the background).
    mutating func fit(_ opaque: Bitmap, why prefix: String = "") throws -> BudgetResult {
        let gray = opaque.isGray
        var size = (width: opaque.width, height: opaque.height)
        while true {
            let full = size.width == opaque.width && size.height == opaque.height
            let lowest = full ? options.minQuality : resizeQuality
            let outcome = try fitAtSize(opaque, size, gray: gray, lowest: lowest)
            switch outcome {
            case .fits(let image, let bytes, let quality, let mode, let ssim, let why):
                let resized = image.width != opaque.width || image.height != opaque.height
                var reason = prefix + why
                if resized {
                    reason +=
                        "; downscaled from \(opaque.width)×\(opaque.height) because quality \(options.minQuality) did not fit"
                        + " at full size (downscaled images are kept at quality \(resizeQuality) or more)"
                }
                return BudgetResult(
                    bytes: bytes, format: .jpeg, quality: quality, layout: gray ? "gray" : mode.subsampling.rawValue,
                    progressive: mode.progressive, width: image.width,
                    height: image.height, budget: options.maxBytes, encodes: encodes, probeEncodes: probeEncodes,
                    resized: resized, ssim: ssim, reason: reason)
            case .over(let bytes, let aim):
                guard let next = BudgetShrink.next(width: size.width, height: size.height, bytes: aim, options: options)
                else {
                    throw CodecError(
                        .doesNotFit(
                            budget: options.maxBytes,
                            smallest: "\(size.width)×\(size.height) pixels at quality \(lowest): \(bytes) bytes",
                            hint: hint))
                }
                size = next
            }
        }
    }

    /// The lowest quality once the image is downscaled, and the one a downscale aims at.
    private var resizeQuality: Int { min(max(options.resizeQuality, options.minQuality), options.maxQuality) }

    /// What to change when nothing fits: only the options that can still make a difference.
    private var hint: String {
        var changes = ["raise BudgetOptions.maxBytes"]
        if !options.allowResize { changes.insert("allow downscaling (set BudgetOptions.allowResize)", at: 0) }
        if options.minQuality > 1 { changes.append("lower BudgetOptions.minQuality") }
        if options.allowResize && resizeQuality > 1 { changes.append("lower BudgetOptions.resizeQuality") }
        if options.allowResize && options.minDimension > 1 { changes.append("lower BudgetOptions.minDimension") }
        return changes.count == 1 ? changes[0] : changes.dropLast().joined(separator: ", ") + " or " + changes.last!
    }

    /// `.over` when the sample predicts that even `lowest` (in the smaller scan order) is over the
    /// budget at `size` and a smaller size is allowed; nil when the search should go on here.
    private func overAtLowest(
        _ sample: inout JPEGSizeSample, _ size: (width: Int, height: Int), _ lowest: Int, _ mode: JPEGMode
    )
        throws -> SizeOutcome?
    {
        let atMinimum = try sample.predictSmallest(quality: lowest, mode: mode)
        guard atMinimum > options.maxBytes,
            BudgetShrink.next(width: size.width, height: size.height, bytes: atMinimum, options: options) != nil
        else { return nil }
        // The aim only sizes the next step down, so one scan order (the usual smaller) will do.
        return .over(bytes: atMinimum, aim: try sample.predict(quality: resizeQuality, mode: mode))
    }

    /// The best JPEG of `opaque` scaled to `size`, or the bytes the lowest quality needs there.
    private mutating func fitAtSize(
        _ opaque: Bitmap, _ size: (width: Int, height: Int), gray: Bool, lowest: Int
    ) throws
        -> SizeOutcome
    {
        var sample = JPEGSizeSample(opaque, width: size.width, height: size.height, grayscale: gray)
        defer { probeEncodes += sample?.encodes ?? 0 }
        let budget = options.maxBytes
        let range = lowest...options.maxQuality
        // Progressive first: with the spectral-selection script it was the smaller one in nearly every
        // case measured; baseline is checked at the predicted quality.
        var mode = JPEGMode(subsampling: .half, progressive: true)
        // Below full size (the image is being shrunk because nothing fit), the lowest quality is
        // checked first: most sizes on the way down are passed over on that one prediction.
        if sample != nil, size.width < opaque.width || size.height < opaque.height,
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
        var spent = 0

        if !gray, try sample?.mayFitFullChroma(at: range.upperBound, budget: budget) ?? true {
            var full = JPEGMode(subsampling: .none, progressive: false)
            full = try sample?.smaller(of: full, at: range.upperBound) ?? full
            spent += 1
            encodes += 1
            if let bytes = try source.encode(quality: range.upperBound, mode: full, byteLimit: budget) {
                return .fits(
                    image: image, bytes: bytes, quality: range.upperBound, mode: full,
                    ssim: try JPEGScore.ssim(of: bytes, source: source, image: image),
                    why: "full-resolution color (4:4:4) fits at the top quality \(range.upperBound)")
            }
        }
        if let guess { mode = try sample!.smaller(of: mode, at: guess) }
        // The sample's predictions in the chosen mode, scaled by how far off they were at the last
        // full encode (nil before the first).
        var correction: Double?
        // Without a sample, a gray image (no 4:4:4 trial spent) first tries the top quality, which
        // settles the common case of a small stamp and a roomy budget in one encode.
        let belief: (QualitySearch) throws -> Int? = { search in
            if sample == nil { return gray && search.encodes == 0 ? range.upperBound : nil }
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
        var scored: (quality: Int, ssim: Double)?
        try search.run(cap: Self.encodesPerSize - spent, belief: belief, doubtful: doubtful) { round in
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
                    { try JPEGScore.ssim(of: candidate.bytes, source: source, image: image) })
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
        guard let quality = search.best else {
            guard case .over(let size?) = search.outcomes[range.lowerBound] else {
                preconditionFailure("a failed search has encoded the lowest quality in full")
            }
            let aim: Int? = if case .over(let measured?) = search.outcomes[resizeQuality] { measured } else { nil }
            return .over(bytes: size, aim: try aim ?? sample?.predict(quality: resizeQuality, mode: mode) ?? size)
        }
        let next = quality < range.upperBound ? "; quality \(quality + 1) does not fit" : ""
        let scans =
            !mode.progressive
            ? "; baseline scans (smaller than progressive here)"
            : sample == nil ? "; progressive scans" : "; progressive scans (smaller than baseline here)"
        let why =
            gray
            ? "gray image as a 1-component JPEG at the highest quality that fits, \(quality)\(next)\(scans)"
            : "4:2:0 chroma at the highest quality that fits, \(quality)\(next) (4:4:4 does not fit at quality \(range.upperBound))\(scans)"
        let ssim =
            scored?.quality == quality ? scored!.ssim : try JPEGScore.ssim(of: best.bytes, source: source, image: image)
        return .fits(image: image, bytes: best.bytes, quality: quality, mode: mode, ssim: ssim, why: why)
    }
}
