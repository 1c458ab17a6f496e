import SignetCore

/// How large a page preview is. The defaults are the `signet preview` defaults.
package struct PreviewOptions: Sendable, Hashable, Codable {
    /// The size asked for: a resolution, or a box the page is fitted into (aspect kept).
    package enum Scale: Sendable, Hashable, Codable {
        /// Pixels per inch of the page as displayed (`--dpi`).
        case dpi(Double)
        /// Exactly this many pixels wide (`--width`).
        case width(Int)
        /// Exactly this many pixels high (`--height`).
        case height(Int)
        /// The largest size that fits in the box (`--width` and `--height` together).
        case fit(width: Int, height: Int)
    }

    /// Default 150 dpi, as pdftoppm.
    package var scale: Scale
    /// Largest output area in pixels (default 25 000 000, about 100 MB while drawing).
    package var maxPixels: Int

    /// cairo's limit on either side of an image, in pixels.
    package static let maxSide = 32_767
    /// The default `maxPixels`.
    package static let defaultMaxPixels = 25_000_000
    /// The default resolution, as pdftoppm's.
    package static let defaultDPI = 150.0

    /// Options for a preview.
    /// - Parameters:
    ///   - scale: The size asked for (default 150 dpi).
    ///   - maxPixels: Largest output area in pixels.
    package init(scale: Scale = .dpi(PreviewOptions.defaultDPI), maxPixels: Int = PreviewOptions.defaultMaxPixels) {
        self.scale = scale
        self.maxPixels = maxPixels
    }
}
