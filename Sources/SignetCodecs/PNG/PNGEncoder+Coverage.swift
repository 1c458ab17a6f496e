import SignetRaster

extension PNGEncoder {
    /// Encodes a coverage mask to exactly the bytes `encode(mask.bitmap, options:)` gives. When
    /// that is a palette image (`auto`, not fully opaque, larger than `smallImageBytes`) the
    /// mask is written directly: its colours are the ink at each coverage level present, so the
    /// palette sorted by alpha is the levels in order and a pixel's index is its level's rank.
    /// Otherwise the mask is expanded to RGBA and encoded as any bitmap.
    package static func encode(_ mask: CoverageMask, options: PNGOptions = PNGOptions()) throws -> [UInt8] {
        var present = [Bool](repeating: false, count: 256)
        mask.alpha.withUnsafeBufferPointer { alpha in
            present.withUnsafeMutableBufferPointer { seen in
                for a in alpha { seen[Int(a)] = true }
            }
        }
        let levels = (0..<256).filter { present[$0] }
        let ink = mask.inkBytes
        let channels =
            ink.red == ink.green && ink.green == ink.blue
            ? PNGOptions.ColorType.grayAlpha.channels : PNGOptions.ColorType.rgba.channels
        guard options.colorType == .auto, (0...9).contains(options.compressionLevel), mask.width > 0, mask.height > 0,
            levels != [255], mask.pixelCount * channels > smallImageBytes
        else { return try encode(mask.bitmap, options: options) }
        var rank = [UInt8](repeating: 0, count: 256)
        for (index, level) in levels.enumerated() { rank[level] = UInt8(index) }
        let indices = mask.alpha.withUnsafeBufferPointer { alpha in
            rank.withUnsafeBufferPointer { rank in
                [UInt8](unsafeUninitializedCapacity: alpha.count) { out, count in
                    for i in 0..<alpha.count { out[i] = rank[Int(alpha[i])] }
                    count = alpha.count
                }
            }
        }
        return try LibPNG.encode(
            indices, width: mask.width, height: mask.height, type: .palette, options: options, dpi: mask.dpi,
            palette: levels.flatMap { _ in [ink.red, ink.green, ink.blue] },
            alphas: levels.filter { $0 != 255 }.map { UInt8($0) })
    }

    /// Encodes whichever form the renderer produced.
    package static func encode(_ image: RasterImage, options: PNGOptions = PNGOptions()) throws -> [UInt8] {
        switch image {
        case .coverage(let mask): return try encode(mask, options: options)
        case .bitmap(let bitmap): return try encode(bitmap, options: options)
        }
    }
}
