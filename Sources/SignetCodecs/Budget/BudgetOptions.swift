import SignetCore

/// Which format a budget fit may produce.
public enum BudgetFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Always JPEG (transparency flattened onto the background).
    case jpeg
    /// Always PNG (lossless, transparency kept; downscaled when it does not fit).
    case png
    /// PNG when the image has transparency and a lossless PNG fits at full size, JPEG otherwise.
    case auto
}

/// Everything a budget fit needs; the defaults are the CLI's (`signet compress`).
public struct BudgetOptions: Sendable, Hashable, Codable {
    /// The largest acceptable file, in bytes. Default 102,400 (100 KiB).
    public var maxBytes: Int
    /// Default `.auto`.
    public var format: BudgetFormat
    /// What transparent pixels become in a JPEG. Default white.
    public var background: Color
    /// Lowest JPEG quality any size may use. Default 1: no limit — the search compares the
    /// full-size image at the best quality that fits with downscaled ones at theirs and keeps the
    /// one with the best SSIM at the original size, so a quality too low to look good loses on
    /// its own (raise it to force a cleaner, smaller image).
    public var minQuality: Int
    /// Highest JPEG quality tried. Default 100: the budget is the only limit.
    public var maxQuality: Int
    /// Lowest JPEG quality of a downscaled size (the full size keeps `minQuality`). Default 1:
    /// no limit beyond `minQuality` (raise it to force downscaled results to look cleaner).
    public var resizeQuality: Int
    /// May the image be downscaled — when it does not fit at full size, or when a smaller size
    /// scores a better SSIM at the original size? Default true; false keeps the full size.
    public var allowResize: Bool
    /// Downscaling stops when the shorter side would go below this many pixels. Default 32.
    public var minDimension: Int
    /// Threads one search may use, the calling thread included: candidate encodes and the SSIM
    /// of a candidate run side by side on up to this many. Default `defaultThreads` (2, what
    /// `signet compress` and `signet render --max-bytes` use); 1 keeps the whole search on the
    /// calling thread (what `signet batch` workers use, already one job per core). Not part of
    /// the options' JSON: it changes how fast a result comes, never the result.
    public var threads: Int = BudgetOptions.defaultThreads

    /// The `threads` of the CLI's own searches.
    public static let defaultThreads = Parallel.defaultThreads

    enum CodingKeys: String, CodingKey {
        case maxBytes, format, background, minQuality, maxQuality, resizeQuality, allowResize, minDimension
    }

    /// A budget of `maxBytes` bytes; every other knob defaults to what `signet compress` does.
    /// - Parameters:
    ///   - maxBytes: The largest acceptable file, in bytes.
    ///   - format: PNG, JPEG, or the best of both (default).
    ///   - background: What transparent pixels become in a JPEG.
    ///   - minQuality: Lowest JPEG quality any size may use.
    ///   - maxQuality: Highest JPEG quality tried.
    ///   - resizeQuality: Lowest JPEG quality of a downscaled size.
    ///   - allowResize: May the image be downscaled? Default true.
    ///   - minDimension: Downscaling stops when the shorter side would go below this many pixels.
    public init(
        maxBytes: Int = 102_400, format: BudgetFormat = .auto, background: Color = .white,
        minQuality: Int = 1, maxQuality: Int = 100, resizeQuality: Int = 1, allowResize: Bool = true,
        minDimension: Int = 32, threads: Int = BudgetOptions.defaultThreads
    ) {
        self.threads = threads
        self.maxBytes = maxBytes
        self.format = format
        self.background = background
        self.minQuality = minQuality
        self.maxQuality = maxQuality
        self.resizeQuality = resizeQuality
        self.allowResize = allowResize
        self.minDimension = minDimension
    }

    /// Throws `CodecError.invalidOption` for values that cannot work.
    package func validate() throws {
        func bad(_ text: Sentence) -> CodecError { CodecError(.invalidOption(text)) }
        guard maxBytes > 0 else {
            throw bad(
                "the byte budget must be positive, not \(maxBytes); \(.set("102400"), .budgetMaxBytes) or another positive size."
            )
        }
        guard (1...100).contains(minQuality), (1...100).contains(maxQuality), (1...100).contains(resizeQuality) else {
            throw bad(
                "JPEG qualities must be between 1 and 100, not \(minQuality)…\(maxQuality) (resize \(resizeQuality)).")
        }
        guard minQuality <= maxQuality else {
            throw bad("the minimum quality \(minQuality) is above the maximum quality \(maxQuality); swap them.")
        }
        guard threads >= 1 else { throw bad("a search needs at least 1 thread, not \(threads).") }
        guard minDimension >= 1 else {
            throw bad("the minimum dimension must be at least 1 pixel, not \(minDimension).")
        }
        guard background.alpha >= 1 else {
            throw bad("the background \(background.hex) must be opaque (JPEG has no transparency); drop its alpha.")
        }
    }
}
