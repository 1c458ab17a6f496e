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
    /// Lowest JPEG quality the search may use before it downscales instead. Default 1: measured
    /// with SSIM at the original resolution, a full-size JPEG at a low quality scored higher than a
    /// downscaled one at a higher quality on every benchmark image, so the size is kept while any
    /// quality fits (raise it to prefer a smaller, cleaner image).
    public var minQuality: Int
    /// Highest JPEG quality tried. Default 100: the budget is the only limit.
    public var maxQuality: Int
    /// When even `minQuality` does not fit and the image must be downscaled, the new size is aimed
    /// at about this quality: √(budget / bytes at this quality). Default 25: on the benchmark photo
    /// that scored the best SSIM at the original resolution (qualities near 1 at a larger size, or
    /// 50 at a smaller one, both scored lower).
    public var resizeQuality: Int
    /// May the image be downscaled when it does not fit at full size? Default true.
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
    public static let defaultThreads = 2

    enum CodingKeys: String, CodingKey {
        case maxBytes, format, background, minQuality, maxQuality, resizeQuality, allowResize, minDimension
    }

    /// A budget of `maxBytes` bytes; every other knob defaults to what `signet compress` does.
    /// - Parameters:
    ///   - maxBytes: The largest acceptable file, in bytes.
    ///   - format: PNG, JPEG, or the best of both (default).
    ///   - background: What transparent pixels become in a JPEG.
    ///   - minQuality: Lowest JPEG quality the search may use before it downscales instead.
    ///   - maxQuality: Highest JPEG quality tried.
    ///   - resizeQuality: When even `minQuality` does not fit and the image must be downscaled, the new size is aimed at about this quality: √(budget / bytes at this quality).
    ///   - allowResize: May the image be downscaled when it does not fit at full size? Default true.
    ///   - minDimension: Downscaling stops when the shorter side would go below this many pixels.
    public init(
        maxBytes: Int = 102_400, format: BudgetFormat = .auto, background: Color = .white,
        minQuality: Int = 1, maxQuality: Int = 100, resizeQuality: Int = 25, allowResize: Bool = true,
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
        func bad(_ text: String) -> CodecError { CodecError(.invalidOption(text)) }
        guard maxBytes > 0 else {
            throw bad(
                "the byte budget must be positive, not \(maxBytes); set BudgetOptions.maxBytes to a positive size such as 102400."
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
