import SignetCore

/// What the JPEG and PNG budget fits share once their candidates are scored: the order they are
/// ranked in, and the error when none fits.
enum BudgetRanking {
    /// `candidates` best first by `score`; on a tie, the one found first (the larger size) first.
    static func ranked<Candidate>(_ candidates: [Candidate], by score: (Candidate) -> Double) -> [Candidate] {
        candidates.enumerated().sorted { a, b in
            let (x, y) = (score(a.element), score(b.element))
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
    }

    /// `CodecError.doesNotFit` for a fit in `format` under `options`, naming `smallest`, the
    /// nearest result reached; its hint names only the options that can still make a difference
    /// (and, for PNG, JPEG as the other way).
    static func doesNotFit(_ options: BudgetOptions, format: ImageFormat, smallest: String) -> CodecError {
        var changes: [Sentence] = ["\(.raise, .budgetMaxBytes)"]
        if !options.allowResize { changes.insert("allow downscaling (\(.set("true"), .budgetAllowResize))", at: 0) }
        if format == .jpeg {
            if options.minQuality > 1 { changes.append("\(.lower, .budgetMinQuality)") }
            if options.allowResize && options.resizeQuality > 1 { changes.append("\(.lower, .budgetResizeQuality)") }
        }
        if options.allowResize && options.minDimension > 1 { changes.append("\(.lower, .budgetMinDimension)") }
        if format == .png { changes.append("\(.set(".jpeg"), .budgetFormat)") }
        return CodecError(.doesNotFit(budget: options.maxBytes, smallest: smallest, hint: .either(changes)))
    }
}
