/// What the renderer drew: a coverage mask when all ink has one colour over a transparent
/// background (exact, and the cheapest form to encode), an RGBA bitmap otherwise.
package enum RasterImage: Sendable, Hashable {
    case coverage(CoverageMask)
    case bitmap(Bitmap)

    /// The image as an RGBA bitmap.
    package var bitmap: Bitmap {
        switch self {
        case .coverage(let mask): return mask.bitmap
        case .bitmap(let bitmap): return bitmap
        }
    }
}
