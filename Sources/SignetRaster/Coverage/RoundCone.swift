/// How a piece of ink touches one pixel: the covered fraction and the outward normal of the
/// one edge that bounds it there — zero when both sides of thin ink cross the pixel.
package struct Touch: Sendable, Hashable {
    package var coverage: Double
    package var normalX: Double, normalY: Double

    static let none = Touch(coverage: 0, normalX: 0, normalY: 0)
}

/// One piece of swept-disc ink in pixel space: the convex hull of two discs (a capsule when the
/// radii are equal, a disc when one holds the other), and how much of a pixel it covers.
///
/// A pixel's coverage is found from the feature of the hull nearest its centre: one of the two
/// end discs, or the straight sides. Near a side the ink is the strip between both sides, so
/// the coverage is the two edges' exact box-filter fractions combined (`a + b − 1`), which stays
/// right for ink thinner than a pixel; near an end the disc is treated the same way across its
/// radius and never given more than its own area. Curvature inside one pixel is the only
/// approximation, small once a radius exceeds a pixel.
package struct RoundCone: Sendable {
    package let ax: Double, ay: Double, ra: Double
    package let bx: Double, by: Double, rb: Double
    /// Unit vector from a to b, and the chord's length.
    let ux: Double, uy: Double
    private let length: Double
    /// The sides' tilt against the chord (sin, cos of φ: sin φ = (ra − rb) / length).
    private let sinPhi: Double, cosPhi: Double
    /// The length of each side between its tangent points.
    private let sideLength: Double
    /// One disc holds the other: the piece is that disc.
    let isDisc: Bool
    /// 1 / ux and 1 / uy (0 where that component is 0), so a row's spans take no division.
    private let inverseUx: Double, inverseUy: Double
    /// The sides on the chord's left (+normal) and right: outward normals and edge fractions.
    private let leftNormal: (x: Double, y: Double), rightNormal: (x: Double, y: Double)
    private let left: EdgeCoverage, right: EdgeCoverage

    /// Half a pixel's diagonal: a pixel centre farther than this outside the ink is untouched.
    static let halfDiagonal = 0.7072

    /// The farthest a pixel centre can be from the chord and still be touched.
    var reach: Double { max(ra, rb) + Self.halfDiagonal }

    package init(ax: Double, ay: Double, ra: Double, bx: Double, by: Double, rb: Double) {
        (self.ax, self.ay, self.ra, self.bx, self.by, self.rb) = (ax, ay, ra, bx, by, rb)
        let dx = bx - ax, dy = by - ay
        length = (dx * dx + dy * dy).squareRoot()
        isDisc = length <= abs(ra - rb)
        (ux, uy) = isDisc ? (1, 0) : (dx / length, dy / length)
        inverseUx = abs(ux) < 1e-12 ? 0 : 1 / ux
        inverseUy = abs(uy) < 1e-12 ? 0 : 1 / uy
        sinPhi = isDisc ? 0 : (ra - rb) / length
        cosPhi = (1 - sinPhi * sinPhi).squareRoot()
        sideLength = length * cosPhi
        // The left side's outward normal is sinφ·u + cosφ·n with n = (−uy, ux); the right one mirrors it.
        leftNormal = (sinPhi * ux - cosPhi * uy, sinPhi * uy + cosPhi * ux)
        rightNormal = (sinPhi * ux + cosPhi * uy, sinPhi * uy - cosPhi * ux)
        left = EdgeCoverage(normalX: leftNormal.x, normalY: leftNormal.y)
        right = EdgeCoverage(normalX: rightNormal.x, normalY: rightNormal.y)
    }

    /// How the piece touches the pixel centred at (`px`, `py`).
    @inline(__always)
    package func touch(_ px: Double, _ py: Double) -> Touch {
        if isDisc {
            return ra >= rb ? Self.disc(px - ax, py - ay, ra) : Self.disc(px - bx, py - by, rb)
        }
        let dx = px - ax, dy = py - ay
        let along = dx * ux + dy * uy
        let across = dy * ux - dx * uy
        // Position along the side between its tangent points (the same for both sides by symmetry).
        let h = along * cosPhi - abs(across) * sinPhi
        if h < 0 { return Self.disc(dx, dy, ra) }
        if h > sideLength { return Self.disc(px - bx, py - by, rb) }
        let base = along * sinPhi - ra
        let insideLeft = -(base + across * cosPhi), insideRight = -(base - across * cosPhi)
        let l = left.fraction(inside: insideLeft), r = right.fraction(inside: insideRight)
        let c = l + r - 1
        guard c > 0 else { return .none }
        let normal = l < 1 && r < 1 ? (x: 0.0, y: 0.0) : l < 1 ? leftNormal : rightNormal
        return Touch(coverage: c, normalX: normal.x, normalY: normal.y)
    }

    /// On the line at height `y`: the range of x where a pixel centre may be touched by the
    /// sides (`side`), and within it the range where a pixel centred there is surely all ink
    /// (`solid`: its whole square between the sides, within the chord's length).
    ///
    /// `side` is within `reach` of the chord and between the perpendiculars at its ends, or at the
    /// sides' tangent points where a tilted side runs past an end. (The rest of the end discs is
    /// drawn by `SweptDiscRasterizer` once per joint, not once per chord.)
    @inline(__always)
    func spans(y: Double) -> (side: ClosedRange<Double>, solid: ClosedRange<Double>?)? {
        guard !isDisc else { return nil }
        // along(x) = ux·x + cAlong and across(x) = −uy·x + cAcross on this line.
        let cAlong = (y - ay) * uy - ax * ux, cAcross = (y - ay) * ux + ax * uy
        let side = slab(
            cAlong, cAcross, halfWidth: reach, from: min(0, ra * sinPhi), to: max(length, length + rb * sinPhi))
        guard let side else { return nil }
        let inner = min(ra, rb) - Self.halfDiagonal
        let solid =
            inner > 0
            ? slab(cAlong, cAcross, halfWidth: inner, from: Self.halfDiagonal, to: length - Self.halfDiagonal) : nil
        return (side, solid)
    }

    /// Where the line at height `y` crosses the disc of `radius` at (`cx`, `cy`).
    static func chord(y: Double, cx: Double, cy: Double, radius: Double) -> ClosedRange<Double>? {
        let dy = y - cy
        guard radius > 0, abs(dy) < radius else { return nil }
        let half = (radius * radius - dy * dy).squareRoot()
        return (cx - half)...(cx + half)
    }

    /// Where the line whose `along` and `across` offsets are `cAlong`, `cAcross` crosses the band
    /// `|across| ≤ halfWidth`, `from ≤ along ≤ to`.
    @inline(__always)
    private func slab(
        _ cAlong: Double, _ cAcross: Double, halfWidth: Double, from: Double, to: Double
    ) -> ClosedRange<Double>? {
        guard from <= to else { return nil }
        var lo = -Double.infinity, hi = Double.infinity
        @inline(__always)
        func clip(_ inverseSlope: Double, _ offset: Double, _ low: Double, _ high: Double) {
            if inverseSlope == 0 {
                if offset < low || offset > high { (lo, hi) = (1, 0) }
            } else {
                let (p, q) = ((low - offset) * inverseSlope, (high - offset) * inverseSlope)
                (lo, hi) = (max(lo, min(p, q)), min(hi, max(p, q)))
            }
        }
        clip(inverseUx, cAlong, from, to)
        clip(-inverseUy, cAcross, -halfWidth, halfWidth)
        return lo <= hi ? lo...hi : nil
    }

    /// How the disc of radius `r` touches the pixel whose centre is (`dx`, `dy`) from the disc's.
    @inline(__always)
    static func disc(_ dx: Double, _ dy: Double, _ r: Double) -> Touch {
        let d2 = dx * dx + dy * dy
        let reach = r + halfDiagonal
        if d2 >= reach * reach { return .none }
        let d = d2.squareRoot()
        // The outward normal points from the disc's centre to the pixel's.
        let inverse = d > 1e-9 ? 1 / d : 0
        let (nx, ny) = d > 1e-9 ? (dx * inverse, dy * inverse) : (1, 0)
        let edge = EdgeCoverage(normalX: nx, normalY: ny)
        let near = edge.fraction(inside: r - d), far = edge.fraction(inside: r + d)
        let c = min(near + far - 1, Double.pi * r * r)
        guard c > 0 else { return .none }
        return far < 1 ? Touch(coverage: c, normalX: 0, normalY: 0) : Touch(coverage: c, normalX: nx, normalY: ny)
    }
}
