/// Computes the ink width at each sample as it arrives (causal, so the same numbers come out
/// whether a stroke is processed at once or point by point).
public struct WidthFilter: Sendable {
    private let pen: Pen
    private var last: Sample?
    private var velocity = 0.0

    public init(pen: Pen) { self.pen = pen }

    /// The width at `sample`, the next (deduplicated) sample of the stroke.
    public mutating func next(_ sample: Sample) -> Double {
        defer { last = sample }
        switch pen.widthModel {
        case .fixed:
            return pen.width
        case .pressure:
            let f = min(max(sample.force ?? 0.5, 0), 1)
            return pen.minWidth + (pen.maxWidth - pen.minWidth) * f
        case .velocity:
            guard let last else { return (pen.minWidth + pen.maxWidth) / 2 }
            // Repeated or backwards timestamps (real logs have both) keep the previous velocity.
            if let t0 = last.t, let t1 = sample.t, t1 > t0 {
                let v = last.point.distance(to: sample.point) / (t1 - t0)
                let w = pen.velocityFilterWeight
                velocity = w * v + (1 - w) * velocity
            }
            return max(pen.maxWidth / (velocity + 1), pen.minWidth)
        }
    }

    /// True when the pressure model should apply to a stroke: its pressure actually varies.
    /// Constant pressure (a mouse reports 0 or 0.5 throughout) falls back to the fixed width.
    public static func pressureVaries(min lo: Double, max hi: Double) -> Bool { hi - lo > 1e-3 }

    /// The widths of every sample of a stroke, after the pressure fallback.
    public static func widths(of samples: [Sample], pen: Pen) -> [Double] {
        var effective = pen
        if pen.widthModel == .pressure {
            let forces = samples.map { $0.force ?? 0 }
            if !pressureVaries(min: forces.min() ?? 0, max: forces.max() ?? 0) {
                effective.widthModel = .fixed
            }
        }
        var filter = WidthFilter(pen: effective)
        return samples.map { filter.next($0) }
    }
}
