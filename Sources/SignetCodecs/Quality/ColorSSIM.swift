import SignetRaster

/// The score a budget fit ranks its candidates by: SSIM over JPEG's three planes Y, Cb and Cr
/// (`SSIMChannel`, each with `SSIM`'s window and constants), mixed 0.8 · Y + 0.1 · Cb + 0.1 · Cr.
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
/// Chroma at half resolution: luma is compared at full size, but Cb and Cr of both images are
/// first averaged over 2×2 blocks (the last odd row and column left out) and compared at that
/// size (`SSIM.halvedScore`) — the resolution at which every JPEG candidate stores chroma
/// (4:2:0), so what the JPEG lost there is what is measured, at a quarter of the cost. A palette
/// PNG keeps full-resolution chroma: its colour shifts are measured, detail finer than two pixels
/// in chroma alone is not (luma carries such detail in the images compared). Images under 22
/// pixels on a side compare chroma at full size.
///
/// Alpha: the images compared are opaque — a transparent image is flattened onto the budget's
/// background first, as it will be shown on a page — so see-through pixels count by what shows.
struct ColorSSIM: Sendable {
    static let lumaWeight = 0.8
    static let chromaWeight = 0.1

    /// Luma SSIM alone (what `BudgetResult.ssim` reports).
    let luma: SSIMScore
    /// The weighted mix.
    let color: Mix

    /// The three planes' scores mixed; its mean over a sample mixes each plane's mean over the
    /// sample's rows for that plane (`SSIMSample.chroma` for the chroma planes).
    struct Mix: Sendable {
        let luma: SSIMScore
        /// nil: a perfect (1) score.
        let blue: SSIMScore?
        let red: SSIMScore?

        var mean: Double {
            ColorSSIM.lumaWeight * luma.mean + ColorSSIM.chromaWeight * ((blue?.mean ?? 1) + (red?.mean ?? 1))
        }

        /// The mean over `sample`'s rows; nil without a sample or row sums.
        func mean(over sample: SSIMSample?) -> Double? {
            guard let sample, let y = luma.rows?.mean(over: sample.bands) else { return nil }
            let chroma = [blue, red].map { plane -> Double? in
                guard let plane else { return 1 }
                return plane.rows?.mean(over: sample.chroma)
            }
            guard let cb = chroma[0], let cr = chroma[1] else { return nil }
            return ColorSSIM.lumaWeight * y + ColorSSIM.chromaWeight * (cb + cr)
        }
    }

    /// `luma` mixed with the chroma planes' scores; nil chroma means a perfect (1) score.
    init(luma: SSIMScore, blue: SSIMScore?, red: SSIMScore?) {
        self.luma = luma
        color = Mix(luma: luma, blue: blue, red: red)
    }

    /// The chroma planes, both nil for two gray images, from `score(channel)`.
    private static func chroma(
        gray: Bool, _ score: (SSIMChannel) -> SSIMScore
    ) -> (blue: SSIMScore?, red: SSIMScore?) {
        gray ? (nil, nil) : (score(.blueDifference), score(.redDifference))
    }

    /// `a` against `b`, of one size.
    static func score(_ a: Bitmap, _ b: Bitmap) -> ColorSSIM {
        let luma = SSIM.score(a, b, .luma)
        let (blue, red) = chroma(gray: a.isGray && b.isGray) { channel in
            guard SSIM.halvesChroma(width: a.width, height: a.height) else { return SSIM.score(a, b, channel) }
            return a.pixels.withUnsafeBufferPointer { ap in
                b.pixels.withUnsafeBufferPointer { bp in
                    SSIM.halvedScore(.rgba(ap.baseAddress!, bp.baseAddress!, channel), width: a.width, height: a.height)
                }
            }
        }
        return ColorSSIM(luma: luma, blue: blue, red: red)
    }

    /// `result` against `original` at the original's size (see `SSIM.atOriginalSize`).
    static func atOriginalSize(_ result: Bitmap, original: Bitmap) -> ColorSSIM {
        if result.width == original.width && result.height == original.height { return score(original, result) }
        let luma = SSIM.atOriginalSizeScore(result, original: original, .luma)
        let (blue, red) = chroma(gray: original.isGray && result.isGray) { channel in
            guard SSIM.halvesChroma(width: original.width, height: original.height) else {
                return SSIM.atOriginalSizeScore(result, original: original, channel)
            }
            let upscaled = PlaneUpscale(result, channel, toWidth: original.width, height: original.height)
            return original.pixels.withUnsafeBufferPointer {
                SSIM.halvedScore(.upscaled($0.baseAddress!, upscaled), width: original.width, height: original.height)
            }
        }
        return ColorSSIM(luma: luma, blue: blue, red: red)
    }
}
