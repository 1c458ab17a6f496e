/// How much of a pixel a straight edge leaves inside: the exact box-filter coverage of one
/// pixel by a half-plane, the quantity an area-sampling rasteriser (cairo's) computes.
///
/// Projected onto the edge's unit normal `(nx, ny)`, a unit square spreads over a width of
/// `|nx| + |ny|`: its area piles up quadratically over the first and last `min(|nx|, |ny|)` of
/// that width (the corners) and linearly between. So the covered area is a piecewise quadratic
/// of the edge's signed distance from the pixel centre, with constants that depend only on the
/// edge's direction — computed once per edge direction here and reused for every pixel.
struct EdgeCoverage: Sendable, Hashable {
    /// The larger and smaller of `|nx|`, `|ny|`.
    private let long: Double, short: Double
    /// `1 / (2 · long · short)` (0 for an axis-aligned edge, whose corner zones are empty).
    private let cornerScale: Double
    private let inverseLong: Double

    /// The edge whose outward unit normal is `(nx, ny)`.
    init(normalX nx: Double, normalY ny: Double) {
        let (x, y) = (abs(nx), abs(ny))
        (long, short) = x >= y ? (x, y) : (y, x)
        cornerScale = short > 1e-12 ? 1 / (2 * long * short) : 0
        inverseLong = 1 / long
    }

    /// The fraction of the pixel (centre at 0) on the inner side of the edge when the edge
    /// passes `inside` pixels from the centre (positive: the centre is inside the shape).
    @inline(__always)
    func fraction(inside: Double) -> Double {
        // u: distance from the pixel's first corner to enter the shape, along the normal.
        let u = inside + (long + short) / 2
        if u <= 0 { return 0 }
        if u >= long + short { return 1 }
        if u < short { return u * u * cornerScale }
        if u > long {
            let v = long + short - u
            return 1 - v * v * cornerScale
        }
        return (u - short / 2) * inverseLong
    }

    /// The inverse of `fraction(inside:)`: how far inside the edge the pixel centre is when the
    /// edge leaves `fraction` (strictly between 0 and 1) of the pixel inside.
    func inside(fraction: Double) -> Double {
        let corner = short * short * cornerScale
        let u: Double
        if cornerScale > 0, fraction < corner {
            u = (fraction / cornerScale).squareRoot()
        } else if cornerScale > 0, fraction > 1 - corner {
            u = long + short - ((1 - fraction) / cornerScale).squareRoot()
        } else {
            u = fraction * long + short / 2
        }
        return u - (long + short) / 2
    }
}
