/// Runs of equal pixels: most of a rendered signature is one long run of transparency, so the
/// encoder's passes over an image step from one run to the next.
enum PixelRuns {
    /// The end of the run of pixels equal to `words[start]` (the first index after it).
    @inline(__always)
    static func end(in words: UnsafeBufferPointer<UInt32>, from start: Int) -> Int {
        let word = words[start]
        var i = start + 1
        // Eight pixels at a time while they all match, then one by one.
        if let base = words.baseAddress {
            let raw = UnsafeRawPointer(base)
            let same = SIMD8<UInt32>(repeating: word)
            while i + 8 <= words.count, all(raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<UInt32>.self) .== same) {
                i += 8
            }
        }
        while i < words.count, words[i] == word { i += 1 }
        return i
    }
}
