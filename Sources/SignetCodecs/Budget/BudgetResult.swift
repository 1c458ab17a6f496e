/// What a budget fit produced, and how it got there.
public struct BudgetResult: Sendable, Hashable {
    /// The encoded file; `bytes.count` never exceeds the budget.
    public var bytes: [UInt8]
    /// The format chosen: PNG or JPEG.
    public var format: ImageFormat
    /// The JPEG quality (nil for PNG, and for a kept input).
    public var quality: Int?
    /// How the pixels are stored: "gray", "4:2:0" or "4:4:4" for JPEG ("gray" or "color" for a
    /// kept input); the PNG color type ("gray", "gray+alpha", "palette", "RGB", "RGBA") for PNG.
    package var layout: String
    /// True for a progressive JPEG (chosen when smaller than baseline at the same quality).
    package var progressive: Bool
    /// The image's width in pixels (smaller than the input's when it was resized).
    public var width: Int
    /// The image's height in pixels.
    public var height: Int
    /// The budget that was met.
    package var budget: Int
    /// Full-size trial encodes over all sizes tried (the result's own encode included).
    package var encodes: Int
    /// Encodes of small row samples used to predict sizes, or to estimate how a smaller size
    /// would look before it is searched (much cheaper than full encodes).
    package var probeEncodes: Int
    /// True when the image was downscaled to fit.
    package var resized: Bool
    /// Luma SSIM of the result against the flattened original at the original size: a
    /// downscaled result is first upscaled back (Lanczos-3), as a viewer shows it at the same
    /// display size. For a JPEG of an image of 1.5 MP or more, over a fixed sample of its rows
    /// (the `reason` says so; docs/budget.md).
    public var ssim: Double
    /// SSIM over luma and chroma, 0.8 · Y + 0.1 · Cb + 0.1 · Cr, less 0.01 × the mean colour
    /// difference ΔE (`ColorDifference`), compared as `ssim` is: the score the candidates were
    /// ranked by, which sees colour blocking that luma misses and hue shifts that SSIM misses (a
    /// gray image scores 0.8 · `ssim` + 0.2).
    package var colorSSIM: Double
    /// One sentence: what was chosen and why.
    public var reason: String
    /// The JPEG size that scored the second-best `colorSSIM` (at the original size, over the same rows)
    /// when more than one size was searched; otherwise the first smaller size the search ruled
    /// out by its row-sample estimate (`BudgetCandidate.isEstimate`). For PNG, the other of the
    /// lossless downscale and the palette PNG when both fit. nil when nothing else was considered.
    package var runnerUp: BudgetCandidate? = nil
    /// True when the input file already fit in the format asked for and `bytes` are its own
    /// (no encode, `ssim` 1).
    public var keptInput = false
}

/// One size (or, for PNG, one encoding) a budget fit tried and did not choose.
package struct BudgetCandidate: Sendable, Hashable, Codable {
    /// Its width in pixels.
    package var width: Int
    /// Its height in pixels.
    package var height: Int
    /// Its JPEG quality (nil for PNG).
    package var quality: Int?
    /// Its encoded size; nil for an estimate (the size was not encoded whole).
    package var bytes: Int?
    /// Its luma SSIM against the original at the original size: over every pixel, or for an
    /// estimate over the row sample the search judged it on (its rows encoded at the quality it
    /// was aimed at, against the same rows of the original).
    package var ssim: Double
    /// Its score (`BudgetResult.colorSSIM`: luma and chroma SSIM less the ΔE term), over the same
    /// pixels as `ssim`.
    package var colorSSIM: Double
    /// True when the size was ruled out by its row-sample estimate instead of being searched.
    package var isEstimate: Bool = false
}
