import SignetRaster

extension PNGEncoder {
    /// Encodes a coverage mask with its coverage rounded to `options.maskLevels` levels
    /// (`CoverageLevels`), to exactly the bytes `encode(rounded.bitmap, options:)` gives — except
    /// that a palette of at most 16 entries is written with 1, 2 or 4 bits per pixel. When the
    /// result is a palette image (`auto`, not fully opaque, larger than `smallImageBytes`) the
    /// mask is written directly: its colours are the ink at each coverage level present, so the
    /// palette sorted by alpha is the levels in order and a pixel's index is its level's rank,
    /// found with one table look-up per pixel. Otherwise the rounded mask is expanded to RGBA
    /// and encoded as any bitmap.
    package static func encode(_ mask: CoverageMask, options: PNGOptions = PNGOptions()) throws -> [UInt8] {
        let levels = try CoverageLevels(mask, count: options.maskLevels)
        let ink = mask.inkBytes
        let channels =
            ink.red == ink.green && ink.green == ink.blue
            ? PNGOptions.ColorType.grayAlpha.channels : PNGOptions.ColorType.rgba.channels
        guard options.colorType == .auto, (0...9).contains(options.compressionLevel), mask.width > 0, mask.height > 0,
            levels.present != [255], mask.pixelCount * channels > smallImageBytes
        else { return try encode(levels.apply(to: mask).bitmap, options: options) }
        let count = levels.present.count
        let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        return try LibPNG.encode(
            levels.packedIndices(mask, bitDepth: depth), width: mask.width, height: mask.height, type: .palette,
            options: options, dpi: mask.dpi, palette: levels.present.flatMap { _ in [ink.red, ink.green, ink.blue] },
            alphas: levels.present.filter { $0 != 255 }.map { UInt8($0) }, bitDepth: depth)
    }

    /// Encodes whichever form the renderer produced.
    package static func encode(_ image: RasterImage, options: PNGOptions = PNGOptions()) throws -> [UInt8] {
        switch image {
        case .coverage(let mask): return try encode(mask, options: options)
        case .bitmap(let bitmap): return try encode(bitmap, options: options)
        }
    }
}
