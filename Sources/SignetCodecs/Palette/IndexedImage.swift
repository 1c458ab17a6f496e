import SignetRaster

/// An image as palette indices, one byte per pixel, and its palette (straight RGBA): what
/// `PaletteQuantizer` makes and a palette PNG stores.
struct IndexedImage: Sendable {
    let width: Int
    let height: Int
    let palette: [RGBA]
    let indices: [UInt8]

    /// The image as RGBA: each index replaced by its entry.
    var bitmap: Bitmap {
        var pixels = [UInt8](repeating: 0, count: indices.count * 4)
        for (i, index) in indices.enumerated() {
            let entry = palette[Int(index)]
            pixels[4 * i] = entry.r
            pixels[4 * i + 1] = entry.g
            pixels[4 * i + 2] = entry.b
            pixels[4 * i + 3] = entry.a
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// An indexed PNG (PLTE, and tRNS for the entries that are not opaque) at the smallest bit
    /// depth that holds the palette (1, 2, 4 or 8), written by libpng with `options`' compression.
    /// The entries are ordered by alpha, the translucent first, so tRNS lists only those.
    func png(options: PNGOptions, dpi: Double?) throws -> [UInt8] {
        let order = palette.indices.sorted { palette[$0].a != palette[$1].a ? palette[$0].a < palette[$1].a : $0 < $1 }
        var rank = [UInt8](repeating: 0, count: palette.count)
        for (position, index) in order.enumerated() { rank[index] = UInt8(position) }
        let sorted = order.map { palette[$0] }
        let count = palette.count
        let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        return try LibPNG.encode(
            packed(rank, depth: depth), width: width, height: height, type: .palette, options: options, dpi: dpi,
            palette: sorted.flatMap { [$0.r, $0.g, $0.b] }, alphas: sorted.filter { $0.a != 255 }.map(\.a),
            bitDepth: depth)
    }

    /// Each row's indices, renumbered by `rank`, packed `depth` bits each, first pixel in the high bits.
    private func packed(_ rank: [UInt8], depth: Int) -> [UInt8] {
        let perByte = 8 / depth
        let rowBytes = (width + perByte - 1) / perByte
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                let value = rank[Int(indices[y * width + x])]
                out[y * rowBytes + x / perByte] |= value << UInt8((perByte - 1 - x % perByte) * depth)
            }
        }
        return out
    }
}

extension RGBA {
    /// The four bytes.
    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }
}
