import SignetCore

/// One captured pen or touch sample: a position in the capture's units (top-left origin, y down),
/// with the time and pressure when the capture recorded them.
public struct Sample: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    /// Milliseconds on the capture's clock (any origin); may repeat or go backwards in real logs.
    public var t: Double?
    /// Pen pressure normalised to 0…1.
    public var force: Double?

    public init(x: Double, y: Double, t: Double? = nil, force: Double? = nil) {
        (self.x, self.y, self.t, self.force) = (x, y, t, force)
    }

    public var point: Point { Point(x: x, y: y) }
}
