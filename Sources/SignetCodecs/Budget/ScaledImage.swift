import SignetRaster

/// The original of a budget fit at one size (`Bitmap.downscaledRows`; the original itself at its
/// own size), its rows made as the size sample, the estimate and the trial image of that size
/// ask for them: no row is resampled twice, and a size passed over early never makes the rows it
/// did not need (a step of the JPEG ladder used to resample its size sample's rows, then its
/// estimate's, then every row again for its search). Rows are kept in the pieces they were made
/// in, so a size that only ever makes a sample holds no more than the sample; the strip the row
/// sample reads is stacked once too (`sampledStrip`). Used by one fit at a time.
final class ScaledImage {
    let original: Bitmap
    let width: Int
    let height: Int
    /// The original's block averages this size starts from (`Bitmap.blockReduced`), when shared.
    private let reduced: Bitmap?
    /// The rows made so far, in the pieces they were made in.
    private var pieces: [Bitmap] = []
    /// Where each row is: its piece and its row there (piece -1: not made yet).
    private var places: [(piece: Int, row: Int)]
    /// The strip a row sample reads at this size, once made (`sampledStrip`).
    private var strip: SampledStrip?

    init(_ original: Bitmap, width: Int, height: Int, reduced: Bitmap? = nil) {
        (self.original, self.width, self.height, self.reduced) = (original, width, height, reduced)
        places = [(piece: Int, row: Int)](repeating: (-1, 0), count: height)
    }

    var isOriginalSize: Bool { width == original.width && height == original.height }

    /// The whole image at this size (kept as one piece once made).
    var whole: Bitmap {
        if isOriginalSize { return original }
        if pieces.count == 1, pieces[0].height == height { return pieces[0] }
        let made = rows(Array(0..<height))
        pieces = [made]
        places = (0..<height).map { (0, $0) }
        return made
    }

    /// Rows `rows` (ascending) stacked into one bitmap, the ones not made yet made first.
    func rows(_ rows: [Int]) -> Bitmap {
        if isOriginalSize { return Self.stacked(rows.map { (original, $0) }, width: width, dpi: original.dpi) }
        let missing = rows.filter { places[$0].piece < 0 }
        if !missing.isEmpty {
            let made = original.downscaledRows(missing, toWidth: width, height: height, reduced: reduced, opaque: true)
            if missing.count == rows.count { return keep(made, rows: missing) }
            _ = keep(made, rows: missing)
        }
        let dpi = original.dpi.map { $0 * Double(width) / Double(original.width) }
        return Self.stacked(rows.map { (pieces[places[$0].piece], places[$0].row) }, width: width, dpi: dpi)
    }

    /// The rows `sample` (a sample of `original`) reads at this size, ready to encode
    /// (`SampledStrip`; one component when `gray`), made once: an estimate of this size and the
    /// candidates its search scores on the sample share it.
    func sampledStrip(_ sample: SSIMSample, gray: Bool) -> SampledStrip {
        if let strip, strip.sample == sample, strip.isGray == gray { return strip }
        let made = SampledStrip(self, gray: gray, sample: sample)
        strip = made
        return made
    }

    /// `piece`, holding `rows`, kept.
    private func keep(_ piece: Bitmap, rows: [Int]) -> Bitmap {
        for (slot, row) in rows.enumerated() { places[row] = (pieces.count, slot) }
        pieces.append(piece)
        return piece
    }

    /// The rows `from` names (a bitmap `width` wide and a row of it), one under the other (also
    /// how `SampledStrip` joins its two decoded pieces).
    static func stacked(_ from: [(Bitmap, Int)], width: Int, dpi: Double?) -> Bitmap {
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: from.count * rowBytes) { buffer, count in
            for (slot, (bitmap, row)) in from.enumerated() {
                bitmap.pixels.withUnsafeBufferPointer { source in
                    (buffer.baseAddress! + slot * rowBytes).initialize(
                        from: source.baseAddress! + row * rowBytes, count: rowBytes)
                }
            }
            count = from.count * rowBytes
        }
        return Bitmap(width: width, height: from.count, pixels: pixels, dpi: dpi)
    }
}
