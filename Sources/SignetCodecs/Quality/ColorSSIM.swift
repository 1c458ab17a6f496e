import SignetRaster

/// The score a budget fit ranks its candidates by: SSIM over JPEG's three planes Y, Cb and Cr
/// (`SSIMChannel`, each with `SSIM`'s window and constants), mixed 0.8 · Y + 0.1 · Cb + 0.1 · Cr,
/// less `ColorDifference.weight` (0.01) times the mean colour difference ΔE in CIELAB
/// (`ColorDifference`), which sees the hue and chroma shifts that SSIM's relative mean term
/// misses.
///
/// Why these weights: they are the ones Wang, Lu and Bovik give for SSIM over YCbCr (“Video
/// quality assessment based on structural distortion measurement”, 2004), and they keep luma —
/// where the eye sees detail and where luma-only SSIM already ranked sizes well — in charge, while
/// chroma that JPEG at a very low quality smears into blocks and halos (a 0.5 chroma SSIM, common
/// there) costs 0.1 per plane: more than any size step changes luma on the images measured, so a
/// blocky full-size JPEG loses to a smaller clean one. A gray image compared with a gray image
/// has chroma SSIM exactly 1 (both planes are 128 everywhere), so its score is 0.8 · Y + 0.2 and
/// ranks its candidates as luma SSIM does; the chroma planes and ΔE are then not computed.
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

    /// The three planes' scores mixed, less the colour difference's; its mean over a sample mixes
    /// each plane's mean over the sample's rows for that plane (`SSIMSample.chroma` for the chroma
    /// planes and ΔE).
    struct Mix: Sendable {
        let luma: SSIMScore
        /// nil: a perfect (1) score.
        let blue: SSIMScore?
        let red: SSIMScore?
        /// The mean ΔE (`ColorDifference`); nil: none (two gray images).
        let difference: SSIMScore?

        var mean: Double {
            ColorSSIM.lumaWeight * luma.mean + ColorSSIM.chromaWeight * ((blue?.mean ?? 1) + (red?.mean ?? 1))
                - ColorDifference.weight * (difference?.mean ?? 0)
        }

        /// The mean over `sample`'s rows; nil without a sample or row sums.
        func mean(over sample: SSIMSample?) -> Double? {
            guard let sample, let y = luma.rows?.mean(over: sample.bands) else { return nil }
            // A plane not compared: SSIM 1, ΔE 0.
            let chroma = [(blue, 1.0), (red, 1.0), (difference, 0.0)].map { plane, none -> Double? in
                guard let plane else { return none }
                return plane.rows?.mean(over: sample.chroma)
            }
            guard let cb = chroma[0], let cr = chroma[1], let delta = chroma[2] else { return nil }
            return ColorSSIM.lumaWeight * y + ColorSSIM.chromaWeight * (cb + cr) - ColorDifference.weight * delta
        }
    }

    /// `luma` mixed with the chroma planes' scores and ΔE; nil chroma means a perfect (1) score,
    /// nil `difference` none.
    init(luma: SSIMScore, blue: SSIMScore?, red: SSIMScore?, difference: SSIMScore?) {
        self.luma = luma
        color = Mix(luma: luma, blue: blue, red: red, difference: difference)
    }

    /// `a` against `b`, of one size; `reference`, when given, holds `a` in CIELAB (`LabReference`).
    static func score(_ a: Bitmap, _ b: Bitmap, reference: LabReference? = nil) -> ColorSSIM {
        let luma = SSIM.score(a, b, .luma)
        if a.isGray && b.isGray { return ColorSSIM(luma: luma, blue: nil, red: nil, difference: nil) }
        let halves = SSIM.halvesChroma(width: a.width, height: a.height)
        return a.pixels.withUnsafeBufferPointer { ap in
            b.pixels.withUnsafeBufferPointer { bp in
                let input = { SSIMInput.rgba(ap.baseAddress!, bp.baseAddress!, $0) }
                let chroma = { (channel: SSIMChannel) in
                    halves
                        ? SSIM.halvedScore(input(channel), width: a.width, height: a.height)
                        : SSIM.score(a, b, channel)
                }
                let (blue, red) = (chroma(.blueDifference), chroma(.redDifference))
                let difference = ColorDifference.score(
                    width: a.width, height: a.height, halves: halves, reference: reference, input)
                return ColorSSIM(luma: luma, blue: blue, red: red, difference: difference)
            }
        }
    }

    /// `result` against `original` at the original's size (see `SSIM.atOriginalSize`);
    /// `reference`, when given, holds `original` in CIELAB (`LabReference`).
    static func atOriginalSize(_ result: Bitmap, original: Bitmap, reference: LabReference? = nil) -> ColorSSIM {
        if result.width == original.width && result.height == original.height {
            return score(original, result, reference: reference)
        }
        let (width, height) = (original.width, original.height)
        guard width > 2 * SSIM.radius, height > 2 * SSIM.radius else {
            return score(original, result.upscaled(toWidth: width, height: height), reference: reference)
        }
        let gray = original.isGray && result.isGray
        let planes: [SSIMChannel] = gray ? [.luma] : SSIMChannel.allCases
        let upscaled = PlaneUpscale.planes(result, planes, toWidth: width, height: height)
        let luma = SSIM.upscaledScore(upscaled[0], original: original, bands: [SSIM.radius..<(height - SSIM.radius)])
        if gray { return ColorSSIM(luma: luma, blue: nil, red: nil, difference: nil) }
        let halves = SSIM.halvesChroma(width: width, height: height)
        return original.pixels.withUnsafeBufferPointer { op in
            // upscaled holds the planes in SSIMChannel.allCases' order.
            let input = { (channel: SSIMChannel) in
                SSIMInput.upscaled(op.baseAddress!, upscaled[SSIMChannel.allCases.firstIndex(of: channel)!])
            }
            let chroma = { (plane: PlaneUpscale) in
                halves
                    ? SSIM.halvedScore(.upscaled(op.baseAddress!, plane), width: width, height: height)
                    : SSIM.upscaledScore(plane, original: original, bands: [SSIM.radius..<(height - SSIM.radius)])
            }
            let (blue, red) = (chroma(upscaled[1]), chroma(upscaled[2]))
            let difference = ColorDifference.score(
                width: width, height: height, halves: halves, reference: reference, input)
            return ColorSSIM(luma: luma, blue: blue, red: red, difference: difference)
        }
    }
}
