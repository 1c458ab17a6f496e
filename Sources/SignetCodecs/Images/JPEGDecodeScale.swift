/// How large a JPEG is decoded when it is fitted under a byte budget: libjpeg's DCT scaling
/// decodes it at n/8 of its size straight from the coefficients, so a 48 MP photo meant for
/// 100 KB never holds its 192 MB of full-size pixels. Pure.
package enum JPEGDecodeScale {
    /// Pixels kept per byte of budget: 200, a twenty-fifth of a bit per pixel. JPEG's lowest
    /// quality spends more than that on photos (ImageMagick's quality 1: 0.056 bit per pixel on
    /// `Tools/bench-compress-images.py`'s photo), so no size left out could fit at any quality.
    package static let pixelsPerByte = 200
    /// Pixels always kept: images up to 16 MP (today's phone photos) are decoded whole, and the
    /// search scores against every pixel, as it always has.
    package static let minimumPixels = 16_000_000

    /// The smallest n in 1…8 whose n/8 scale keeps at least `budget · pixelsPerByte` pixels and
    /// `minimumPixels`; 8 (every pixel) for an image that does not have that many to spare.
    package static func eighths(width: Int, height: Int, budget: Int) -> Int {
        let wanted = budget.multipliedReportingOverflow(by: pixelsPerByte)
        guard !wanted.overflow else { return 8 }
        let keep = max(wanted.partialValue, minimumPixels)
        for n in 1...7 where ((width * n + 7) / 8) * ((height * n + 7) / 8) >= keep { return n }
        return 8
    }
}
