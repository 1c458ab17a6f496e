import SignetCore
import SignetRaster

/// Fits an opaque image under a byte budget as a JPEG: the full size and a few downscaled sizes
/// (`JPEGSizeLadder`), each at the highest quality that fits (`JPEGSizeSearch`); the winner has
/// the best score (SSIM over luma and chroma, `ColorSSIM`) against the original at the original
/// size. At most `maxEncodes` full encodes, except when the full size is blocky (`encodesLeft`)
/// and when no size on the ladder fits (`shrinkUntilFit`). docs/budget.md explains the strategy.
struct JPEGBudgetFit {
    /// Full encodes one size may use.
    static let encodesPerSize = 8
    /// Full encodes one whole search may use, over all sizes.
    static let maxEncodes = 12
    /// Images up to this many pixels are searched at full size with one encode more than
    /// `encodesPerSize` (see `fullSizeEncodes`).
    static let pairedFullSizePixels = 4_000_000

    /// The encodes of the full size's search. Up to `pairedFullSizePixels`, one more than
    /// `encodesPerSize`: over qualities 1…100 that lets the first round be a pair (the quality the
    /// size sample believes in and the next, encoded side by side on the two cores), which settles
    /// a right belief in one round. The sample is then at least a tenth of the rows, and its first
    /// belief was right on the images measured (the seal at 100 KB: 3 full encodes in two rounds
    /// became 2 in one); on the 12 MP photo (3 % of the rows) it was two qualities off, and the
    /// pair cost two more 48 MB encodes. The whole search still stays within `maxEncodes`.
    static func fullSizeEncodes(_ size: (width: Int, height: Int)) -> Int {
        encodesPerSize + (size.width * size.height <= pairedFullSizePixels ? 1 : 0)
    }

    let options: BudgetOptions

    /// One size at the best quality that fits it, scored at the original size.
    struct Candidate {
        /// Its luma SSIM (reported beside `ssim`).
        var luma: Double
        var width: Int
        var height: Int
        var bytes: [UInt8]
        var quality: Int
        var mode: JPEGMode
        /// Its score, luma and chroma (`ColorSSIM`): what the candidates are ranked by.
        var ssim: Double
        /// Its score over the bands of `ssimSample` (nil without one), from the same map as `ssim`.
        var sampled: Double?
        var why: String
        /// Its quality is the top of the window searched, below `maxQuality`: one above may fit too.
        var capped = false
    }

    enum SizeOutcome {
        case fits(Candidate)
        /// Nothing fits: `bytes` at the lowest quality, measured or predicted from the sample.
        case over(bytes: Int)
    }

    var encodes = 0
    var probeEncodes = 0
    /// The rows of the original on which ladder steps are estimated (nil for images too small).
    var ssimSample: SSIMSample?
    /// Whether ladder steps are estimated before they are searched (false searches every step,
    /// which is what the estimate is checked against).
    var estimatesSteps = true
    /// Whether a ladder step too small for a size sample is encoded at its lowest quality before
    /// it is estimated (`JPEGSizeSearch.measuredOver`); false estimates it first, which is what
    /// the check is compared with.
    var checksLowestFirst = true
    /// Whether candidates are scored on `ssimSample`'s rows alone; nil decides by the image's
    /// size (`SSIMSample.scoresCandidates`), which is what the fit uses (the tests set it to
    /// compare the two).
    var scoresOnSample: Bool?
    /// The original's block averages (`Bitmap.blockReduced`) made so far, by their size: every
    /// estimate, size sample and trial image of a size that averages the same blocks starts
    /// from them instead of averaging the original again.
    private var reductions: [Int: Bitmap] = [:]
    /// The original in CIELAB (`LabReference`), made as scores ask for its rows and shared by
    /// every estimate and candidate of the fit; nil for a gray image (no colour difference) and
    /// before `fit`.
    var reference: LabReference?
    /// The original at each size asked for so far, by size (`sizeKey`): the rows a size sample,
    /// an estimate or a lowest-quality check made, for the search of that size to reuse.
    private var scales: [Int: ScaledImage] = [:]

    /// The key of `size` in `scales`.
    static func sizeKey(_ size: (width: Int, height: Int)) -> Int { size.width << 32 | size.height }
    /// The first ladder step left out because its estimate was below the best candidate's.
    var ruledOut: (size: (width: Int, height: Int), quality: Int, estimate: ColorSSIM, best: Double)?

    init(options: BudgetOptions) {
        self.options = options
    }

    /// `opaque` at `size`, made once per size, its rows as they are asked for.
    mutating func scaled(_ opaque: Bitmap, _ size: (width: Int, height: Int)) -> ScaledImage {
        let key = Self.sizeKey(size)
        if let known = scales[key] { return known }
        let made = ScaledImage(opaque, width: size.width, height: size.height, reduced: reduced(opaque, for: size))
        scales[key] = made
        return made
    }

    /// Lets go of the rows made at `size` once its search is done: the ladder never comes back to
    /// a size, so the smaller sizes after it reuse that memory instead of touching more (the
    /// 2400×800 signature's 1993×664 step held 5 MB through the next steps' estimates, and the
    /// full size its 3.7 MB strip). `raiseWinner`, in the rare case it searches the winner's
    /// size on, makes its rows again.
    private mutating func release(_ size: (width: Int, height: Int)) {
        scales[Self.sizeKey(size)] = nil
    }

    /// The block averages a downscale of `opaque` to `size` starts from (nil: none), made once.
    private mutating func reduced(_ opaque: Bitmap, for size: (width: Int, height: Int)) -> Bitmap? {
        let (kx, ky) = opaque.blockFactors(toWidth: size.width, height: size.height)
        guard kx > 1 || ky > 1 else { return nil }
        let key = kx << 32 | ky
        if let known = reductions[key] { return known }
        let made = opaque.blockReduced(toWidth: size.width, height: size.height, opaque: true)
        reductions[key] = made
        return made
    }

    /// The fitted JPEG of `opaque` (already flattened onto the background).
    mutating func fit(_ opaque: Bitmap, why prefix: String = "") throws -> BudgetResult {
        let gray = opaque.isGray
        let full = (width: opaque.width, height: opaque.height)
        ssimSample = SSIMSample(width: full.width, height: full.height)
        reference =
            gray
            ? nil
            : LabReference(
                width: full.width, height: full.height,
                halves: SSIM.halvesChroma(width: full.width, height: full.height))
        if scoresOnSample == nil {
            scoresOnSample = ssimSample.map { $0.scoresCandidates(width: full.width, height: full.height) } ?? false
        }
        let ladder = JPEGSizeLadder(options: options)
        var candidates: [Candidate] = []
        var last = (size: full, quality: options.minQuality, bytes: 0)
        let (first, estimates) = try fitAtSize(
            opaque, full, gray: gray, range: options.minQuality...options.maxQuality, cap: Self.fullSizeEncodes(full),
            estimating: ladder.targets)
        release(full)
        switch first {
        case .fits(let candidate): candidates.append(candidate)
        case .over(let bytes): last.bytes = bytes
        }
        guard options.allowResize else { return try result(candidates, opaque, gray: gray, prefix, last) }
        var pending = ladder.steps(width: full.width, height: full.height, estimates: estimates)
        // How much more the downscaled sizes cost than the full-size estimates say (1 until a step is over).
        var costlier = 1.0
        while !pending.isEmpty {
            let step = pending.removeFirst()
            let left = encodesLeft(for: step, after: candidates)
            guard QualitySearch.probes(toSettle: step.range.count) <= left else { break }
            var search = sizeSearch(
                opaque, step.size, gray: gray, range: step.range, cap: min(Self.encodesPerSize, left))
            let best = candidates.compactMap(\.sampled).max()
            let estimating = estimatesSteps && ssimSample != nil && best != nil
            // A step its size sample puts over the budget is passed over before it is estimated,
            // and so is one too small for a sample that is over at its lowest quality.
            let over = try search.predictedOver() ?? (estimating && checksLowestFirst ? search.measuredOver() : nil)
            // Estimated below the best so far at its aimed quality: it cannot win, nor can the smaller ones.
            if over == nil, estimating, let sample = ssimSample, let best {
                let estimate = try estimate(opaque, step.size, quality: step.aim, gray: gray, sample: sample)
                if estimate.color.mean < best {
                    ruledOut = (step.size, step.aim, estimate, best)
                    break
                }
                search.known = (step.aim, estimate)
            }
            let outcome = try run(&search, over: over)
            release(step.size)
            guard case .fits(let candidate) = outcome else {
                // The aims were too hopeful: the smaller steps are re-aimed by how far over this one was.
                if case .over(let bytes) = outcome {
                    last = (step.size, step.range.lowerBound, bytes)
                    costlier *= 1.1 * Double(bytes) / Double(options.maxBytes)
                    pending = ladder.steps(
                        width: full.width, height: full.height, estimates: estimates.mapValues { $0 * costlier }
                    ).filter { $0.size.width < step.size.width }
                }
                continue
            }
            candidates.append(candidate)
            // Past the peak: smaller sizes only lose more detail.
            if candidates.count >= 2, candidate.ssim < candidates[candidates.count - 2].ssim { break }
        }
        if candidates.isEmpty, let smallest = try shrinkUntilFit(opaque, gray: gray, from: &last) {
            candidates.append(smallest)
        }
        try raiseWinner(&candidates, opaque, gray: gray)
        return try result(candidates, opaque, gray: gray, prefix, last)
    }

    /// The encodes `step` may use: what `maxEncodes` leaves, except that a full size which fits
    /// only below the lowest aim (`JPEGSizeLadder.aims`), when it is the only candidate, leaves
    /// the first step enough to be searched. Such a full size is blocky, and the hard quality
    /// search that usually finds it (the seal of two inks at 15 KB: 9 encodes for quality 4, the
    /// next quality 10 % over) left no encodes for any smaller size, so it won untried against
    /// them.
    private func encodesLeft(for step: JPEGSizeLadder.Step, after candidates: [Candidate]) -> Int {
        let left = Self.maxEncodes - encodes
        guard candidates.count == 1, let full = candidates.first, full.quality < JPEGSizeLadder.aims[0] else {
            return left
        }
        return max(left, QualitySearch.probes(toSettle: step.range.count))
    }

    /// When the best candidate fits at the top of its size's quality window (the size was aimed
    /// a little small), the qualities above it are searched too, with the encodes left, so the
    /// answer is the highest quality that fits at its size.
    private mutating func raiseWinner(_ candidates: inout [Candidate], _ opaque: Bitmap, gray: Bool) throws {
        guard let index = candidates.indices.max(by: { candidates[$0].ssim < candidates[$1].ssim }) else { return }
        let winner = candidates[index]
        let left = min(Self.maxEncodes - encodes, Self.encodesPerSize)
        guard winner.quality < options.maxQuality, left > 0, winner.capped else { return }
        let top = min(options.maxQuality, winner.quality + (1 << left) - 1)
        let outcome = try fitAtSize(
            opaque, (winner.width, winner.height), gray: gray, range: (winner.quality + 1)...top, cap: left
        ).outcome
        if case .fits(let better) = outcome { candidates[index] = better }
    }

    /// The winner and runner-up of `candidates` (by score; the larger size on a tie) as the
    /// result, or `doesNotFit` naming `last`, the smallest try, when there is none.
    private func result(
        _ candidates: [Candidate], _ opaque: Bitmap, gray: Bool, _ prefix: String,
        _ last: (size: (width: Int, height: Int), quality: Int, bytes: Int)
    ) throws -> BudgetResult {
        let ranked = BudgetRanking.ranked(candidates, by: \.ssim)
        guard let best = ranked.first else {
            throw BudgetRanking.doesNotFit(
                options, format: .jpeg,
                smallest:
                    "\(last.size.width)×\(last.size.height) pixels at quality \(last.quality): \(last.bytes) bytes")
        }
        let resized = best.width != opaque.width || best.height != opaque.height
        var reason = prefix + best.why
        if resized { reason += "; downscaled from \(opaque.width)×\(opaque.height)" }
        let runnerUp =
            ranked.dropFirst().first.map {
                BudgetCandidate(
                    width: $0.width, height: $0.height, quality: $0.quality, bytes: $0.bytes.count, ssim: $0.luma,
                    colorSSIM: $0.ssim)
            }
            ?? ruledOut.map {
                BudgetCandidate(
                    width: $0.size.width, height: $0.size.height, quality: $0.quality, bytes: nil,
                    ssim: $0.estimate.luma.mean, colorSSIM: $0.estimate.color.mean, isEstimate: true)
            }
        if candidates.count > 1 {
            reason += "; the best score at the original size of \(candidates.count) sizes tried"
        }
        if scoresOnSample == true, let sample = ssimSample {
            let rows = sample.bands.reduce(0) { $0 + $1.count }
            reason += "; SSIM over a row sample (\(rows) of the \(opaque.height) rows)"
        }
        if let out = ruledOut {
            let (estimate, best) = (
                NumberText.short(out.estimate.color.mean, decimals: 4), NumberText.short(out.best, decimals: 4)
            )
            reason +=
                "; \(out.size.width)×\(out.size.height) and smaller not tried (on a row sample of the original, score "
                + "\(estimate) at quality \(out.quality) against \(best) for the best size tried)"
        }
        return BudgetResult(
            bytes: best.bytes, format: .jpeg, quality: best.quality,
            layout: gray ? "gray" : best.mode.subsampling.rawValue,
            progressive: best.mode.progressive, width: best.width, height: best.height, budget: options.maxBytes,
            encodes: encodes, probeEncodes: probeEncodes, resized: resized, ssim: best.luma, colorSSIM: best.ssim,
            reason: reason,
            runnerUp: runnerUp)
    }

    /// When no size on the ladder fits (a budget near what the smallest allowed size needs): keep
    /// shrinking from `last` by about √(budget / bytes), one encode at the lowest quality per
    /// size, until it fits; then the best quality there. The only part of the search that may go
    /// past `maxEncodes`, rather than fail a budget that can be met. nil at the minimum dimension.
    private mutating func shrinkUntilFit(
        _ opaque: Bitmap, gray: Bool, from last: inout (size: (width: Int, height: Int), quality: Int, bytes: Int)
    ) throws -> Candidate? {
        let lowest = min(max(options.resizeQuality, options.minQuality), options.maxQuality)
        let options = options
        let shrunk = { (last: (size: (width: Int, height: Int), quality: Int, bytes: Int)) in
            BudgetShrink.next(width: last.size.width, height: last.size.height, bytes: last.bytes, options: options)
        }
        // A step over at its window's lowest quality is tried at the lowest allowed one first.
        var size = last.quality > lowest ? last.size : shrunk(last)
        while let next = size {
            switch try fitAtSize(opaque, next, gray: gray, range: lowest...lowest, cap: 1).outcome {
            case .over(let bytes):
                last = (next, lowest, bytes)
                size = shrunk(last)
            case .fits(let floor):
                guard lowest < options.maxQuality else { return floor }
                let cap = max(Self.maxEncodes - encodes, QualitySearch.probes(toSettle: options.maxQuality - lowest))
                let top = min(options.maxQuality, lowest + (1 << cap) - 1)
                let outcome = try fitAtSize(opaque, next, gray: gray, range: lowest...top, cap: cap + 1, floor: floor)
                if case .fits(let better) = outcome.outcome { return better }
                return floor
            }
        }
        return nil
    }
}
