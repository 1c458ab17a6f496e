import SignetCore
import SignetRaster

/// Writes `Bitmap`s as PNG with libpng: the smallest lossless colour type, chosen compression
/// settings, and a `pHYs` chunk when the bitmap knows its dpi.
package enum PNGEncoder {
    /// Raw pixel bytes (without a palette) up to which `auto` encodes an image both with and
    /// without a palette and keeps the smaller file. Larger images with at most 256 colours get
    /// the palette directly: it was the smaller file for every one of the rendered signatures
    /// measured (`signet-bench png-settings`), and encoding twice would double the time.
    package static let smallImageBytes = 65_536

    package static func encode(_ bitmap: Bitmap, options: PNGOptions = PNGOptions()) throws -> [UInt8] {
        guard (0...9).contains(options.compressionLevel) else {
            throw CodecError(
                .cannotRepresent("the PNG compression level must be 0 to 9, not \(options.compressionLevel)."))
        }
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw CodecError(
                .cannotRepresent("a PNG needs at least one pixel; the image is \(bitmap.width)×\(bitmap.height)."))
        }
        let census = ColorCensus(bitmap)
        let direct = try directType(options.colorType, census)
        switch options.colorType {
        case .palette:
            guard let colors = census.colors else {
                throw CodecError(
                    .cannotRepresent(
                        "the image has more than 256 colours, too many for a PNG palette; use another colour type."))
            }
            return try encodePalette(bitmap, colors, options)
        case .auto:
            guard let colors = census.colors, direct != .gray else { return try encodeDirect(bitmap, direct, options) }
            let indexed = try encodePalette(bitmap, colors, options)
            // A palette's fixed cost (PLTE + tRNS, at most 1 KB) can outweigh its halved pixel data
            // only on small images, so only those are encoded both ways (see `smallImageBytes`).
            guard bitmap.pixelCount * direct.channels <= smallImageBytes else { return indexed }
            let plain = try encodeDirect(bitmap, direct, options)
            return indexed.count < plain.count ? indexed : plain
        default:
            return try encodeDirect(bitmap, direct, options)
        }
    }

    /// The colour type without a palette: the one asked for, or the smallest lossless one for `auto`.
    private static func directType(_ asked: PNGOptions.ColorType, _ census: ColorCensus) throws -> PNGOptions.ColorType
    {
        switch asked {
        case .auto, .palette:
            switch (census.isGray, census.isOpaque) {
            case (true, true): return .gray
            case (true, false): return .grayAlpha
            case (false, true): return .rgb
            case (false, false): return .rgba
            }
        case .gray, .grayAlpha:
            guard census.isGray else {
                throw CodecError(
                    .cannotRepresent(
                        "the image has colours that are not gray\(optional: "; ", .set(".auto or .rgba"), .pngColorType)."
                    ))
            }
        case .rgb:
            break
        case .rgba:
            return .rgba
        }
        if (asked == .gray || asked == .rgb) && !census.isOpaque {
            throw CodecError(
                .cannotRepresent(
                    "the image has transparent pixels, which \(asked.rawValue) cannot hold; use a colour type with alpha."
                ))
        }
        return asked
    }

    private static func encodeDirect(
        _ bitmap: Bitmap, _ type: PNGOptions.ColorType, _ options: PNGOptions
    ) throws -> [UInt8] {
        let keep: [Int] =
            switch type {
            case .gray: [0]
            case .grayAlpha: [0, 3]
            case .rgb: [0, 1, 2]
            default: [0, 1, 2, 3]
            }
        let packed = keep.count == 4 ? bitmap.pixels : pack(bitmap.pixels, keeping: keep)
        return try LibPNG.encode(
            packed, width: bitmap.width, height: bitmap.height, type: type, options: options, dpi: bitmap.dpi)
    }

    /// One byte per pixel into a palette sorted by alpha, so tRNS covers only the translucent
    /// entries and indices of one ink colour grow with coverage (which row filters like).
    private static func encodePalette(_ bitmap: Bitmap, _ colors: ColorTable, _ options: PNGOptions) throws -> [UInt8] {
        var table = colors
        let order = table.words.sorted { a, b in
            let (pa, pb) = (RGBA(a), RGBA(b))
            return pa.a != pb.a ? pa.a < pb.a : a < b
        }
        table.assign(order)
        var rgb: [UInt8] = [], alphas: [UInt8] = []
        for word in order {
            let p = RGBA(word)
            rgb += [p.r, p.g, p.b]
            if p.a != 255 { alphas.append(p.a) }
        }
        let indices = bitmap.pixels.withUnsafeBytes { raw in
            [UInt8](unsafeUninitializedCapacity: bitmap.pixelCount) { out, count in
                let words = raw.bindMemory(to: UInt32.self)
                // One table look-up per run of one colour.
                var i = 0
                while i < words.count {
                    let index = table.index(of: words[i])
                    let end = PixelRuns.end(in: words, from: i)
                    (out.baseAddress! + i).initialize(repeating: index, count: end - i)
                    i = end
                }
                count = words.count
            }
        }
        return try LibPNG.encode(
            indices, width: bitmap.width, height: bitmap.height, type: .palette, options: options, dpi: bitmap.dpi,
            palette: rgb, alphas: alphas)
    }

    /// The RGBA bytes with only the channels at `keep` (offsets 0…3) of each pixel.
    private static func pack(_ rgba: [UInt8], keeping keep: [Int]) -> [UInt8] {
        let n = keep.count, count = rgba.count / 4
        var out = [UInt8](repeating: 0, count: count * n)
        rgba.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for (k, channel) in keep.enumerated() {
                    var s = channel, d = k
                    for _ in 0..<count {
                        dst[d] = src[s]
                        s += 4
                        d += n
                    }
                }
            }
        }
        return out
    }
}
