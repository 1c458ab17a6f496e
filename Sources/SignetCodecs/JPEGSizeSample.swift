import SignetRaster

/// A cheap predictor of JPEG sizes for large images: evenly spaced bands of 16 rows (whole JPEG
/// blocks at 4:2:0), about 400,000 pixels in all, encoded instead of the whole image. The sample's
/// size times (image rows / sample rows) predicts the full size; a prediction only ever steers the
/// search, whose answer always comes from encoding the whole image.
struct JPEGSizeSample {
    /// Images smaller than this are encoded whole: a sample would save little.
    static let minimumPixels = 1_600_000
    static let targetPixels = 400_000
    static let bandRows = 16

    let source: JPEGSource
    /// Image rows per sample row.
    let scale: Double
    private(set) var encodes = 0
    private var sizes: [String: Int] = [:]

    /// A sample of `image`, or nil when the image is small enough to encode whole.
    init?(_ image: JPEGSource) {
        guard image.width * image.height >= Self.minimumPixels else { return nil }
        let bands = (image.height + Self.bandRows - 1) / Self.bandRows
        let wantedRows = max(Self.targetPixels / image.width, Self.bandRows)
        let every = max(bands * Self.bandRows / wantedRows, 2)
        let rowBytes = image.width * image.components
        var pixels: [UInt8] = []
        var rows = 0
        // Start half a stride in so the bands sit in the middle of their stretches.
        var band = every / 2
        while band < bands {
            let first = band * Self.bandRows
            let count = min(Self.bandRows, image.height - first)
            pixels.append(contentsOf: image.pixels[(first * rowBytes)..<((first + count) * rowBytes)])
            rows += count
            band += every
        }
        guard rows > 0 else { return nil }
        source = JPEGSource(width: image.width, height: rows, components: image.components, pixels: pixels, dpi: image.dpi)
        scale = Double(image.height) / Double(rows)
    }

    /// The predicted full-image size at `quality`.
    mutating func predict(quality: Int, subsampling: ChromaSubsampling) throws -> Int {
        let key = "\(quality)/\(subsampling.rawValue)"
        if let known = sizes[key] { return known }
        // Without a byte limit the encoder always returns bytes or throws.
        let bytes = try source.encode(quality: quality, subsampling: subsampling)!
        encodes += 1
        let predicted = Int((Double(bytes.count) * scale).rounded())
        sizes[key] = predicted
        return predicted
    }

    /// The largest quality in `range` predicted to fit `budget` (the lowest one when none is).
    mutating func predictBest(in range: ClosedRange<Int>, budget: Int, subsampling: ChromaSubsampling) throws -> Int {
        var search = QualitySearch(range: range)
        try search.run(guess: nil, cap: search.probesNeeded) { q in
            let size = try predict(quality: q, subsampling: subsampling)
            return size <= budget ? .fits(size) : .over(size)
        }
        return search.best ?? range.lowerBound
    }
}
