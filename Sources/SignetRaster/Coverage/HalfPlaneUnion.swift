/// The exact coverage of one pixel by the union of two straight edges' insides.
///
/// Where two different parts of a shape meet inside a pixel — a stroke passing close to another,
/// two strokes crossing — neither part's coverage is the union's, and neither is their sum. With
/// both edges known (outward unit normal and how far inside each the pixel centre lies), the
/// union is `a + b − |square ∩ both|`, and that overlap is the pixel's square clipped by the two
/// half-planes: a convex polygon of at most six corners, clipped on the stack.
enum HalfPlaneUnion {
    static func coverage(
        _ n1: SIMD2<Double>, inside t1: Double, _ n2: SIMD2<Double>, inside t2: Double
    ) -> Double {
        let a = EdgeCoverage(normalX: n1.x, normalY: n1.y).fraction(inside: t1)
        let b = EdgeCoverage(normalX: n2.x, normalY: n2.y).fraction(inside: t2)
        let both = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 16) { buffer in
            let first = buffer.baseAddress!, second = first + 8
            (first[0], first[1], first[2], first[3]) = ([-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5])
            let m = clip(first, 4, by: n1, t1, into: second)
            let k = clip(second, m, by: n2, t2, into: first)
            return area(first, k)
        }
        return min(max(a + b - both, max(a, b)), 1)
    }

    /// Where the polygon `points[0..<count]` has `n·p ≤ t` (Sutherland–Hodgman against one
    /// line), written to `out`; returns the new corner count (at most count + 1).
    private static func clip(
        _ points: UnsafeMutablePointer<SIMD2<Double>>, _ count: Int, by n: SIMD2<Double>, _ t: Double,
        into out: UnsafeMutablePointer<SIMD2<Double>>
    ) -> Int {
        var written = 0
        for i in 0..<count {
            let p = points[i], q = points[(i + 1) % count]
            let dp = (n * p).sum() - t, dq = (n * q).sum() - t
            if dp <= 0 {
                out[written] = p
                written += 1
            }
            if (dp < 0) != (dq < 0), dp != dq {
                out[written] = p + (q - p) * (dp / (dp - dq))
                written += 1
            }
        }
        return written
    }

    /// The area of a convex polygon (shoelace).
    private static func area(_ points: UnsafeMutablePointer<SIMD2<Double>>, _ count: Int) -> Double {
        guard count >= 3 else { return 0 }
        var twice = 0.0
        for i in 0..<count {
            let p = points[i], q = points[(i + 1) % count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }
}
