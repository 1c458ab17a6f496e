import SignetRaster

/// What an RGBA image needs to be stored losslessly: opacity, grayness and (up to 256) its colours.
struct ColorCensus {
    var isOpaque = true
    var isGray = true
    /// The distinct RGBA colours, or `nil` when there are more than 256.
    var colors: ColorTable?

    init(_ bitmap: Bitmap) {
        var table: ColorTable? = ColorTable()
        var opaque = true, gray = true
        bitmap.pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            // Each run of one colour is looked at once (most of a signature is one transparent run).
            var i = 0
            while i < words.count {
                let word = words[i]
                let p = RGBA(word)
                if p.a != 255 { opaque = false }
                if p.r != p.g || p.g != p.b { gray = false }
                if table != nil, !table!.insert(word) { table = nil }
                i = PixelRuns.end(in: words, from: i)
            }
        }
        (isOpaque, isGray, colors) = (opaque, gray, table)
    }
}

/// A pixel's R, G, B, A bytes, from the word they form when loaded from memory.
struct RGBA {
    let r, g, b, a: UInt8

    init(_ word: UInt32) {
        let w = UInt32(littleEndian: word)
        (r, g, b, a) = (
            UInt8(truncatingIfNeeded: w), UInt8(truncatingIfNeeded: w >> 8),
            UInt8(truncatingIfNeeded: w >> 16), UInt8(truncatingIfNeeded: w >> 24)
        )
    }
}

/// A small open-addressing set of pixel words (at most 256) that can then map each word to
/// its palette index. One 64-bit entry per slot: 0 when free, else a used bit, the index and
/// the word, so a look-up touches one array.
struct ColorTable {
    private static let slots = 1024
    private static let usedBit: UInt64 = 1 << 40
    private var entries = [UInt64](repeating: 0, count: ColorTable.slots)
    private(set) var words: [UInt32] = []

    var count: Int { words.count }

    private func slot(_ word: UInt32) -> Int {
        var i = Int((word &* 0x9E37_79B1) >> 22)
        while entries[i] != 0 && UInt32(truncatingIfNeeded: entries[i]) != word { i = (i + 1) & (ColorTable.slots - 1) }
        return i
    }

    /// Adds `word`; false when that would make more than 256 colours.
    mutating func insert(_ word: UInt32) -> Bool {
        let i = slot(word)
        if entries[i] != 0 { return true }
        guard words.count < 256 else { return false }
        entries[i] = ColorTable.usedBit | UInt64(word)
        words.append(word)
        return true
    }

    /// Sets the palette index of each colour (the position of its word in `order`).
    mutating func assign(_ order: [UInt32]) {
        for (index, word) in order.enumerated() {
            entries[slot(word)] = ColorTable.usedBit | UInt64(index) << 32 | UInt64(word)
        }
    }

    /// The palette index of a colour that was inserted.
    func index(of word: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: entries[slot(word)] >> 32) }
}
