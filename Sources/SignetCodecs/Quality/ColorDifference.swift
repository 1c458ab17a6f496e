import Glibc
import SignetCore

/// The mean colour difference of two images in CIELAB — CIE76 ΔE, the distance between the two
/// pixels' L*, a* and b* (sRGB, D65) — compared over 2×2 block means, as `ColorSSIM` compares
/// chroma: the term of the budget's score that sees a hue or chroma shift (a blue ring turned
/// teal, purple blocks in red) that SSIM over Cb and Cr barely sees, since SSIM's mean term is
/// relative and both chroma planes sit near 128.
///
/// Why 2×2 means: a downscaled candidate, upscaled back, differs from the original most on its
/// edges (softness that luma SSIM already charges for); averaging over the blocks in which a
/// 4:2:0 JPEG stores chroma takes a fifth of that out (on `blue-seal.png` at 30 KB, the mean of
/// the 922-pixel candidate goes from 3.52 to 3.21) and keeps a colour shift whole. The score
/// reads Y, Cb and Cr (`SSIMChannel`) from the same inputs as SSIM, converted back to RGB, so it
/// works wherever SSIM does: whole images, upscaled candidates and row samples.
enum ColorDifference {
    /// What a mean ΔE of 1 costs the score (`ColorSSIM.Mix.mean`): a just-noticeable 2.3 costs
    /// 0.023, about what colour SSIM changes between neighbouring sizes of a seal's ladder.
    /// Measured on Tools/bench-budget-choice.py's seals (docs/budget.md): at 0.005 the blocky
    /// 819-pixel quality-6 `blue-seal.png` at 15 KB still won; at 0.01 the clean 482-pixel
    /// quality 25 does.
    static let weight = 0.01

    /// The mean ΔE over `bands` (rows of the compared image: halved rows when `halves`; every row
    /// when nil) of two images `width` × `height` whose planes `input` gives, with the row sums.
    /// With a `reference` (the first image's CIELAB, of the same size and `halves`), the first
    /// image's rows are read from it, converted there on first use: the same sums, bit for bit.
    static func score(
        width: Int, height: Int, halves: Bool, bands: [Range<Int>]? = nil, reference: LabReference? = nil,
        _ input: (SSIMChannel) -> SSIMInput
    ) -> SSIMScore {
        let (w, h) = halves ? (width / 2, height / 2) : (width, height)
        let planes = SSIMChannel.allCases.map { halves ? SSIMInput.halved(input($0), fullWidth: width) : input($0) }
        let bands = bands ?? [0..<h]
        let rows = bands.flatMap { band in stride(from: band.lowerBound, to: band.upperBound, by: 8).map { $0 } }
        if let reference {
            precondition(
                reference.width == width && reference.height == height && reference.halves == halves,
                "a reference of the compared image")
            reference.fill(bands, planes: planes)
        }
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: h)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0)
        nonisolated(unsafe) let out = sums.baseAddress!
        let ends = bands.map(\.upperBound)
        Parallel.forEach(rows.count) { chunk in
            let first = rows[chunk]
            let end = min(first + 8, ends.first { $0 > first }!)
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 9 * w) { buffer in
                // The first image's L*, a*, b* (3 × w), then Y, Cb, Cr of either image (3 × w each).
                let (known, p) = (buffer.baseAddress!, buffer.baseAddress! + 3 * w)
                for row in first..<end {
                    let held = reference?.row(row)
                    for (k, plane) in planes.enumerated() {
                        plane.load(
                            row: row, imageWidth: w, from: 0, count: w, x: held == nil ? p + k * w : nil,
                            y: p + (3 + k) * w)
                    }
                    if held == nil { labRow(p, width: w, into: known) }
                    out[row] = rowSum(held ?? UnsafePointer(known), p + 3 * w, width: w)
                }
            }
        }
        let result = SSIMRowSums(rows: Array(sums), columns: w, bands: bands)
        return SSIMScore(result.mean, rows: result)
    }

    /// ΔE summed over a row: `known` holds the first image's L*, a*, b* by pixel, `planes` the
    /// second's Y, Cb, Cr, each a plane `w` long.
    private static func rowSum(_ known: UnsafePointer<Float>, _ planes: UnsafePointer<Float>, width w: Int) -> Double {
        var sum = 0.0
        var last = LabMemo()
        for i in 0..<w {
            let b = last.lab(planes[i], planes[w + i], planes[2 * w + i])
            let (dl, da, db) = (known[3 * i] - b.l, known[3 * i + 1] - b.a, known[3 * i + 2] - b.b)
            sum += Double((dl * dl + da * da + db * db).squareRoot())
        }
        return sum
    }

    /// L*, a*, b* by pixel into `out` (3 × `w`) of a row whose Y, Cb, Cr planes (each `w` long) `planes` holds.
    static func labRow(_ planes: UnsafePointer<Float>, width w: Int, into out: UnsafeMutablePointer<Float>) {
        var last = LabMemo()
        for i in 0..<w {
            let c = last.lab(planes[i], planes[w + i], planes[2 * w + i])
            (out[3 * i], out[3 * i + 1], out[3 * i + 2]) = (c.l, c.a, c.b)
        }
    }

    /// `lab` of the last pixel converted, kept for the next: runs of one colour (paper, a flat
    /// ink, a seal's fill) are converted once. Keyed by the bits, so a hit is the same value.
    private struct LabMemo {
        var key: (UInt32, UInt32, UInt32) = (.max, .max, .max)
        var value: (l: Float, a: Float, b: Float) = (0, 0, 0)

        mutating func lab(_ y: Float, _ cb: Float, _ cr: Float) -> (l: Float, a: Float, b: Float) {
            let bits = (y.bitPattern, cb.bitPattern, cr.bitPattern)
            if bits != key { (key, value) = (bits, ColorDifference.lab(y, cb, cr)) }
            return value
        }
    }

    /// CIELAB (D65) of a JFIF full-range Y, Cb, Cr, each 0…255.
    static func lab(_ y: Float, _ cb: Float, _ cr: Float) -> (l: Float, a: Float, b: Float) {
        let r = linear(y + 1.402 * (cr - 128))
        let g = linear(y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128))
        let b = linear(y + 1.772 * (cb - 128))
        let fx = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047)
        let fy = f(0.2126729 * r + 0.7151522 * g + 0.0721750 * b)
        let fz = f((0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The sRGB transfer function undone: a value 0…255 (clamped) to linear light 0…1, read from
    /// `linearTable` between its steps of a quarter level (within 4e-7 of the formula), instead
    /// of a power per channel.
    private static func linear(_ v: Float) -> Float {
        let x = min(max(v, 0), 255) * 4
        let i = min(Int(x), 1019)
        let t = x - Float(i)
        return linearTable[i] + t * (linearTable[i + 1] - linearTable[i])
    }

    /// The sRGB transfer function undone at every quarter level, 0…255.
    private static let linearTable: [Float] = (0...1020).map { step in
        let c = Double(step) / 1020
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// CIELAB's companding of a relative XYZ value.
    private static func f(_ t: Float) -> Float {
        t > 216 / 24389 ? cbrtf(t) : (24389 / 27 * t + 16) / 116
    }
}
