/// One shape's coverage while its pieces are drawn: a byte per pixel and, for a partly covered
/// pixel, the outward normal of the edge that set it (x and y × 127), so the next piece that
/// touches the pixel can be combined with it as a union.
///
/// Pieces of one shape overlap a lot — consecutive chords share a disc — and where they meet the
/// same edge (normals within 45°) the union of their coverage is taken as the larger one. Where
/// two different edges meet in a pixel (two parts of a stroke passing close, strokes crossing)
/// the recorded edge is recovered from its normal and coverage and joined with the new one
/// exactly (`HalfPlaneUnion`). Ink thin enough that both its sides cross the pixel has no one
/// normal and combines by the larger value. (The measured difference from cairo is in
/// docs/performance.md.)
///
/// The buffers are lent by the caller for one shape; every index is clipped to them first (and
/// checked again by the buffer pointers in debug builds, where the tests run).
struct CoverageCanvas {
    let alpha: UnsafeMutableBufferPointer<UInt8>
    let normals: UnsafeMutableBufferPointer<SIMD2<Int8>>
    let originX: Int, originY: Int, width: Int, height: Int

    /// Adds the pixels the cone's sides touch (between the perpendiculars at its ends); a cone
    /// that is one disc is drawn whole.
    func drawSides(_ cone: RoundCone) {
        if cone.isDisc {
            let (x, y, r) = cone.ra >= cone.rb ? (cone.ax, cone.ay, cone.ra) : (cone.bx, cone.by, cone.rb)
            drawDisc(x: x, y: y, radius: r)
            return
        }
        for row in rows(min(cone.ay, cone.by) - cone.reach, max(cone.ay, cone.by) + cone.reach) {
            let y = Double(row + originY) + 0.5
            guard let spans = cone.spans(y: y) else { continue }
            let base = row * width, all = columns(spans.side)
            // The solid middle is filled at once; only the edges on either side are measured.
            let solid = spans.solid.map { columns($0).clamped(to: all) } ?? all.lowerBound..<all.lowerBound
            if !solid.isEmpty {
                UnsafeMutableBufferPointer(rebasing: alpha[(base + solid.lowerBound)..<(base + solid.upperBound)])
                    .update(repeating: 255)
            }
            func measure(_ edge: Range<Int>) {
                for column in edge where alpha[base + column] != 255 {
                    let touch = cone.touch(Double(column + originX) + 0.5, y)
                    if touch.coverage > 0 { add(touch, at: base + column) }
                }
            }
            measure(all.lowerBound..<solid.lowerBound)
            measure(solid.upperBound..<all.upperBound)
        }
    }

    /// A half-plane through a disc's centre, `direction · (p − centre) ≥ 0`.
    struct Side {
        var x: Double, y: Double
    }

    /// Adds the pixels the disc touches on the given sides of its centre (all of it for none).
    func drawDisc(x cx: Double, y cy: Double, radius r: Double, within first: Side? = nil, and second: Side? = nil) {
        let reach = r + RoundCone.halfDiagonal
        for row in rows(cy - reach, cy + reach) {
            let y = Double(row + originY) + 0.5
            guard let chord = RoundCone.chord(y: y, cx: cx, cy: cy, radius: reach) else { continue }
            var (lo, hi) = (chord.lowerBound, chord.upperBound)
            func clip(_ side: Side?) {
                guard let side else { return }
                // side.x · (x − cx) + side.y · (y − cy) ≥ 0 on this row.
                let offset = side.y * (y - cy)
                if abs(side.x) < 1e-12 {
                    if offset < 0 { (lo, hi) = (1, 0) }
                } else if side.x > 0 {
                    lo = max(lo, cx - offset / side.x)
                } else {
                    hi = min(hi, cx - offset / side.x)
                }
            }
            clip(first)
            clip(second)
            guard lo <= hi else { continue }
            let base = row * width
            for column in columns(lo...hi) where alpha[base + column] != 255 {
                let touch = RoundCone.disc(Double(column + originX) + 0.5 - cx, y - cy, r)
                if touch.coverage > 0 { add(touch, at: base + column) }
            }
        }
    }

    /// Canvas rows whose centres lie between `top` and `bottom` (image pixels), clipped.
    @inline(__always)
    private func rows(_ top: Double, _ bottom: Double) -> Range<Int> {
        let first = max(ceiling(top - 0.5) - originY, 0)
        let end = min(floor(bottom - 0.5) + 1 - originY, height)
        return first..<max(first, end)
    }

    /// Pixel columns whose centre (x + 0.5) lies in `span`, clipped to the canvas.
    @inline(__always)
    private func columns(_ span: ClosedRange<Double>) -> Range<Int> {
        let first = max(ceiling(span.lowerBound - 0.5) - originX, 0)
        let end = min(floor(span.upperBound - 0.5) + 1 - originX, width)
        return first..<max(first, end)
    }

    @inline(__always)
    private func add(_ touch: Touch, at i: Int) {
        func quantised(_ v: Double) -> Int8 { Int8(v * 127 + (v < 0 ? -0.5 : 0.5)) }
        let normal = SIMD2<Int8>(quantised(touch.normalX), quantised(touch.normalY))
        let old = alpha[i]
        guard old != 0 else {
            (alpha[i], normals[i]) = (UInt8(touch.coverage * 255 + 0.5), normal)
            return
        }
        let before = Double(old) / 255, other = normals[i]
        let dot = Int(normal.x) * Int(other.x) + Int(normal.y) * Int(other.y)
        let combined: Double
        if normal == .zero || other == .zero || dot > 11_400 {
            // Thin ink (no one edge), or the same edge again (within 45°): the larger covers the other.
            combined = max(before, touch.coverage)
        } else {
            // Two different edges: the one recorded, recovered from its normal and coverage,
            // joined exactly with this one.
            let n = SIMD2<Double>(Double(other.x), Double(other.y))
            let unit = n / (n * n).sum().squareRoot()
            let t = EdgeCoverage(normalX: unit.x, normalY: unit.y).inside(fraction: before)
            let m = SIMD2<Double>(touch.normalX, touch.normalY)
            let u = EdgeCoverage(normalX: m.x, normalY: m.y).inside(fraction: min(touch.coverage, 1))
            combined = HalfPlaneUnion.coverage(unit, inside: t, m, inside: u)
        }
        alpha[i] = UInt8(combined * 255 + 0.5)
        if touch.coverage > before { normals[i] = normal }
    }

    /// ⌊x⌋ and ⌈x⌉ as integers, clamped far outside any canvas (a plain conversion, where
    /// `rounded(_:)` would call into libm on baseline x86-64).
    @inline(__always)
    private func floor(_ x: Double) -> Int {
        let c = min(max(x, -1e9), 1e9)
        let i = Int(c)
        return Double(i) > c ? i - 1 : i
    }

    @inline(__always)
    private func ceiling(_ x: Double) -> Int {
        let c = min(max(x, -1e9), 1e9)
        let i = Int(c)
        return Double(i) < c ? i + 1 : i
    }
}
