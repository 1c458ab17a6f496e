import SignetCore
import SignetRaster

/// Fits an opaque image under a byte budget as a JPEG: at each size tried, the largest quality
/// that fits; among the sizes, the one that looks best.
///
/// Size rule: the full-size image at the best quality that fits is one candidate; downscaled
/// copies (see `JPEGSizeLadder`), each at the best quality that fits it, are the others. The
/// winner is the one with the highest SSIM against the original at the original size (a
/// downscaled candidate upscaled back, as a viewer shows it at the same display size). The
/// candidates are tried from the largest down and the ladder stops once the SSIM falls (it rises
/// and then falls with the size on every image measured), or before a step whose estimate — that
/// size encoded at its aimed quality, judged on a fixed sample of the original's rows
/// (`SSIMSample`, `JPEGBudgetFit+Estimate.swift`) — is below the best candidate's SSIM on the
/// same rows: that step would lose, and smaller ones lose more. The winner and a searched
/// runner-up (the best other size) are always scored exactly, over every pixel; when no other
/// size was searched, the size ruled out is the runner-up, with its estimate. A size over the budget even at the
/// lowest quality of its window re-aims the smaller ones by how far over it was (the search at one size:
/// `JPEGBudgetFit+Size.swift`). At most
/// `maxEncodes` full encodes in all, except when no size on the ladder fits (see `shrinkUntilFit`). `minQuality` bounds every candidate's quality, `resizeQuality` the downscaled
/// ones', and without `allowResize` only the full size is tried.
///
/// Layout rule: a gray image is one gray component. A color image keeps full-resolution chroma
/// (4:4:4) only when that fits at the top quality, where it costs nothing; otherwise it uses 4:2:0,
/// which spends the budget on luma — the channel both the eye and (luma) SSIM weigh most — and so
/// reaches a higher quality than 4:4:4 could. Scans are progressive when the sample says that is
/// smaller (same pixels, fewer bytes).
///
/// Images of 0.5 MP or more (at the size being tried) are first judged from a row sample (see
/// `JPEGSizeSample`): a size whose sample predicts more than the budget at the lowest quality is
/// passed over without resampling the whole image, and the search starts from the sample's
/// predicted quality. The full-size sample (or the full-size encodes) also predicts the sizes the
/// ladder is aimed at.
///
/// A candidate's SSIM is computed on the second core while a lone trial encode runs: when the
/// search has a JPEG that fits and is testing a higher quality, the JPEG that fits is scored
/// meanwhile, since it is the answer unless the trial fits too (then the new answer is scored at
/// the end).
struct JPEGBudgetFit {
    /// Full encodes one size may use.
    static let encodesPerSize = 8
    /// Full encodes one whole search may use, over all sizes.
    static let maxEncodes = 12

    let options: BudgetOptions

    /// One size at the best quality that fits it, scored at the original size.
    struct Candidate {
        var width: Int
        var height: Int
        var bytes: [UInt8]
        var quality: Int
        var mode: JPEGMode
        var ssim: Double
        /// Its SSIM over the bands of `ssimSample` (nil without one), from the same map as `ssim`.
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
    /// The first ladder step left out because its estimate was below the best candidate's.
    var ruledOut: (size: (width: Int, height: Int), quality: Int, estimate: Double, best: Double)?

    init(options: BudgetOptions) {
        self.options = options
    }

    /// The fitted JPEG of `opaque` (already flattened onto the background).
    mutating func fit(_ opaque: Bitmap, why prefix: String = "") throws -> BudgetResult {
        let gray = opaque.isGray
        let full = (width: opaque.width, height: opaque.height)
        ssimSample = SSIMSample(width: full.width, height: full.height)
        let ladder = JPEGSizeLadder(options: options)
        var estimates: [Int: Double] = [:]
        var candidates: [Candidate] = []
        var last = (size: full, quality: options.minQuality, bytes: 0)
        switch try fitAtSize(
            opaque, full, gray: gray, range: options.minQuality...options.maxQuality,
            cap: Self.encodesPerSize, estimating: ladder.targets, into: &estimates)
        {
        case .fits(let candidate): candidates.append(candidate)
        case .over(let bytes): last.bytes = bytes
        }
        guard options.allowResize else { return try result(candidates, opaque, gray: gray, prefix, last) }
        var pending = ladder.steps(width: full.width, height: full.height, estimates: estimates)
        // How much more the downscaled sizes cost than the full-size estimates say (1 until a step is over).
        var costlier = 1.0
        while !pending.isEmpty {
            let step = pending.removeFirst()
            guard QualitySearch.probes(toSettle: step.range.count) <= Self.maxEncodes - encodes else { break }
            // Estimated below the best so far at its aimed quality: it cannot win, nor can the smaller ones.
            if estimatesSteps, let sample = ssimSample, let best = candidates.compactMap(\.sampled).max() {
                let estimate = try estimate(opaque, step.size, quality: step.aim, gray: gray, sample: sample)
                if estimate < best {
                    ruledOut = (step.size, step.aim, estimate, best)
                    break
                }
            }
            var ignored: [Int: Double] = [:]
            let outcome = try fitAtSize(
                opaque, step.size, gray: gray, range: step.range,
                cap: min(Self.encodesPerSize, Self.maxEncodes - encodes), estimating: [], into: &ignored)
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

    /// When the best candidate fits at the top of its size's quality window (the size was aimed
    /// a little small), the qualities above it are searched too, with the encodes left, so the
    /// answer is the highest quality that fits at its size.
    private mutating func raiseWinner(_ candidates: inout [Candidate], _ opaque: Bitmap, gray: Bool) throws {
        guard let index = candidates.indices.max(by: { candidates[$0].ssim < candidates[$1].ssim }) else { return }
        let winner = candidates[index]
        let left = min(Self.maxEncodes - encodes, Self.encodesPerSize)
        guard winner.quality < options.maxQuality, left > 0, winner.capped else { return }
        let top = min(options.maxQuality, winner.quality + (1 << left) - 1)
        var ignored: [Int: Double] = [:]
        let outcome = try fitAtSize(
            opaque, (winner.width, winner.height), gray: gray, range: (winner.quality + 1)...top, cap: left,
            estimating: [], into: &ignored)
        if case .fits(let better) = outcome { candidates[index] = better }
    }

    /// The winner and runner-up of `candidates` (by SSIM; the larger size on a tie) as the
    /// result, or `doesNotFit` naming `last`, the smallest try, when there is none.
    private func result(
        _ candidates: [Candidate], _ opaque: Bitmap, gray: Bool, _ prefix: String,
        _ last: (size: (width: Int, height: Int), quality: Int, bytes: Int)
    ) throws -> BudgetResult {
        let ranked = candidates.enumerated().sorted {
            $0.element.ssim != $1.element.ssim ? $0.element.ssim > $1.element.ssim : $0.offset < $1.offset
        }.map(\.element)
        guard let best = ranked.first else {
            throw CodecError(
                .doesNotFit(
                    budget: options.maxBytes,
                    smallest:
                        "\(last.size.width)×\(last.size.height) pixels at quality \(last.quality): \(last.bytes) bytes",
                    hint: hint))
        }
        let resized = best.width != opaque.width || best.height != opaque.height
        var reason = prefix + best.why
        if resized { reason += "; downscaled from \(opaque.width)×\(opaque.height)" }
        let runnerUp =
            ranked.dropFirst().first.map {
                BudgetCandidate(
                    width: $0.width, height: $0.height, quality: $0.quality, bytes: $0.bytes.count, ssim: $0.ssim)
            }
            ?? ruledOut.map {
                BudgetCandidate(
                    width: $0.size.width, height: $0.size.height, quality: $0.quality, bytes: nil, ssim: $0.estimate,
                    isEstimate: true)
            }
        if candidates.count > 1 { reason += "; the best SSIM at the original size of \(candidates.count) sizes tried" }
        if let out = ruledOut {
            let (estimate, best) = (
                NumberText.short(out.estimate, decimals: 4), NumberText.short(out.best, decimals: 4)
            )
            reason +=
                "; \(out.size.width)×\(out.size.height) and smaller not tried (on a row sample of the original, SSIM "
                + "\(estimate) at quality \(out.quality) against \(best) for the best size tried)"
        }
        return BudgetResult(
            bytes: best.bytes, format: .jpeg, quality: best.quality,
            layout: gray ? "gray" : best.mode.subsampling.rawValue,
            progressive: best.mode.progressive, width: best.width, height: best.height, budget: options.maxBytes,
            encodes: encodes, probeEncodes: probeEncodes, resized: resized, ssim: best.ssim, reason: reason,
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
        var ignored: [Int: Double] = [:]
        let options = options
        let shrunk = { (last: (size: (width: Int, height: Int), quality: Int, bytes: Int)) in
            BudgetShrink.next(width: last.size.width, height: last.size.height, bytes: last.bytes, options: options)
        }
        // A step over at its window's lowest quality is tried at the lowest allowed one first.
        var size = last.quality > lowest ? last.size : shrunk(last)
        while let next = size {
            switch try fitAtSize(
                opaque, next, gray: gray, range: lowest...lowest, cap: 1, estimating: [], into: &ignored)
            {
            case .over(let bytes):
                last = (next, lowest, bytes)
                size = shrunk(last)
            case .fits(let floor):
                guard lowest < options.maxQuality else { return floor }
                let cap = max(Self.maxEncodes - encodes, QualitySearch.probes(toSettle: options.maxQuality - lowest))
                let top = min(options.maxQuality, lowest + (1 << cap) - 1)
                let outcome = try fitAtSize(
                    opaque, next, gray: gray, range: lowest...top, cap: cap + 1, estimating: [], into: &ignored,
                    floor: floor)
                if case .fits(let better) = outcome { return better }
                return floor
            }
        }
        return nil
    }

    /// What to change when nothing fits: only the options that can still make a difference.
    private var hint: Sentence {
        var changes: [Sentence] = ["\(.raise, .budgetMaxBytes)"]
        if !options.allowResize { changes.insert("allow downscaling (\(.set("true"), .budgetAllowResize))", at: 0) }
        if options.minQuality > 1 { changes.append("\(.lower, .budgetMinQuality)") }
        if options.allowResize && options.resizeQuality > 1 { changes.append("\(.lower, .budgetResizeQuality)") }
        if options.allowResize && options.minDimension > 1 { changes.append("\(.lower, .budgetMinDimension)") }
        return .either(changes)
    }
}
