import SignetCore
import SignetRaster

/// Fits an image under a byte budget as a PNG, transparency kept: lossless (the smallest of a
/// few encoder settings) when that fits at full size; otherwise the better, by `ColorSSIM` at
/// the original size, of the largest lossless downscale that fits and a palette PNG
/// (`PNGBudgetFit+Palette.swift`).
struct PNGBudgetFit {
    /// zlib level 9 with libpng's per-row adaptive filter (best for gradients and photos), no
    /// filter (best for palettes and flat ink), and Up (best for mostly transparent strokes).
    static let settings: [PNGOptions] = [
        PNGOptions(compressionLevel: 9, filter: .adaptive),
        PNGOptions(compressionLevel: 9, filter: .none),
        PNGOptions(compressionLevel: 9, filter: .up),
    ]

    let options: BudgetOptions
    var encodes = 0
    /// The setting that won at full size; reused for the smaller sizes.
    private var chosen: PNGOptions?

    init(options: BudgetOptions) {
        self.options = options
    }

    /// The smallest lossless PNG of `image` (all settings the first time, the winner afterwards).
    mutating func smallest(_ image: Bitmap) throws -> [UInt8] {
        var best: (PNGOptions, [UInt8])?
        for setting in chosen.map({ [$0] }) ?? Self.settings {
            let bytes = try PNGEncoder.encode(image, options: setting)
            encodes += 1
            if best == nil || bytes.count < best!.1.count { best = (setting, bytes) }
        }
        chosen = best!.0
        return best!.1
    }

    /// Encodes the scale search may spend between the largest size over the budget and the
    /// smallest that fits.
    static let refineEncodes = 6

    /// One PNG that fits, scored against the flattened original.
    struct Candidate {
        var bytes: [UInt8]
        var width: Int
        var height: Int
        /// Palette entries of a lossy candidate; nil for a lossless one.
        var colors: Int?
        var why: String
        var score: ColorSSIM
    }

    /// `bytes` decoded (as a viewer would), flattened onto the background and scored at the
    /// original's size against `reference`, the flattened original.
    func candidate(
        _ bytes: [UInt8], width: Int, height: Int, colors: Int?, reference: Bitmap, why: String
    ) throws -> Candidate {
        let decoded = try PNGDecoder.decode(bytes).flattened(onto: options.background)
        return Candidate(
            bytes: bytes, width: width, height: height, colors: colors, why: why,
            score: ColorSSIM.atOriginalSize(decoded, original: reference))
    }

    /// The fitted PNG; `atFullSize` is `smallest(original)` when the caller already has it.
    ///
    /// Lossless when that fits at full size. Otherwise two candidates compete, each scored by
    /// `ColorSSIM` against the flattened original at the original size: the largest lossless
    /// downscale that fits (`lossless`) and a palette PNG (`paletteCandidate`); the better score
    /// wins, the lossless one on a tie.
    mutating func fit(
        _ original: Bitmap, atFullSize known: [UInt8]? = nil, why prefix: String = ""
    ) throws -> BudgetResult {
        let reference = original.flattened(onto: options.background)
        let full = try known ?? smallest(original)
        let layout = Self.colorType(full)
        var candidates: [Candidate] = []
        if full.count <= options.maxBytes {
            candidates.append(
                try candidate(
                    full, width: original.width, height: original.height, colors: nil, reference: reference,
                    why: "lossless \(layout) PNG fits at full size"))
        } else {
            if let lossless = try lossless(original, from: full) {
                candidates.append(
                    try candidate(
                        lossless.bytes, width: lossless.image.width, height: lossless.image.height, colors: nil,
                        reference: reference,
                        why: "lossless \(Self.colorType(lossless.bytes)) PNG, downscaled from "
                            + "\(original.width)×\(original.height) (the largest size found that fits) because the "
                            + "full-size PNG needs \(full.count) bytes"))
            }
            if let palette = try paletteCandidate(original, reference: reference) { candidates.append(palette) }
        }
        let ranked = BudgetRanking.ranked(candidates, by: \.score.color.mean)
        guard let best = ranked.first else {
            throw BudgetRanking.doesNotFit(
                options, format: .png,
                smallest:
                    "a lossless PNG of \(original.width)×\(original.height) pixels needs \(full.count) bytes, and no palette PNG fits"
            )
        }
        let resized = best.width != original.width || best.height != original.height
        var reason = prefix + best.why
        if best.colors != nil, resized { reason += ", downscaled from \(original.width)×\(original.height)" }
        if ranked.count > 1 { reason += "; the best score at the original size of \(ranked.count) PNGs tried" }
        let runnerUp = ranked.dropFirst().first.map {
            BudgetCandidate(
                width: $0.width, height: $0.height, quality: nil, bytes: $0.bytes.count, ssim: $0.score.luma.mean,
                colorSSIM: $0.score.color.mean)
        }
        return BudgetResult(
            bytes: best.bytes, format: .png, quality: nil, layout: Self.colorType(best.bytes), progressive: false,
            width: best.width, height: best.height, budget: options.maxBytes, encodes: encodes, probeEncodes: 0,
            resized: resized, ssim: best.score.luma.mean, colorSSIM: best.score.color.mean, reason: reason,
            runnerUp: runnerUp)
    }

    /// The largest lossless downscale of `original` found that fits (`full`, its full-size PNG, is
    /// over the budget): downscaled by about √(budget / size) until it fits (a lossless PNG of
    /// line art shrinks more slowly than the pixel count, so that step can land far under the
    /// budget), then the scale bisected between that size and the last one over the budget, so
    /// the budget is used, not a thumbnail far under it. nil at the minimum dimension.
    private mutating func lossless(_ original: Bitmap, from full: [UInt8]) throws -> (image: Bitmap, bytes: [UInt8])? {
        var image = original
        var bytes = full
        var over = (width: original.width, height: original.height)
        while bytes.count > options.maxBytes {
            guard
                let next = BudgetShrink.next(
                    width: image.width, height: image.height, bytes: bytes.count, options: options)
            else { return nil }
            over = (image.width, image.height)
            image = original.downscaled(toWidth: next.width, height: next.height)
            bytes = try smallest(image)
        }
        return try largestFitting(original, fits: (image, bytes), over: over)
    }

    /// The largest downscale of `original` found that fits, bisecting the scale between `fits`
    /// (a size that fits, with its PNG) and `over` (a larger size that does not), at most
    /// `refineEncodes` encodes, until the two are within 1 % of each other.
    private mutating func largestFitting(
        _ original: Bitmap, fits: (image: Bitmap, bytes: [UInt8]), over: (width: Int, height: Int)
    ) throws -> (Bitmap, [UInt8]) {
        var best = fits
        var low = Double(fits.image.width) / Double(original.width)
        var high = Double(over.width) / Double(original.width)
        for _ in 0..<Self.refineEncodes where high - low > 0.01 * high {
            let scale = (low + high) / 2
            let width = min(max(Int((Double(original.width) * scale).rounded()), 1), original.width)
            let height = min(max(Int((Double(original.height) * scale).rounded()), 1), original.height)
            guard width > best.image.width, width < over.width || height < over.height else { break }
            let image = original.downscaled(toWidth: width, height: height)
            let bytes = try smallest(image)
            if bytes.count <= options.maxBytes {
                best = (image, bytes)
                low = scale
            } else {
                high = scale
            }
        }
        return best
    }

    /// The color type written in the IHDR chunk (byte 25 of every PNG).
    static func colorType(_ png: [UInt8]) -> String {
        guard png.count > 25 else { return "RGBA" }
        switch png[25] {
        case 0: return "gray"
        case 2: return "RGB"
        case 3: return "palette"
        case 4: return "gray+alpha"
        default: return "RGBA"
        }
    }
}
