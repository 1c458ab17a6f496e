/// The next, smaller size to try when the encoding at the current size is over the budget: both
/// sides scaled by 0.95·√(budget / bytes) — a file shrinks roughly with the pixel count, and the
/// 5 % margin allows for small images costing more bytes per pixel (and makes every step at least
/// 5 % smaller, so the loop ends) — but never with the shorter side below `minDimension`.
enum BudgetShrink {
    /// nil when no smaller size is allowed (resizing off, or already at the minimum dimension).
    static func next(width: Int, height: Int, bytes: Int, options: BudgetOptions) -> (width: Int, height: Int)? {
        let short = min(width, height)
        guard options.allowResize, short > options.minDimension else { return nil }
        let factor = max(
            (Double(options.maxBytes) / Double(max(bytes, 1))).squareRoot() * 0.95,
            Double(options.minDimension) / Double(short))
        let newWidth = min(max(Int((Double(width) * factor).rounded()), 1), width)
        let newHeight = min(max(Int((Double(height) * factor).rounded()), 1), height)
        guard newWidth < width || newHeight < height else { return nil }
        return (newWidth, newHeight)
    }
}
