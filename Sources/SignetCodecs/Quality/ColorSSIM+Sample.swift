import SignetRaster

/// The score over a row sample (`SSIMSample`) instead of every row: how a ladder step is
/// estimated before it is searched, and how a large image's candidates are scored
/// (`SSIMSample.scoresCandidates`).
extension ColorSSIM {
    /// `rows` (ascending) of an image `sourceHeight` rows high — a candidate at its own size,
    /// at most the original's, as decoded — stacked in `strip`, scored against `original` over
    /// `sample`'s bands: upscaled back first when smaller, as `atOriginalSize` does. The rows
    /// must hold all that the bands read (`JPEGBudgetFit.rowsRead`). Luma alone when `gray`;
    /// `reference`, when given, holds `original` in CIELAB (`LabReference`).
    static func overSample(
        _ strip: Bitmap, rows: [Int], sourceHeight: Int, original: Bitmap, sample: SSIMSample, gray: Bool,
        reference: LabReference? = nil
    ) -> ColorSSIM {
        guard strip.width != original.width || sourceHeight != original.height else {
            return sameSize(original, strip, rows: rows, sample: sample, gray: gray, reference: reference)
        }
        let planes: [SSIMChannel] = gray ? [.luma] : SSIMChannel.allCases
        let halves = SSIM.halvesChroma(width: original.width, height: original.height)
        let upscaled = PlaneUpscale.planes(
            strip, planes, present: rows, sourceHeight: sourceHeight, toWidth: original.width, height: original.height)
        let scores = upscaled.map { plane in
            guard plane.channel != .luma, halves else {
                return SSIM.upscaledScore(
                    plane, original: original, bands: plane.channel == .luma ? sample.bands : sample.chroma)
            }
            return original.pixels.withUnsafeBufferPointer {
                SSIM.halvedScore(
                    .upscaled($0.baseAddress!, plane), width: original.width, height: original.height,
                    bands: sample.chroma)
            }
        }
        if gray { return ColorSSIM(luma: scores[0], blue: nil, red: nil, difference: nil) }
        let difference = original.pixels.withUnsafeBufferPointer { op in
            ColorDifference.score(
                width: original.width, height: original.height, halves: halves, bands: sample.chroma,
                reference: reference
            ) { channel in .upscaled(op.baseAddress!, upscaled.first { $0.channel == channel }!) }
        }
        return ColorSSIM(luma: scores[0], blue: scores[1], red: scores[2], difference: difference)
    }

    /// `a` against the image of its size whose rows `rows` (ascending, every row the bands read)
    /// are stacked in `strip`, over `sample`'s bands.
    private static func sameSize(
        _ a: Bitmap, _ strip: Bitmap, rows: [Int], sample: SSIMSample, gray: Bool, reference: LabReference?
    ) -> ColorSSIM {
        let halves = SSIM.halvesChroma(width: a.width, height: a.height)
        let planes: [SSIMChannel] = gray ? [.luma] : SSIMChannel.allCases
        var slots = [Int](repeating: -1, count: a.height)
        for (slot, row) in rows.enumerated() { slots[row] = slot }
        return a.pixels.withUnsafeBufferPointer { ap in
            strip.pixels.withUnsafeBufferPointer { bp in
                slots.withUnsafeBufferPointer { sp in
                    let input = { SSIMInput.rgbaRows(ap.baseAddress!, bp.baseAddress!, slots: sp.baseAddress!, $0) }
                    let scores = planes.map { channel in
                        guard channel != .luma, halves else {
                            let bands = channel == .luma ? sample.bands : sample.chroma
                            let rows = SSIM.rowSums(input(channel), width: a.width, height: a.height, bands: bands)
                            return SSIMScore(rows.mean, rows: rows)
                        }
                        return SSIM.halvedScore(input(channel), width: a.width, height: a.height, bands: sample.chroma)
                    }
                    if gray { return ColorSSIM(luma: scores[0], blue: nil, red: nil, difference: nil) }
                    let difference = ColorDifference.score(
                        width: a.width, height: a.height, halves: halves, bands: sample.chroma,
                        reference: reference, input)
                    return ColorSSIM(luma: scores[0], blue: scores[1], red: scores[2], difference: difference)
                }
            }
        }
    }
}
