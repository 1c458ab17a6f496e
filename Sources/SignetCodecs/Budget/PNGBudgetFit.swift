import SignetCore
import SignetRaster

/// Fits an image under a byte budget as a lossless PNG, transparency kept: the smallest of a few
/// encoder settings at full size, then the largest downscale found that fits.
struct PNGBudgetFit {
    /// zlib level 9 with libpng's per-row adaptive filter (best for gradients and photos), no
    /// filter (best for palettes and flat ink), and Up (best for mostly transparent strokes).
    static let settings: [PNGOptions] = [
        PNGOptions(compressionLevel: 9, filter: .adaptive),
        PNGOptions(compressionLevel: 9, filter: .none),
        PNGOptions(compressionLevel: 9, filter: .up),
    ]

    let options: BudgetOptions
    private(set) var encodes = 0
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

    /// The fitted PNG; `atFullSize` is `smallest(original)` when the caller already has it.
    ///
    /// Over the budget, the image is downscaled by about √(budget / size) until it fits (a
    /// lossless PNG of line art shrinks more slowly than the pixel count, so that step can land far
    /// under the budget), then the scale is bisected between that size and the last one over the
    /// budget, keeping the largest size that fits: the budget is used, not a thumbnail far under it.
    mutating func fit(
        _ original: Bitmap, atFullSize known: [UInt8]? = nil, why prefix: String = ""
    ) throws -> BudgetResult {
        var image = original
        var bytes = try known ?? smallest(original)
        let fullSize = bytes.count
        var over = (width: original.width, height: original.height)
        while bytes.count > options.maxBytes {
            guard
                let next = BudgetShrink.next(
                    width: image.width, height: image.height, bytes: bytes.count, options: options)
            else {
                throw CodecError(
                    .doesNotFit(
                        budget: options.maxBytes,
                        smallest: "a lossless PNG of \(image.width)×\(image.height) pixels: \(bytes.count) bytes",
                        hint: options.allowResize
                            ? "\(.raise, .budgetMaxBytes), \(.lower, .budgetMinDimension) or \(.set(".jpeg"), .budgetFormat)"
                            : "allow downscaling (\(.set("true"), .budgetAllowResize)), \(.raise, .budgetMaxBytes) or \(.set(".jpeg"), .budgetFormat)"
                    ))
            }
            over = (image.width, image.height)
            image = original.downscaled(toWidth: next.width, height: next.height)
            bytes = try smallest(image)
        }
        if image.width < original.width || image.height < original.height {
            (image, bytes) = try largestFitting(original, fits: (image, bytes), over: over)
        }
        let resized = image.width != original.width || image.height != original.height
        let decoded = try PNGDecoder.decode(bytes)
        let background = options.background
        let reference = original.flattened(onto: background)
        let ssim = SSIM.atOriginalSize(decoded.flattened(onto: background), original: reference)
        let layout = Self.colorType(bytes)
        var reason = prefix + "lossless \(layout) PNG"
        reason +=
            resized
            ? ", downscaled from \(original.width)×\(original.height) (the largest size found that fits) because the full-size PNG needs \(fullSize) bytes"
            : " fits at full size"
        return BudgetResult(
            bytes: bytes, format: .png, quality: nil, layout: layout, progressive: false, width: image.width,
            height: image.height,
            budget: options.maxBytes, encodes: encodes, probeEncodes: 0, resized: resized, ssim: ssim, reason: reason)
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
