import SignetRaster

/// The lossy candidate of a PNG budget: the image quantised to a palette (`PaletteQuantizer`),
/// transparency kept, as an indexed PNG.
extension PNGBudgetFit {
    /// How a palette PNG is compressed: zlib level 9, no row filter (filters rarely help
    /// indices, which are labels, not intensities) and zlib's default strategy, whose long
    /// matches find the repeated index patterns of quantised edges.
    static let paletteSetting = PNGOptions(compressionLevel: 9, filter: .none, strategy: .standard)
    /// Palette sizes tried at each size, largest first: each halving saves about a bit per
    /// pixel of entropy where the image has many colours.
    static let paletteSizes = [256, 128, 64, 32, 16, 8, 4, 2]
    /// Encodes spent, once a palette size fits and the one above does not, bisecting the number
    /// of colours between the two, so the budget buys what lies between (12 colours where 16 are
    /// over and 8 leave a fifth of it unused).
    static let colorSteps = 3
    /// A size is kept once it fits with at least this many colours: enough for anti-aliased
    /// edges of a few inks. Fewer, and a smaller size with more colours is tried too.
    static let enoughColors = 32
    /// Sizes the palette search tries at most.
    static let paletteScales = 3

    /// A palette PNG of `original`, at full size or downscaled, that fits in `budget` bytes: at each size the most
    /// colours that fit (`mostColors`); the full size first, then, while that leaves fewer than
    /// `enoughColors` (or than the image holds), smaller sizes (by about √(budget / bytes) at
    /// `enoughColors` each time). Every size found is scored and the best returned; nil when none
    /// fits.
    mutating func paletteCandidate(_ original: Bitmap, reference: Bitmap, budget: Int) throws -> Candidate? {
        var size = Size(width: original.width, height: original.height)
        var found: [Candidate] = []
        for _ in 0..<Self.paletteScales {
            let most = try mostColors(original, at: size, budget: budget)
            if let fitted = most.fitted {
                found.append(
                    try candidate(
                        fitted.bytes, width: size.width, height: size.height, colors: fitted.entries,
                        reference: reference, why: "\(fitted.entries)-colour palette PNG (lossy, transparency kept)"))
                if fitted.entries >= min(Self.enoughColors, most.held) { break }
            }
            guard let next = shrunk(size, bytes: max(most.bytesAtEnough, budget + 1), budget: budget) else { break }
            size = next
        }
        return found.max { $0.score.color.mean < $1.score.color.mean }
    }

    /// At `size`: the palette PNG with the most colours that fits in `budget` bytes (nil when 2
    /// are over), the colours the image holds there (up to 256) and the bytes of `enoughColors`.
    private mutating func mostColors(
        _ original: Bitmap, at size: Size, budget: Int
    ) throws -> (fitted: (bytes: [UInt8], entries: Int)?, held: Int, bytesAtEnough: Int) {
        var quantizer: PaletteQuantizer?
        let encoded = { (fit: inout Self, colors: Int) throws -> (bytes: [UInt8], entries: Int) in
            let key = PaletteKey(size: size, colors: colors)
            if let known = fit.palettes[key] { return known }
            if quantizer == nil {
                quantizer = PaletteQuantizer(
                    size == Size(width: original.width, height: original.height)
                        ? original : original.downscaled(toWidth: size.width, height: size.height))
            }
            let indexed = quantizer!.quantize(colors: colors)
            let made = (try indexed.png(options: Self.paletteSetting, dpi: original.dpi), indexed.palette.count)
            fit.palettes[key] = made
            fit.encodes += 1
            return made
        }
        var held = Int.max, bytesAtEnough = 0, over: Int?
        // A palette smaller than asked (an image of few colours) repeats for the sizes below it.
        for colors in Self.paletteSizes where colors <= held {
            var png = try encoded(&self, colors)
            if colors == Self.paletteSizes[0] { held = png.entries }
            if colors >= Self.enoughColors { bytesAtEnough = png.bytes.count }
            guard png.bytes.count <= budget else {
                over = colors
                continue
            }
            // Between the size that fits and the one above that does not.
            var (low, high) = (png.entries, min(over ?? png.entries, held))
            for _ in 0..<Self.colorSteps where high - low > 1 {
                let middle = (low + high) / 2
                let tried = try encoded(&self, middle)
                if tried.bytes.count <= budget {
                    (png, low) = (tried, middle)
                } else {
                    high = middle
                }
            }
            return (png, held, bytesAtEnough)
        }
        return (nil, held, bytesAtEnough)
    }
}
