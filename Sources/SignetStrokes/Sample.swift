import SignetCore

/// One captured pen or touch sample: a position in the capture's units (top-left origin, y down),
/// with the time, pressure and pen tilt when the capture recorded them.
public struct Sample: Sendable, Hashable, Codable {
    /// The horizontal coordinate, in the capture's units.
    public var x: Double
    /// The vertical coordinate, y going down.
    public var y: Double
    /// Milliseconds on the capture's clock (any origin); may repeat or go backwards in real logs.
    public var t: Double?
    /// Pen pressure normalised to 0…1.
    public var force: Double?
    /// The pen's tilt in the x–z plane, in degrees (−90…90, positive towards +x), as Pointer
    /// Events report it; `nil` when the capture did not record it.
    public var tiltX: Double?
    /// The pen's tilt in the y–z plane, in degrees (−90…90, positive towards +y, down).
    public var tiltY: Double?

    /// A sample at `x`, `y`, at time `t` (milliseconds) with pen pressure `force` (0 to 1) and
    /// tilt `tiltX`, `tiltY` (degrees), when known.
    /// - Parameters:
    ///   - x: The horizontal coordinate, in the capture's units.
    ///   - y: The vertical coordinate, y going down.
    ///   - t: Milliseconds on the capture's clock (any origin); may repeat or go backwards in real logs.
    ///   - force: Pen pressure normalised to 0…1.
    ///   - tiltX: The pen's tilt in the x–z plane, in degrees (−90…90).
    ///   - tiltY: The pen's tilt in the y–z plane, in degrees (−90…90).
    public init(
        x: Double, y: Double, t: Double? = nil, force: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil
    ) {
        (self.x, self.y, self.t, self.force) = (x, y, t, force)
        (self.tiltX, self.tiltY) = (tiltX, tiltY)
    }

    /// The position as a ``Point``.
    package var point: Point { Point(x: x, y: y) }
}
