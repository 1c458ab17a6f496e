import SignetCore
import SignetRaster

/// Fits an image under a byte budget as a PNG, transparency kept: lossless (the smallest of a
/// few encoder settings) when that fits at full size; otherwise the better, by `ColorSSIM` at
/// the original size, of the largest lossless downscale that fits and a palette PNG
/// (`PNGBudgetFit+Palette.swift`), never smaller than what a smaller budget picks
/// (`PNGBudgetFit+Floor.swift`).
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
    /// Lossless PNGs already encoded, by size: a fit at a smaller budget (the size floor) asks
    /// for many of the same ones.
    private var encoded: [Size: [UInt8]] = [:]
    /// Palette PNGs already encoded, by size and colours asked for, with the entries they hold.
    var palettes: [PaletteKey: (bytes: [UInt8], entries: Int)] = [:]

    struct Size: Hashable {
        var width: Int
        var height: Int
    }

    struct PaletteKey: Hashable {
        var size: Size
        var colors: Int
    }

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

    /// `smallest` of `original` downscaled to `size` (`original` itself at its own size), each
    /// size encoded once.
    mutating func smallest(_ original: Bitmap, at size: Size) throws -> [UInt8] {
        if let known = encoded[size] { return known }
        let image =
            size == Size(width: original.width, height: original.height)
            ? original : original.downscaled(toWidth: size.width, height: size.height)
        let bytes = try smallest(image)
        encoded[size] = bytes
        return bytes
    }

    /// Encodes the scale search may spend between the largest size over the budget and the
    /// smallest that fits.
    static let refineEncodes = 6

    /// One PNG that fits, scored against the flattened original.
    struct Candidate {
        var bytes: [UInt8]
        var width: Int
        var height: Int
        var pixels: Int { width * height }
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
    /// downscale that fits (`losslessCandidate`) and a palette PNG (`paletteCandidate`); the
    /// better score wins, the lossless one on a tie, among those no smaller than what a smaller
    /// budget picks (`smallerBudgetPick`).
    mutating func fit(
        _ original: Bitmap, atFullSize known: [UInt8]? = nil, why prefix: String = ""
    ) throws -> BudgetResult {
        let reference = original.flattened(onto: options.background)
        let full = try known ?? smallest(original)
        encoded[Size(width: original.width, height: original.height)] = full
        var candidates: [Candidate] = []
        var floor: Candidate?
        if full.count <= options.maxBytes {
            candidates.append(
                try candidate(
                    full, width: original.width, height: original.height, colors: nil, reference: reference,
                    why: "lossless \(Self.colorType(full)) PNG fits at full size"))
        } else {
            let lossless = try losslessCandidate(original, full: full, reference: reference, budget: options.maxBytes)
            let palette = try paletteCandidate(original, reference: reference, budget: options.maxBytes)
            candidates = [lossless, palette].compactMap { $0 }
            if let best = BudgetRanking.ranked(candidates, by: \.score.color.mean).first {
                floor = try smallerBudgetPick(
                    largerThan: best, palette: palette, original: original, full: full, reference: reference)
            }
        }
        var ranked = BudgetRanking.ranked(candidates, by: \.score.color.mean)
        if let floor {
            let kept = ranked.filter { $0.pixels >= floor.pixels }
            ranked = kept.isEmpty ? [floor] : kept
        }
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
        if candidates.count > 1 {
            reason += "; the best score at the original size of \(candidates.count) PNGs tried"
        }
        if let floor {
            reason +=
                "; no smaller than \(floor.width)×\(floor.height), the size a budget of \(floor.bytes.count) bytes "
                + "picks (there its \(floor.colors ?? 0)-colour palette PNG scores above the lossless downscale that fits)"
        }
        let runnerUp = candidates.filter { $0.bytes != best.bytes }.max { $0.score.color.mean < $1.score.color.mean }
            .map {
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

    /// The largest lossless downscale of `original` found that fits in `budget` bytes (`full`, its
    /// full-size PNG, is over them), scored; nil at the minimum dimension.
    mutating func losslessCandidate(
        _ original: Bitmap, full: [UInt8], reference: Bitmap, budget: Int
    ) throws -> Candidate? {
        guard let found = try lossless(original, from: full, budget: budget) else { return nil }
        return try candidate(
            found.bytes, width: found.size.width, height: found.size.height, colors: nil, reference: reference,
            why: "lossless \(Self.colorType(found.bytes)) PNG, downscaled from \(original.width)×\(original.height) "
                + "(the largest size found that fits) because the full-size PNG needs \(full.count) bytes")
    }

    /// The largest lossless downscale of `original` found that fits in `budget` bytes (`full`, its
    /// full-size PNG, is over them): downscaled by about √(budget / size) until it fits (a lossless PNG of
    /// line art shrinks more slowly than the pixel count, so that step can land far under the
    /// budget), then the scale bisected between that size and the last one over the budget, so
    /// the budget is used, not a thumbnail far under it. nil at the minimum dimension.
    private mutating func lossless(
        _ original: Bitmap, from full: [UInt8], budget: Int
    ) throws -> (size: Size, bytes: [UInt8])? {
        var size = Size(width: original.width, height: original.height)
        var bytes = full
        var over = size
        while bytes.count > budget {
            guard let next = shrunk(size, bytes: bytes.count, budget: budget) else { return nil }
            over = size
            size = next
            bytes = try smallest(original, at: size)
        }
        return try largestFitting(original, fits: (size, bytes), over: over, budget: budget)
    }

    /// The largest downscale of `original` found that fits in `budget` bytes, bisecting the scale
    /// between `fits` (a size that fits, with its PNG) and `over` (a larger size that does not), at
    /// most `refineEncodes` encodes, until the two are within 1 % of each other.
    private mutating func largestFitting(
        _ original: Bitmap, fits: (size: Size, bytes: [UInt8]), over: Size, budget: Int
    ) throws -> (size: Size, bytes: [UInt8]) {
        var best = fits
        var low = Double(fits.size.width) / Double(original.width)
        var high = Double(over.width) / Double(original.width)
        for _ in 0..<Self.refineEncodes where high - low > 0.01 * high {
            let scale = (low + high) / 2
            let width = min(max(Int((Double(original.width) * scale).rounded()), 1), original.width)
            let height = min(max(Int((Double(original.height) * scale).rounded()), 1), original.height)
            guard width > best.size.width, width < over.width || height < over.height else { break }
            let size = Size(width: width, height: height)
            let bytes = try smallest(original, at: size)
            if bytes.count <= budget {
                best = (size, bytes)
                low = scale
            } else {
                high = scale
            }
        }
        return best
    }

    /// The next size to try below `size`, whose PNG needs `bytes`, for a budget of `budget` bytes
    /// (`BudgetShrink` with this fit's resize options); nil when none is allowed.
    func shrunk(_ size: Size, bytes: Int, budget: Int) -> Size? {
        var asked = options
        asked.maxBytes = budget
        return BudgetShrink.next(width: size.width, height: size.height, bytes: bytes, options: asked)
            .map { Size(width: $0.width, height: $0.height) }
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
