/// SSIM of a plane at half resolution: how `ColorSSIM` compares chroma.
extension SSIM {
    /// Whether an image `width` × `height` compares its chroma at half resolution: when the
    /// halved plane still holds the Gaussian window.
    static func halvesChroma(width: Int, height: Int) -> Bool {
        width / 2 > 2 * radius && height / 2 > 2 * radius
    }

    /// The SSIM of `input`'s plane (images `width` × `height`, `halvesChroma`) averaged over
    /// 2×2 blocks on both sides, over the output rows `bands` of the halved image (all of them
    /// when nil), with the map's row sums indexed by halved row.
    static func halvedScore(_ input: SSIMInput, width: Int, height: Int, bands: [Range<Int>]? = nil) -> SSIMScore {
        precondition(halvesChroma(width: width, height: height), "halved plane too small for the window")
        let (w, h) = (width / 2, height / 2)
        let rows = rowSums(
            .halved(input, fullWidth: width), width: w, height: h, bands: bands ?? [radius..<(h - radius)])
        return SSIMScore(rows.mean, rows: rows)
    }
}
