/// The next, smaller size to try when even the smallest encoding at the current size is over the
/// budget: both sides scaled by about √(budget / bytes) (a file shrinks roughly with the pixel
/// count), with a 5 % margin because small images cost more bytes per pixel, at least 3 % smaller
/// so the loop always ends, and never with the shorter side below `minDimension`.
enum BudgetShrink {
    /// nil when no smaller size is allowed (resizing off, or already at the minimum dimension).
    static func next(width: Int, height: Int, bytes: Int, options: BudgetOptions) -> (width: Int, height: Int)? {
        let short = min(width, height)
        guard options.allowResize, short > options.minDimension else { return nil }
        var factor = min((Double(options.maxBytes) / Double(bytes)).squareRoot() * 0.95, 0.97)
        factor = max(factor, Double(options.minDimension) / Double(short))
        let newWidth = min(max(Int((Double(width) * factor).rounded()), 1), width)
        let newHeight = min(max(Int((Double(height) * factor).rounded()), 1), height)
        guard newWidth < width || newHeight < height else { return nil }
        return (newWidth, newHeight)
    }
}
