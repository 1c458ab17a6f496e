import SignetCore

/// The filled outline of a variable-width stroke: discs at the samples joined by quadrilaterals
/// along the curve, all wound the same way so the nonzero fill is their union (no holes, no
/// double-painted overlaps).
enum VariableWidthOutline {
    /// Pieces per segment, enough that the chords stay within a fraction of the width.
    static func pieces(_ s: QuadSegment) -> Int {
        let hull = s.start.distance(to: s.control) + s.control.distance(to: s.end)
        let w = max(min(s.startWidth, s.endWidth), 0.25)
        return min(max(Int((hull / w).rounded(.up)), 1), 12)
    }

    static func path(_ segments: [QuadSegment]) -> Path {
        var elements: [PathElement] = []
        func disc(_ c: Point, _ width: Double) {
            elements += Path.circle(center: c, radius: width / 2).elements
        }
        disc(segments[0].start, segments[0].startWidth)
        for s in segments {
            let k = pieces(s)
            var a = s.start
            for j in 1...k {
                let t = Double(j) / Double(k)
                let b = s.point(at: t)
                let ra = (s.startWidth + (s.endWidth - s.startWidth) * Double(j - 1) / Double(k)) / 2
                let rb = (s.startWidth + (s.endWidth - s.startWidth) * t) / 2
                quad(from: a, ra, to: b, rb, into: &elements)
                a = b
            }
            disc(s.end, s.endWidth)
        }
        return Path(elements)
    }

    /// A quadrilateral covering the chord a→b with half-widths ra and rb, wound positively.
    private static func quad(from a: Point, _ ra: Double, to b: Point, _ rb: Double, into out: inout [PathElement]) {
        let d = b - a
        let len = d.x.hypot(d.y)
        guard len > 0 else { return }
        let n = Point(x: -d.y / len, y: d.x / len)
        var corners = [a + n * ra, b + n * rb, b - n * rb, a - n * ra]
        if signedArea(corners) < 0 { corners.reverse() }
        out.append(.move(to: corners[0]))
        for c in corners.dropFirst() { out.append(.line(to: c)) }
        out.append(.close)
    }

    private static func signedArea(_ p: [Point]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let q = p[(i + 1) % p.count]
            sum += p[i].x * q.y - q.x * p[i].y
        }
        return sum / 2
    }
}
