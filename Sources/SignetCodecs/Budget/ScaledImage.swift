import SignetRaster

/// The original of a budget fit at one size (`Bitmap.downscaledRows`; the original itself at its
/// own size), its rows made as the size sample, the estimate and the trial image of that size
/// ask for them: no row is resampled twice, and a size passed over early never makes the rows it
/// did not need (a step of the JPEG ladder used to resample its size sample's rows, then its
/// estimate's, then every row again for its search). Owns its pixels; used by one fit at a time.
final class ScaledImage {
    let original: Bitmap
    let width: Int
    let height: Int
    /// The original's block averages this size starts from (`Bitmap.blockReduced`), when shared.
    private let reduced: Bitmap?
    /// The rows made so far, at their places (allocated at the first row made).
    private var pixels: [UInt8] = []
    private var isMade: [Bool]
    private var dpi: Double?

    init(_ original: Bitmap, width: Int, height: Int, reduced: Bitmap? = nil) {
        (self.original, self.width, self.height, self.reduced) = (original, width, height, reduced)
        isMade = [Bool](repeating: false, count: height)
    }

    var isOriginalSize: Bool { width == original.width && height == original.height }

    /// The whole image at this size.
    var whole: Bitmap {
        isOriginalSize ? original : rows(Array(0..<height))
    }

    /// Rows `rows` (ascending) stacked into one bitmap, the ones not made yet made first.
    func rows(_ rows: [Int]) -> Bitmap {
        let source = isOriginalSize ? original.pixels : making(rows)
        let rowBytes = width * 4
        if !isOriginalSize, rows.count == height {
            return Bitmap(width: width, height: height, pixels: source, dpi: dpi)
        }
        var stacked = [UInt8](repeating: 0, count: rows.count * rowBytes)
        source.withUnsafeBufferPointer { from in
            stacked.withUnsafeMutableBufferPointer { to in
                for (slot, row) in rows.enumerated() {
                    (to.baseAddress! + slot * rowBytes).update(
                        from: from.baseAddress! + row * rowBytes, count: rowBytes)
                }
            }
        }
        return Bitmap(width: width, height: rows.count, pixels: stacked, dpi: isOriginalSize ? original.dpi : dpi)
    }

    /// `pixels` once every row of `rows` is made.
    private func making(_ rows: [Int]) -> [UInt8] {
        let missing = rows.filter { !isMade[$0] }
        guard !missing.isEmpty else { return pixels }
        let fresh = original.downscaledRows(missing, toWidth: width, height: height, reduced: reduced, opaque: true)
        dpi = fresh.dpi
        let rowBytes = width * 4
        if pixels.isEmpty { pixels = [UInt8](repeating: 0, count: height * rowBytes) }
        fresh.pixels.withUnsafeBufferPointer { from in
            pixels.withUnsafeMutableBufferPointer { to in
                for (slot, row) in missing.enumerated() {
                    (to.baseAddress! + row * rowBytes).update(
                        from: from.baseAddress! + slot * rowBytes, count: rowBytes)
                }
            }
        }
        for row in missing { isMade[row] = true }
        return pixels
    }
}
