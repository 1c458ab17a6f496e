import SignetCore

/// A captured drawing: strokes in capture units, top-left origin, y down.
public struct Drawing: Sendable, Hashable, Codable {
    public var strokes: [Stroke]
    /// The capture surface when the format records it.
    public var canvas: Size?
    /// The pen for strokes that carry none.
    public var pen: Pen
    /// How many capture units make an inch, when the format records it (InkML channel
    /// resolutions and units do); lets a renderer honour `--dpi` in physical terms.
    public var unitsPerInch: Double?

    public init(strokes: [Stroke], canvas: Size? = nil, pen: Pen = .standard, unitsPerInch: Double? = nil) {
        self.strokes = strokes
        self.canvas = canvas
        self.pen = pen
        self.unitsPerInch = unitsPerInch
    }

    /// The number of samples across all strokes.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }

    /// The pen a stroke is drawn with.
    public func pen(for stroke: Stroke) -> Pen { stroke.pen ?? pen }
}
