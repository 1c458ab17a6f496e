import SignetRaster

/// The score a budget fit ranks its candidates by: SSIM over JPEG's three planes Y, Cb and Cr
/// (`SSIMChannel`, each exactly as `SSIM` defines it), mixed 0.8 · Y + 0.1 · Cb + 0.1 · Cr.
///
/// Why these weights: they are the ones Wang, Lu and Bovik give for SSIM over YCbCr (“Video
/// quality assessment based on structural distortion measurement”, 2004), and they keep luma —
/// where the eye sees detail and where luma-only SSIM already ranked sizes well — in charge, while
/// chroma that JPEG at a very low quality smears into blocks and halos (a 0.5 chroma SSIM, common
/// there) costs 0.1 per plane: more than any size step changes luma on the images measured, so a
/// blocky full-size JPEG loses to a smaller clean one. A gray image compared with a gray image
/// has chroma SSIM exactly 1 (both planes are 128 everywhere), so its score is 0.8 · Y + 0.2 and
/// ranks its candidates as luma SSIM does; the chroma planes are then not computed.
///
/// Alpha: the images compared are opaque — a transparent image is flattened onto the budget's
/// background first, as it will be shown on a page — so see-through pixels count by what shows.
struct ColorSSIM: Sendable {
    static let lumaWeight = 0.8
    static let chromaWeight = 0.1

    /// Luma SSIM alone (what `BudgetResult.ssim` reports).
    let luma: SSIMScore
    /// The weighted mix, with its row sums when luma has them.
    let color: SSIMScore

    /// `luma` mixed with the chroma planes' scores; nil chroma means a perfect (1) score.
    init(luma: SSIMScore, blue: SSIMScore?, red: SSIMScore?) {
        self.luma = luma
        let (wy, wc) = (Self.lumaWeight, Self.chromaWeight)
        let mean = wy * luma.mean + wc * (blue?.mean ?? 1) + wc * (red?.mean ?? 1)
        guard let rows = luma.rows else {
            color = SSIMScore(mean)
            return
        }
        let perfect = Double(rows.columns)
        let mixed = rows.rows.indices.map { y -> Double in
            guard rows.bands.contains(where: { $0.contains(y) }) else { return 0 }
            return wy * rows.rows[y] + wc * (blue?.rows?.rows[y] ?? perfect) + wc * (red?.rows?.rows[y] ?? perfect)
        }
        color = SSIMScore(mean, rows: SSIMRowSums(rows: mixed, columns: rows.columns, bands: rows.bands))
    }

    /// `a` against `b`, of one size.
    static func score(_ a: Bitmap, _ b: Bitmap) -> ColorSSIM {
        let luma = SSIM.score(a, b, .luma)
        guard !(a.isGray && b.isGray) else { return ColorSSIM(luma: luma, blue: nil, red: nil) }
        return ColorSSIM(luma: luma, blue: SSIM.score(a, b, .blueDifference), red: SSIM.score(a, b, .redDifference))
    }

    /// `result` against `original` at the original's size (see `SSIM.atOriginalSize`).
    static func atOriginalSize(_ result: Bitmap, original: Bitmap) -> ColorSSIM {
        let luma = SSIM.atOriginalSizeScore(result, original: original, .luma)
        guard !(original.isGray && result.isGray) else { return ColorSSIM(luma: luma, blue: nil, red: nil) }
        return ColorSSIM(
            luma: luma, blue: SSIM.atOriginalSizeScore(result, original: original, .blueDifference),
            red: SSIM.atOriginalSizeScore(result, original: original, .redDifference))
    }
}
