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
    /// A size is kept once it fits with at least this many colours: enough for anti-aliased
    /// edges of a few inks. Fewer, and a smaller size with more colours is tried too.
    static let enoughColors = 32
    /// Sizes the palette search tries at most.
    static let paletteScales = 3

    /// A palette PNG of `original`, at full size or downscaled, that fits: at each size the most
    /// colours that fit (`paletteSizes`); the full size first, then, while that leaves fewer than
    /// `enoughColors`, smaller sizes (by about √(budget / bytes) at `enoughColors` each time).
    /// Every size found is scored and the best returned; nil when none fits.
    mutating func paletteCandidate(_ original: Bitmap, reference: Bitmap) throws -> Candidate? {
        var size = (width: original.width, height: original.height)
        var found: [Candidate] = []
        for _ in 0..<Self.paletteScales {
            let image =
                size == (original.width, original.height)
                ? original : original.downscaled(toWidth: size.width, height: size.height)
            let quantizer = PaletteQuantizer(image)
            var fitted: Candidate?, bytesAtEnough = 0, entries = Int.max
            // A palette smaller than asked (an image of few colours) repeats for the sizes below it.
            for colors in Self.paletteSizes where colors < entries {
                let indexed = quantizer.quantize(colors: colors)
                entries = indexed.palette.count
                let bytes = try indexed.png(options: Self.paletteSetting, dpi: original.dpi)
                encodes += 1
                if colors >= Self.enoughColors { bytesAtEnough = bytes.count }
                guard bytes.count <= options.maxBytes else { continue }
                fitted = try candidate(
                    bytes, width: image.width, height: image.height, colors: entries, reference: reference,
                    why: "\(entries)-colour palette PNG (lossy, transparency kept)")
                break
            }
            if let fitted {
                found.append(fitted)
                if fitted.colors! >= min(Self.enoughColors, entries) { break }
            }
            guard
                let next = BudgetShrink.next(
                    width: size.width, height: size.height, bytes: max(bytesAtEnough, options.maxBytes + 1),
                    options: options)
            else { break }
            size = next
        }
        return found.max { $0.score.color.mean < $1.score.color.mean }
    }
}
