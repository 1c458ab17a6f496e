/// How `PNGEncoder` writes a PNG.
///
/// The defaults (no row filter, zlib's RLE strategy, level 6) were measured on rendered
/// signatures, mostly transparent with one ink colour: they gave the smallest files of all
/// colour type × level × filter × strategy combinations tried, at about the speed of level 1
/// (RLE makes the level almost irrelevant). `signet-bench png-settings` prints the table.
public struct PNGOptions: Sendable, Hashable, Codable {
    /// The PNG colour type; `auto` picks the smallest lossless one.
    public enum ColorType: String, Sendable, Hashable, Codable, CaseIterable {
        /// Gray when every pixel is gray, else RGB; with alpha when any pixel is not opaque; a
        /// palette (with tRNS) instead when the image has at most 256 exact colours and the
        /// palette file is the smaller one (see `PNGEncoder.smallImageBytes`).
        case auto
        /// Red, green, blue and alpha, 8 bits each.
        case rgba
        /// Red, green and blue, 8 bits each (transparent pixels are flattened).
        case rgb
        /// Gray and alpha, 8 bits each.
        case grayAlpha = "gray-alpha"
        /// Gray, 8 bits.
        case gray
        /// At most 256 exact colours with a tRNS chunk for their alpha.
        case palette
    }

    /// The row filter libpng applies before compression.
    public enum Filter: String, Sendable, Hashable, Codable, CaseIterable {
        /// One filter for every row: none, or the PNG filter of that name.
        case none, sub, up, average, paeth
        /// libpng picks a filter per row (slower, sometimes smaller).
        case adaptive
    }

    /// The zlib strategy.
    public enum Strategy: String, Sendable, Hashable, Codable, CaseIterable {
        /// zlib's default strategy.
        case standard = "default"
        /// zlib's filtered strategy (for filtered rows).
        case filtered
        /// Run-length matches only: fast, and small for signatures' flat areas (default).
        case rle
        /// Huffman coding only, no matches.
        case huffmanOnly = "huffman-only"
    }

    /// The pixel layout written.
    public var colorType: ColorType
    /// zlib level 0 (store) … 9 (smallest).
    public var compressionLevel: Int
    /// The row filter.
    public var filter: Filter
    /// The zlib strategy.
    public var strategy: Strategy
    /// Coverage levels kept when a rendering of one ink colour over transparency is written (the
    /// renderer's coverage mask; bitmaps, and so `signet compress`, are always stored exactly):
    /// each pixel's coverage is rounded to the nearest of this many evenly spaced levels, 2…256.
    /// Transparent and solid pixels stay exact; an edge pixel moves by at most half a step, 255 / (2 (levels − 1))
    /// of 255 (8 at the default 16, invisible on anti-aliased edges), and with 16 levels or
    /// fewer the palette needs only 4 bits per pixel: a third smaller PNG, written faster. 256
    /// keeps cairo's coverage exactly.
    public var maskLevels: Int

    /// The default of `maskLevels`: 16 coverage levels.
    public static let defaultMaskLevels = 16

    /// PNG options; the defaults are `signet render`'s.
    /// - Parameters:
    ///   - colorType: The pixel layout written.
    ///   - compressionLevel: zlib level 0 (store) … 9 (smallest).
    ///   - filter: The row filter.
    ///   - strategy: The zlib strategy.
    ///   - maskLevels: Coverage levels kept when a rendering of one ink colour over transparency is written (2…256; 256 is exact).
    public init(
        colorType: ColorType = .auto, compressionLevel: Int = 6, filter: Filter = .none, strategy: Strategy = .rle,
        maskLevels: Int = PNGOptions.defaultMaskLevels
    ) {
        self.colorType = colorType
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
        self.maskLevels = maskLevels
    }
}

extension PNGOptions.ColorType {
    /// Bytes per pixel of this colour type at 8 bits per sample (`auto` counts as RGBA).
    var channels: Int {
        switch self {
        case .gray, .palette: return 1
        case .grayAlpha: return 2
        case .rgb: return 3
        case .rgba, .auto: return 4
        }
    }
}
