import SignetRaster

/// The score over a row sample (`SSIMSample`) instead of every row: how a ladder step is
/// estimated before it is searched, and how a large image's candidates are scored
/// (`SSIMSample.scoresCandidates`).
extension ColorSSIM {
    /// `rows` (ascending) of an image `sourceHeight` rows high — a candidate at its own size,
    /// at most the original's, as decoded — stacked in `strip`, scored against `original` over
    /// `sample`'s bands: upscaled back first when smaller, as `atOriginalSize` does. The rows
    /// must hold all that the bands read (`JPEGBudgetFit.rowsRead`). Luma alone when `gray`.
    static func overSample(
        _ strip: Bitmap, rows: [Int], sourceHeight: Int, original: Bitmap, sample: SSIMSample, gray: Bool
    ) -> ColorSSIM {
        let planes: [SSIMChannel] = gray ? [.luma] : SSIMChannel.allCases
        let halves = SSIM.halvesChroma(width: original.width, height: original.height)
        let scores = planes.map { channel in
            let upscaled = PlaneUpscale(
                strip, channel, present: rows, sourceHeight: sourceHeight, toWidth: original.width,
                height: original.height)
            guard channel != .luma, halves else {
                return SSIM.upscaledScore(
                    upscaled, original: original, bands: channel == .luma ? sample.bands : sample.chroma)
            }
            return original.pixels.withUnsafeBufferPointer {
                SSIM.halvedScore(
                    .upscaled($0.baseAddress!, upscaled), width: original.width, height: original.height,
                    bands: sample.chroma)
            }
        }
        return ColorSSIM(luma: scores[0], blue: gray ? nil : scores[1], red: gray ? nil : scores[2])
    }

    /// `decoded`, a candidate at its own size (at most `original`'s), scored over `sample`'s
    /// bands; luma alone when `gray`.
    static func overSample(_ decoded: Bitmap, original: Bitmap, sample: SSIMSample, gray: Bool) -> ColorSSIM {
        guard decoded.width != original.width || decoded.height != original.height else {
            return sameSize(original, decoded, sample: sample, gray: gray)
        }
        let rows = JPEGBudgetFit.rowsRead(by: sample, height: decoded.height, upscaledTo: original.height)
        let rowBytes = decoded.width * 4
        let strip = Bitmap(
            width: decoded.width, height: rows.count,
            pixels: rows.flatMap { decoded.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] })
        return overSample(
            strip, rows: rows, sourceHeight: decoded.height, original: original, sample: sample, gray: gray)
    }

    /// `a` against `b` of one size over `sample`'s bands.
    private static func sameSize(_ a: Bitmap, _ b: Bitmap, sample: SSIMSample, gray: Bool) -> ColorSSIM {
        let halves = SSIM.halvesChroma(width: a.width, height: a.height)
        let planes: [SSIMChannel] = gray ? [.luma] : SSIMChannel.allCases
        let scores = a.pixels.withUnsafeBufferPointer { ap in
            b.pixels.withUnsafeBufferPointer { bp in
                planes.map { channel in
                    let input = SSIMInput.rgba(ap.baseAddress!, bp.baseAddress!, channel)
                    guard channel != .luma, halves else {
                        let bands = channel == .luma ? sample.bands : sample.chroma
                        let rows = SSIM.rowSums(input, width: a.width, height: a.height, bands: bands)
                        return SSIMScore(rows.mean, rows: rows)
                    }
                    return SSIM.halvedScore(input, width: a.width, height: a.height, bands: sample.chroma)
                }
            }
        }
        return ColorSSIM(luma: scores[0], blue: gray ? nil : scores[1], red: gray ? nil : scores[2])
    }
}
