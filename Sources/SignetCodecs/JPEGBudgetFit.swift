import SignetRaster

/// Fits an opaque image under a byte budget as a JPEG: the largest quality that fits at each
/// size, and downscaling by about √(budget / size) while even the lowest quality is too big.
///
/// Layout rule: a gray image is one gray component. A color image keeps full-resolution chroma
/// (4:4:4) only when that fits at the top quality, where it costs nothing; otherwise it uses 4:2:0,
/// which spends the budget on luma — the channel both the eye and (luma) SSIM weigh most — and so
/// reaches a higher quality than 4:4:4 could. Either way at most 8 full-size encodes per size.
struct JPEGBudgetFit {
    static let encodesPerSize = 8
    /// A size is skipped without a full encode when the sample predicts more than this many times
    /// the budget at the lowest quality.
    static let hopelessRatio = 1.5

    let options: BudgetOptions

    private enum SizeOutcome {
        case fits(bytes: [UInt8], quality: Int, layout: String, why: String)
        /// `bytes` at the lowest quality: measured, or predicted from the sample.
        case over(bytes: Int, predicted: Bool)
    }

    private var encodes = 0
    private var probeEncodes = 0

    init(options: BudgetOptions) {
        self.options = options
    }

    /// The fitted JPEG of `opaque` (already flattened onto the background).
    mutating func fit(_ opaque: Bitmap, why prefix: String = "") throws -> BudgetResult {
        let gray = opaque.isGray
        var image = opaque
        while true {
            let outcome = try fitAtSize(image, gray: gray)
            switch outcome {
            case .fits(let bytes, let quality, let layout, let why):
                let decoded = try JPEGCodec.decode(bytes)
                let resized = image.width != opaque.width || image.height != opaque.height
                var reason = prefix + why
                if resized { reason += "; downscaled from \(opaque.width)×\(opaque.height) because quality \(options.minQuality) did not fit at full size" }
                return BudgetResult(
                    bytes: bytes, format: .jpeg, quality: quality, layout: layout, width: image.width,
                    height: image.height, budget: options.maxBytes, encodes: encodes, probeEncodes: probeEncodes,
                    resized: resized, ssim: SSIM.luma(image, decoded), reason: reason)
            case .over(let bytes, _):
                guard let next = smaller(image, sizeAtMinimum: bytes) else {
                    throw CodecError(.doesNotFit(
                        budget: options.maxBytes,
                        smallest: "\(image.width)×\(image.height) pixels at quality \(options.minQuality): \(bytes) bytes",
                        hint: options.allowResize
                            ? "raise --max-bytes or lower --min-quality or --min-dimension"
                            : "allow downscaling (drop --no-resize), raise --max-bytes or lower --min-quality"))
                }
                image = opaque.downscaled(toWidth: next.width, height: next.height)
            }
        }
    }

    /// Can `image` still be made smaller?
    private func canShrink(_ image: Bitmap) -> Bool {
        options.allowResize && min(image.width, image.height) > options.minDimension
    }

    /// The next size to try: about √(budget / size) smaller, at least 3 % smaller, and not below
    /// the minimum dimension (nil when no smaller size is allowed).
    private func smaller(_ image: Bitmap, sizeAtMinimum: Int) -> (width: Int, height: Int)? {
        guard canShrink(image) else { return nil }
        let short = Double(min(image.width, image.height))
        var factor = min((Double(options.maxBytes) / Double(sizeAtMinimum)).squareRoot() * 0.95, 0.97)
        factor = max(factor, Double(options.minDimension) / short)
        let width = min(max(Int((Double(image.width) * factor).rounded()), 1), image.width)
        let height = min(max(Int((Double(image.height) * factor).rounded()), 1), image.height)
        guard width < image.width || height < image.height else { return nil }
        return (width, height)
    }

    private mutating func fitAtSize(_ image: Bitmap, gray: Bool) throws -> SizeOutcome {
        let source = JPEGSource(opaque: image, grayscale: gray)
        var sample = JPEGSizeSample(source)
        defer { probeEncodes += sample?.encodes ?? 0 }
        let budget = options.maxBytes
        let range = options.minQuality...options.maxQuality
        var spent = 0

        if !gray {
            let predicted = try sample?.predict(quality: range.upperBound, subsampling: .none)
            if predicted.map({ Double($0) <= Double(budget) * 1.1 }) ?? true {
                spent += 1
                encodes += 1
                if let bytes = try source.encode(quality: range.upperBound, subsampling: .none, byteLimit: budget) {
                    return .fits(bytes: bytes, quality: range.upperBound, layout: ChromaSubsampling.none.rawValue,
                                 why: "full-resolution color (4:4:4) fits at the top quality \(range.upperBound)")
                }
            }
        }
        let subsampling = ChromaSubsampling.half
        var guess: Int?
        if sample != nil {
            let atMinimum = try sample!.predict(quality: range.lowerBound, subsampling: subsampling)
            if Double(atMinimum) > Double(budget) * Self.hopelessRatio && canShrink(image) {
                return .over(bytes: atMinimum, predicted: true)
            }
            guess = try sample!.predictBest(in: range, budget: budget, subsampling: subsampling)
        }

        var search = QualitySearch(range: range)
        var best: (quality: Int, bytes: [UInt8]) = (0, [])
        try search.run(guess: guess, cap: Self.encodesPerSize - spent) { q in
            encodes += 1
            // The lowest quality is encoded in full even when over, to size the next downscale.
            guard let bytes = try source.encode(
                quality: q, subsampling: subsampling, byteLimit: q == range.lowerBound ? nil : budget)
            else { return .over(nil) }
            guard bytes.count <= budget else { return .over(bytes.count) }
            if q > best.quality { best = (q, bytes) }
            return .fits(bytes.count)
        }
        guard let quality = search.best else {
            guard case .over(let size?) = search.outcomes[range.lowerBound] else {
                preconditionFailure("a failed search has encoded the lowest quality in full")
            }
            return .over(bytes: size, predicted: false)
        }
        let next = quality < range.upperBound ? "; quality \(quality + 1) does not fit" : ""
        if gray {
            return .fits(bytes: best.bytes, quality: quality, layout: "gray",
                         why: "gray image as a 1-component JPEG at the highest quality that fits, \(quality)\(next)")
        }
        return .fits(bytes: best.bytes, quality: quality, layout: subsampling.rawValue,
                     why: "4:2:0 chroma at the highest quality that fits, \(quality)\(next) (4:4:4 does not fit at quality \(range.upperBound))")
    }
}
