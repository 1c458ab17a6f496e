/// Computes the ink width at each sample as it arrives (causal, so the same numbers come out
/// whether a stroke is processed at once or point by point).
///
/// The velocity model measures speed in CSS pixels (1/96 inch) per millisecond, the scale of
/// signature_pad, whose constants the model shares: a drawing that records its resolution
/// (`Drawing.unitsPerInch`: tablet units, millimetres, …) has its speeds converted, so the same
/// hand movement gives the same relative widths whatever the capture's units. Without a
/// resolution the units are taken as CSS pixels.
package struct WidthFilter: Sendable {
    private let pen: Pen
    /// CSS pixels per capture unit.
    private let pixelsPerUnit: Double
    private var last: Sample?
    private var velocity = 0.0

    /// A filter for strokes drawn with `pen` in a capture of `unitsPerInch` units per inch
    /// (nil, zero or not finite: CSS pixels, 96 per inch).
    package init(pen: Pen, unitsPerInch: Double? = nil) {
        self.pen = pen
        pixelsPerUnit = unitsPerInch.flatMap { $0.isFinite && $0 > 0 ? 96 / $0 : nil } ?? 1
    }

    /// The width at `sample`, the next (deduplicated) sample of the stroke.
    package mutating func next(_ sample: Sample) -> Double {
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
                let v = last.point.distance(to: sample.point) * pixelsPerUnit / (t1 - t0)
                let w = pen.velocityFilterWeight
                velocity = w * v + (1 - w) * velocity
            }
            return max(pen.maxWidth / (velocity + 1), pen.minWidth)
        }
    }

    /// True when the pressure model should apply to a stroke: its pressure actually varies.
    /// Constant pressure (a mouse reports 0 or 0.5 throughout) falls back to the fixed width.
    package static func pressureVaries(min lo: Double, max hi: Double) -> Bool { hi - lo > 1e-3 }

    /// The widths of every sample of a stroke, after the pressure fallback.
    package static func widths(of samples: [Sample], pen: Pen, unitsPerInch: Double? = nil) -> [Double] {
        var effective = pen
        if pen.widthModel == .pressure {
            let forces = samples.map { $0.force ?? 0 }
            if !pressureVaries(min: forces.min() ?? 0, max: forces.max() ?? 0) {
                effective.widthModel = .fixed
            }
        }
        var filter = WidthFilter(pen: effective, unitsPerInch: unitsPerInch)
        return samples.map { filter.next($0) }
    }
}
