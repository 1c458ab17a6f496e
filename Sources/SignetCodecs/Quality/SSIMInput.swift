/// Where SSIM reads its two images from, one row of luma floats at a time.
enum SSIMInput: @unchecked Sendable {
    /// Two gray planes.
    case planes(UnsafePointer<Float>, UnsafePointer<Float>)
    /// Two RGBA images (alpha ignored), converted to Rec. 601 luma row by row.
    case rgba(UnsafePointer<UInt8>, UnsafePointer<UInt8>)
    /// Two gray images, one byte per pixel (the byte is the luma).
    case gray(UnsafePointer<UInt8>, UnsafePointer<UInt8>)
    /// An RGBA image (alpha ignored) and a smaller image's luma upscaled to its size.
    case upscaled(UnsafePointer<UInt8>, LumaUpscale)

    /// `count` values of row `row` from column `first` on, of images `imageWidth` wide.
    func load(
        row: Int, imageWidth: Int, from first: Int, count: Int, x: UnsafeMutablePointer<Float>,
        y: UnsafeMutablePointer<Float>
    ) {
        let start = row * imageWidth + first
        switch self {
        case .planes(let a, let b):
            x.update(from: a + start, count: count)
            y.update(from: b + start, count: count)
        case .rgba(let a, let b):
            Self.luma(a + start * 4, count: count, into: x)
            Self.luma(b + start * 4, count: count, into: y)
        case .upscaled(let a, let b):
            Self.luma(a + start * 4, count: count, into: x)
            b.row(row, from: first, count: count, into: y)
        case .gray(let a, let b):
            for i in 0..<count {
                x[i] = Float(a[start + i])
                y[i] = Float(b[start + i])
            }
        }
    }

    /// 0.299·R + 0.587·G + 0.114·B of `count` pixels, as `Float`s.
    static func luma(_ rgba: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<Float>) {
        for i in 0..<count {
            out[i] = 0.299 * Float(rgba[4 * i]) + 0.587 * Float(rgba[4 * i + 1]) + 0.114 * Float(rgba[4 * i + 2])
        }
    }
}
