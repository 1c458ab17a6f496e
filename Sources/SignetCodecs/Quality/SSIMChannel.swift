/// A plane of an RGBA image that SSIM compares: one of JPEG's Y, Cb and Cr (JFIF's full-range
/// Rec. 601 conversion), as real numbers 0…255. Alpha is ignored (compare flattened images).
package enum SSIMChannel: Sendable, CaseIterable {
    /// Y = 0.299 R + 0.587 G + 0.114 B.
    case luma
    /// Cb = 128 − 0.168736 R − 0.331264 G + 0.5 B.
    case blueDifference
    /// Cr = 128 + 0.5 R − 0.418688 G − 0.081312 B.
    case redDifference

    /// The weights of R, G and B and the offset.
    private var coefficients: (r: Float, g: Float, b: Float, offset: Float) {
        switch self {
        case .luma: (0.299, 0.587, 0.114, 0)
        case .blueDifference: (-0.168736, -0.331264, 0.5, 128)
        case .redDifference: (0.5, -0.418688, -0.081312, 128)
        }
    }

    /// This plane's value for `count` RGBA pixels, as `Float`s.
    func convert(_ rgba: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<Float>) {
        let (r, g, b, offset) = coefficients
        for i in 0..<count {
            out[i] = offset + r * Float(rgba[4 * i]) + g * Float(rgba[4 * i + 1]) + b * Float(rgba[4 * i + 2])
        }
    }
}
