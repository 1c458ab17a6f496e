import SignetCore

// Twin: Capture/signet-ink.js paints the same shapes on the browser pad; keep the two in step.

/// A drawing after smoothing: the shapes to paint and the tight bounds of the ink.
///
/// Fixed-width strokes become one stroked center line each; variable-width strokes become one
/// filled outline each (so semi-transparent ink never shows overlapping blobs); a one-point
/// stroke becomes a filled disc of the pen's dot diameter. Each keeps its spine, from which the
/// bitmap renderer draws it directly.
public struct Ink: Sendable, Hashable {
    package var shapes: [InkShape]
    /// The tight rectangle of the smoothed ink including half the pen width; `nil` for no ink.
    package var bounds: Rect?
    /// Total length of the smoothed center lines, in capture units (chord approximation).
    package var length: Double

    /// Smooths `drawing` into vector ink, each stroke with its own pen.
    /// - Parameter drawing: The strokes to smooth.
    public init(_ drawing: Drawing) {
        var shapes: [InkShape] = []
        var bounds: Rect?
        var length = 0.0
        for stroke in drawing.strokes {
            let pen = drawing.pen(for: stroke)
            let samples = MidpointSmoother.deduplicated(stroke.samples)
            guard let first = samples.first else { continue }
            let extent: Rect
            if samples.count == 1 {
                let d = pen.dotDiameter
                let dot = QuadSegment(
                    start: first.point, control: first.point, end: first.point, startWidth: d, endWidth: d)
                shapes.append(InkShape(spine: [dot], paint: .fill, color: pen.color))
                extent = Rect(origin: first.point, size: .zero).outsetBy(d / 2)
            } else {
                let widths = WidthFilter.widths(of: samples, pen: pen, unitsPerInch: drawing.unitsPerInch)
                let segments = MidpointSmoother.segments(samples.map(\.point), widths: widths)
                if let w = widths.first, widths.allSatisfy({ $0 == w }) {
                    shapes.append(InkShape(spine: segments, paint: .stroke(width: w), color: pen.color))
                } else {
                    shapes.append(InkShape(spine: segments, paint: .fill, color: pen.color))
                }
                extent = segments.dropFirst().reduce(segments[0].inkBounds) { $0.union($1.inkBounds) }
                length += segments.reduce(0) { $0 + $1.start.distance(to: $1.end) }
            }
            bounds = bounds.map { $0.union(extent) } ?? extent
        }
        self.shapes = shapes
        self.bounds = bounds
        self.length = length
    }

    /// The smoothed center line of a stroke as one open subpath of quadratics.
    package static func centerLine(_ segments: [QuadSegment]) -> Path {
        var elements: [PathElement] = [.move(to: segments[0].start)]
        elements.reserveCapacity(segments.count + 1)
        for s in segments { elements.append(.quad(control: s.control, to: s.end)) }
        return Path(elements)
    }
}
