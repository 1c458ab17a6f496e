import SignetCore

/// A captured drawing: strokes in capture units, top-left origin, y down.
public struct Drawing: Sendable, Hashable, Codable {
    public var strokes: [Stroke]
    /// The capture surface when the format records it.
    public var canvas: Size?
    /// The pen for strokes that carry none.
    public var pen: Pen

    public init(strokes: [Stroke], canvas: Size? = nil, pen: Pen = .standard) {
        self.strokes = strokes
        self.canvas = canvas
        self.pen = pen
    }

    /// The number of samples across all strokes.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }

    /// The pen a stroke is drawn with.
    public func pen(for stroke: Stroke) -> Pen { stroke.pen ?? pen }
}
