/// How large a JPEG is decoded when it is fitted under a byte budget: libjpeg's DCT scaling
/// decodes it at n/8 of its size straight from the coefficients, so a 48 MP photo meant for
/// 100 KB never holds its 192 MB of full-size pixels. Pure.
package enum JPEGDecodeScale {
    /// Pixels kept per byte of budget: at 32, a file filling the budget at the decoded size would
    /// spend a quarter of a bit per pixel — under JPEG's quality 5 on photos, far below the
    /// qualities 30 to 85 the search aims its downscaled sizes at, so every size the search
    /// would choose is still there to choose (docs/budget.md).
    package static let pixelsPerByte = 32

    /// The smallest n in 1…8 whose n/8 scale keeps at least `budget · pixelsPerByte` pixels; 8
    /// (every pixel) for an image that does not have that many to spare.
    package static func eighths(width: Int, height: Int, budget: Int) -> Int {
        let wanted = budget.multipliedReportingOverflow(by: pixelsPerByte)
        guard !wanted.overflow else { return 8 }
        for n in 1...7 where ((width * n + 7) / 8) * ((height * n + 7) / 8) >= wanted.partialValue { return n }
        return 8
    }
}
