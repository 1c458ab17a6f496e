import SignetCore

/// Midpoint quadratic Bézier smoothing.
///
/// For samples p0…pn: start at p0; the first segment runs straight to mid(p0, p1); each inner
/// sample p_i is the control of a quadratic from mid(p_{i-1}, p_i) to mid(p_i, p_{i+1}); the last
/// segment runs straight to pn. The straight ends are written as quadratics whose control is the
/// end point, so every join is C1 (equal derivatives), the curve passes through every midpoint,
/// and it starts and ends exactly at the first and last samples (signature_pad drops the last
/// piece; Signet does not).
package enum MidpointSmoother {
    /// The center line through `points` (consecutive duplicates already removed), with the
    /// widths at each sample. Fewer than two points give no segments (a dot is drawn instead).
    package static func segments(_ points: [Point], widths: [Double]) -> [QuadSegment] {
        precondition(points.count == widths.count, "one width per point")
        let n = points.count
        guard n >= 2 else { return [] }
        var out: [QuadSegment] = []
        out.reserveCapacity(n)
        var start = points[0], startWidth = widths[0]
        out.append(
            QuadSegment(
                start: start, control: start, end: points[0].midpoint(points[1]),
                startWidth: startWidth, endWidth: (widths[0] + widths[1]) / 2))
        for i in 1..<(n - 1) {
            start = points[i - 1].midpoint(points[i])
            startWidth = (widths[i - 1] + widths[i]) / 2
            out.append(
                QuadSegment(
                    start: start, control: points[i], end: points[i].midpoint(points[i + 1]),
                    startWidth: startWidth, endWidth: (widths[i] + widths[i + 1]) / 2))
        }
        let last = points[n - 1]
        out.append(
            QuadSegment(
                start: points[n - 2].midpoint(last), control: last, end: last,
                startWidth: (widths[n - 2] + widths[n - 1]) / 2, endWidth: widths[n - 1]))
        return out
    }

    /// `samples` without consecutive repeats of the same position (the first of a run is kept).
    package static func deduplicated(_ samples: [Sample]) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(samples.count)
        for s in samples where out.last.map({ $0.x != s.x || $0.y != s.y }) ?? true {
            out.append(s)
        }
        return out
    }
}
