/// The downscaled sizes a JPEG budget fit tries besides the full size: for each quality in
/// `aims`, the size at which the full-size image's bytes at that quality, scaled with the pixel
/// count, would just fit (both sides by 0.95·√(budget / bytes), as `BudgetShrink` steps). Each is
/// searched in a window of qualities around its aim, which the size model makes likely to hold
/// the answer and which bisection settles in at most 4 encodes.
struct JPEGSizeLadder {
    /// The qualities the sizes are aimed at, lowest first (so the largest size comes first).
    /// Measured with SSIM at the original size on the benchmark images, the winners sat at
    /// qualities 40…90; below 30 the blocks cost more than a smaller size loses.
    static let aims = [30, 50, 70, 85]
    /// Qualities searched either side of a size's aim.
    static let window = 7
    /// The largest downscale tried, as a share of each side. A step aimed above it is one where the
    /// full size at the aimed quality is at most about 11 % over the budget (0.95·√(1 / 1.11) ≈ 0.9),
    /// so the full size, already searched, fits within a quality or two of that aim: the step would
    /// buy those with a tenth of the resolution, and on every image measured it scored lower (the
    /// seal's 1517×1517 of 1600 at 100 KB: 0.9569 on the sample against the full size's 0.9645).
    static let largestStep = 0.9

    /// One downscaled size and the qualities searched there.
    struct Step: Equatable {
        var size: (width: Int, height: Int)
        var range: ClosedRange<Int>
        /// The quality the size is aimed at, within `range`.
        var aim: Int

        static func == (a: Step, b: Step) -> Bool { a.size == b.size && a.range == b.range && a.aim == b.aim }
    }

    let options: BudgetOptions

    /// The lowest quality of a downscaled size.
    var lowest: Int { min(max(options.resizeQuality, options.minQuality), options.maxQuality) }

    /// The aims that the quality limits allow (`lowest` itself when it is above the lowest aim
    /// left out), whose full-size sizes the ladder needs.
    var targets: [Int] {
        var kept = Self.aims.filter { $0 >= lowest && $0 <= options.maxQuality }
        if kept.first != lowest, lowest > Self.aims[0] || kept.isEmpty { kept.insert(lowest, at: 0) }
        return kept
    }

    /// The sizes to try, largest first, from the full-size `estimates` (bytes by quality); none
    /// when resizing is off. Sizes above `largestStep` of the full size (already tried) or equal
    /// to a larger step's are left out; the shorter side never goes below `minDimension`.
    func steps(width: Int, height: Int, estimates: [Int: Double]) -> [Step] {
        guard options.allowResize else { return [] }
        var steps: [Step] = []
        for target in targets {
            guard let bytes = estimates[target], bytes > 0 else { continue }
            let aimed = 0.95 * (Double(options.maxBytes) / bytes).squareRoot()
            guard aimed < Self.largestStep else { continue }
            let factor = max(aimed, Double(options.minDimension) / Double(min(width, height)))
            let size = (
                width: min(max(Int((Double(width) * factor).rounded()), 1), width),
                height: min(max(Int((Double(height) * factor).rounded()), 1), height)
            )
            guard size.width < width || size.height < height else { continue }
            guard steps.last.map({ $0.size != size }) ?? true else { continue }
            let range = max(lowest, target - Self.window)...max(min(options.maxQuality, target + Self.window), lowest)
            steps.append(Step(size: size, range: range, aim: min(max(target, range.lowerBound), range.upperBound)))
        }
        return steps
    }
}
