import SignetCore

/// A captured drawing: strokes in capture units, top-left origin, y down.
public struct Drawing: Sendable, Hashable, Codable {
    /// The strokes, in the order they were drawn.
    public var strokes: [Stroke]
    /// The capture surface when the format records it.
    public var canvas: Size?
    /// The pen for strokes that carry none.
    public var pen: Pen
    /// How many capture units make an inch, when the format records it (InkML channel
    /// resolutions and units, SVC2004's tablet, Signet JSON's `unitsPerInch`); lets a renderer
    /// draw the ink at its physical size and honour `--dpi`.
    public var unitsPerInch: Double?

    /// A drawing; without a `pen`, strokes that carry none get `Pen.standard(unitsPerInch:)`,
    /// 2.5 CSS pixels wide in the drawing's units.
    /// - Parameters:
    ///   - strokes: The strokes, in the order they were drawn.
    ///   - canvas: The capture surface when the format records it.
    ///   - pen: The pen for strokes that carry none.
    ///   - unitsPerInch: How many capture units make an inch, when the format records it (InkML channel resolutions and units, SVC2004's tablet, Signet JSON's `unitsPerInch`); lets a renderer draw the ink at its physical size and honour `--dpi`.
    public init(strokes: [Stroke], canvas: Size? = nil, pen: Pen? = nil, unitsPerInch: Double? = nil) {
        self.strokes = strokes
        self.canvas = canvas
        self.pen = pen ?? .standard(unitsPerInch: unitsPerInch)
        self.unitsPerInch = unitsPerInch
    }

    /// The number of samples across all strokes.
    package var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }

    /// The pen a stroke is drawn with.
    /// - Parameter stroke: A stroke of this drawing.
    package func pen(for stroke: Stroke) -> Pen { stroke.pen ?? pen }
}
