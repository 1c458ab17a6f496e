import SignetRaster

/// Reduces an RGBA image to a palette of at most 256 colours, alpha included, for a lossy palette
/// PNG: median cut, then a few k-means rounds, over a histogram of the image in premultiplied RGBA.
///
/// Premultiplied, so that every fully transparent pixel is one colour whatever RGB it hides, and
/// a faint edge pixel counts by what it adds to the page, not by its hidden colour. The histogram
/// has a bin per premultiplied colour (8 bits a channel) while there are at most `exactBins` of
/// them — ink, seals and logos have a few thousand — so no two colours share an entry unless the
/// palette merges them; an image of more colours (a photo) is binned again by 5 bits of each
/// colour channel and 34 alpha classes (0, 255 and 32 in between), so opaque and fully
/// transparent pixels never share a bin with translucent ones. Each bin keeps its exact sums, so
/// the palette's means are exact: one or two passes over the pixels, then all the work is on the
/// bins. No dithering: ink on a page has few
/// colours and flat areas, where dithering noise costs bytes and looks like grain.
///
/// Built once per image; `quantize(colors:)` for each palette size tried.
struct PaletteQuantizer {
    /// Occupied bins: pixel counts and premultiplied channel means (R, G, B, A, 0…255).
    private var counts: [Double] = []
    private var means: [SIMD4<Float>] = []
    /// The bin of each key (see `key`).
    private let slots: [Int: Int32]
    /// Whether the bins are exact colours (else 5 bits a channel).
    private let exact: Bool
    private let image: Bitmap

    /// k-means rounds after median cut.
    static let refinements = 3
    private static let alphaClasses = 34
    /// The most exact colours binned one by one.
    static let exactBins = 1 << 15

    init(_ image: Bitmap) {
        self.image = image
        let binned = Self.histogram(image, exact: true) ?? Self.histogram(image, exact: false)!
        (slots, counts, exact) = (binned.slots, binned.counts, binned.exact)
        means = zip(binned.sums, counts).map { SIMD4<Float>($0 / $1) }
    }

    /// One pass over the pixels: each bin's key, pixel count and premultiplied sums; nil (exact
    /// bins only) past `exactBins` bins.
    private static func histogram(
        _ image: Bitmap, exact: Bool
    ) -> (slots: [Int: Int32], counts: [Double], sums: [SIMD4<Double>], exact: Bool)? {
        var overflow = false
        var slots: [Int: Int32] = [:]
        var sums: [SIMD4<Double>] = []
        var counts: [Double] = []
        image.pixels.withUnsafeBufferPointer { px in
            for i in 0..<image.pixelCount {
                let p = premultiplied(px, i)
                let key = key(p, exact: exact)
                var slot: Int
                if let known = slots[key] {
                    slot = Int(known)
                } else {
                    if exact && counts.count == exactBins {
                        overflow = true
                        break
                    }
                    slot = counts.count
                    slots[key] = Int32(slot)
                    counts.append(0)
                    sums.append(.zero)
                }
                counts[slot] += 1
                sums[slot] += SIMD4<Double>(p)
            }
        }
        return overflow ? nil : (slots, counts, sums, exact)
    }

    /// Pixel `i` premultiplied, 0…255 per channel.
    private static func premultiplied(_ px: UnsafeBufferPointer<UInt8>, _ i: Int) -> SIMD4<Float> {
        let a = Float(px[4 * i + 3])
        let scale = a / 255
        return SIMD4(Float(px[4 * i]) * scale, Float(px[4 * i + 1]) * scale, Float(px[4 * i + 2]) * scale, a)
    }

    /// The histogram bin of a premultiplied colour; fully transparent pixels are key 0 either way.
    private static func key(_ p: SIMD4<Float>, exact: Bool) -> Int {
        if exact { return ((Int(p.x) << 8 | Int(p.y)) << 8 | Int(p.z)) << 8 | Int(p.w) }
        let a = Int(p.w)
        let alpha = a == 0 ? 0 : a == 255 ? alphaClasses - 1 : 1 + (a >> 3)
        let (r, g, b) = (Int(p.x) >> 3, Int(p.y) >> 3, Int(p.z) >> 3)
        return ((r * 32 + g) * 32 + b) * alphaClasses + alpha
    }

    /// The image in at most `colors` (2…256) palette entries.
    func quantize(colors: Int) -> IndexedImage {
        precondition((2...256).contains(colors), "a PNG palette holds 2 to 256 colours")
        // Fully transparent pixels (premultiplied: all zero, the bin of key 0) keep an entry of
        // their own, so the page around the ink never turns faintly tinted.
        let clear = slots[0].map(Int.init)
        let ink = means.indices.filter { $0 != clear }
        var palette = MedianCut.split(
            means: ink.map { means[$0] }, counts: ink.map { counts[$0] }, into: colors - (clear == nil ? 0 : 1))
        var nearest = [Int](repeating: 0, count: means.count)
        for round in 0...Self.refinements {
            for bin in ink { nearest[bin] = Self.nearest(means[bin], in: palette) }
            guard round < Self.refinements else { break }
            palette = Self.centroids(palette, ink, nearest, means, counts)
        }
        if let clear {
            nearest[clear] = palette.count
            palette.append(.zero)
        }
        let (entries, merged) = Self.distinct(palette.map(Self.straight))
        var indices = [UInt8](repeating: 0, count: image.pixelCount)
        image.pixels.withUnsafeBufferPointer { px in
            for i in 0..<image.pixelCount {
                indices[i] = merged[nearest[Int(slots[Self.key(Self.premultiplied(px, i), exact: exact)]!)]]
            }
        }
        return IndexedImage(width: image.width, height: image.height, palette: entries, indices: indices)
    }

    /// `entries` with each colour once, and the index in that list of each entry.
    ///
    /// Means that differ can be written as the same bytes: a box of nearly solid pixels and one of
    /// solid pixels both snap to alpha 255 (`alphaSnap`), a faint edge box snaps to the clear
    /// entry, and means a fraction apart round alike. Kept apart, the pixels of one colour would
    /// be split at random between two indices — noise that deflate pays for (about an eighth of
    /// a signature's palette PNG) — and the entry would be spent on nothing; merged, a budget's
    /// colour search asks for more colours instead.
    static func distinct(_ entries: [RGBA]) -> (entries: [RGBA], index: [UInt8]) {
        var kept: [RGBA] = [], position: [UInt32: UInt8] = [:]
        let index = entries.map { entry -> UInt8 in
            let word = UInt32(entry.r) << 24 | UInt32(entry.g) << 16 | UInt32(entry.b) << 8 | UInt32(entry.a)
            if let known = position[word] { return known }
            position[word] = UInt8(kept.count)
            kept.append(entry)
            return UInt8(kept.count - 1)
        }
        return (kept, index)
    }

    /// The palette entry closest to `color` (squared distance in premultiplied RGBA).
    private static func nearest(_ color: SIMD4<Float>, in palette: [SIMD4<Float>]) -> Int {
        var best = 0, distance = Float.infinity
        for (index, entry) in palette.enumerated() {
            let d = color - entry
            let squared = (d * d).sum()
            if squared < distance { (best, distance) = (index, squared) }
        }
        return best
    }

    /// Each entry moved to the weighted mean of the `bins` nearest to it (kept when none is).
    private static func centroids(
        _ palette: [SIMD4<Float>], _ bins: [Int], _ nearest: [Int], _ means: [SIMD4<Float>], _ counts: [Double]
    ) -> [SIMD4<Float>] {
        var sums = [SIMD4<Double>](repeating: .zero, count: palette.count)
        var weights = [Double](repeating: 0, count: palette.count)
        for bin in bins {
            sums[nearest[bin]] += SIMD4<Double>(means[bin]) * counts[bin]
            weights[nearest[bin]] += counts[bin]
        }
        return palette.indices.map { weights[$0] > 0 ? SIMD4<Float>(sums[$0] / weights[$0]) : palette[$0] }
    }

    /// Alpha this close to 0 or 255 is snapped to it: an entry that merged solid (or empty)
    /// pixels with a few nearly solid ones keeps the solid ones solid, not faintly see-through.
    static let alphaSnap: Float = 8

    /// A premultiplied mean as straight RGBA bytes.
    private static func straight(_ p: SIMD4<Float>) -> RGBA {
        guard p.w > alphaSnap else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let a = p.w >= 255 - alphaSnap ? 255 : p.w.rounded()
        // The colour is the mean's own (divided by its own alpha), whatever alpha is written.
        let channel = { (v: Float) in UInt8(min(max((v * 255 / p.w).rounded(), 0), 255)) }
        return RGBA(r: channel(p.x), g: channel(p.y), b: channel(p.z), a: UInt8(a))
    }
}
