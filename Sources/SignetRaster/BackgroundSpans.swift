/// Where the rows of an image differ from one background value, in chunks of `chunk` columns: bit
/// `c` of a row's mask is set when a value of columns `c·chunk ..< (c + 1)·chunk` is not the
/// background. The values are 4 bytes each, compared bit for bit: RGBA pixels, or a plane of
/// floats. A signature is mostly background, and a separable filter gives the same value wherever
/// its taps read background alone, so resampling works only near the set chunks.
package struct BackgroundSpans: Sendable {
    static let chunk = 32
    /// The reference value, as its four bytes: the first value of the first row asked for.
    package let background: UInt32
    let width: Int
    /// 64-bit words per row.
    let words: Int
    private let masks: [UInt64]

    /// The masks of the rows of `values` (`width` 4-byte values a row) where `rows` is true; the
    /// others are left clear and must not be read.
    package init(_ values: UnsafeRawPointer, width: Int, rows: [Bool]) {
        let chunks = (width + Self.chunk - 1) / Self.chunk
        let words = (chunks + 63) / 64
        var masks = [UInt64](repeating: 0, count: words * rows.count)
        let image = values.assumingMemoryBound(to: UInt32.self)
        let background = width > 0 ? rows.firstIndex(of: true).map { image[$0 * width] } ?? 0 : 0
        for y in rows.indices where rows[y] {
            let row = image + y * width
            for c in 0..<chunks {
                // Every value of the chunk compared, without stopping early, so the loop is vectorized.
                var differs: UInt32 = 0
                for x in (c * Self.chunk)..<min((c + 1) * Self.chunk, width) { differs |= row[x] ^ background }
                if differs != 0 { masks[y * words + c / 64] |= 1 << UInt64(c % 64) }
            }
        }
        (self.background, self.width, self.words, self.masks) = (background, width, words, masks)
    }

    /// The column ranges (ascending, apart) of rows `first..<first + count` that hold a value
    /// other than the background, to chunk precision.
    package func ink(_ first: Int, count: Int = 1) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: Int?
        for w in 0..<words {
            var mask: UInt64 = 0
            for y in first..<(first + count) { mask |= masks[y * words + w] }
            for bit in 0..<64 {
                let set = mask & (1 << UInt64(bit)) != 0
                let column = (w * 64 + bit) * Self.chunk
                if set, open == nil { open = column }
                if !set, let start = open {
                    ranges.append(start..<min(column, width))
                    open = nil
                }
            }
        }
        if let start = open { ranges.append(start..<width) }
        return ranges
    }
}
