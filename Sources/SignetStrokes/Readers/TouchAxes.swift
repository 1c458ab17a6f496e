/// One axis of a Linux input device as the kernel reports it (`getevent -lp` prints
/// `min`, `max` and `resolution` for each): the range its raw values take.
public struct TouchAxis: Sendable, Hashable, Codable {
    /// The smallest raw value.
    public var min: Double
    /// The largest raw value.
    public var max: Double
    /// Raw units per millimetre; 0 when the device does not say (most phones).
    public var resolution: Double

    /// An axis whose raw values run from `min` to `max`, `resolution` units per millimetre (0: unknown).
    /// - Parameters:
    ///   - min: The smallest raw value.
    ///   - max: The largest raw value.
    ///   - resolution: Raw units per millimetre; 0 when the device does not say (most phones).
    public init(min: Double, max: Double, resolution: Double = 0) {
        (self.min, self.max, self.resolution) = (min, max, resolution)
    }
}

/// The axes of the touch device an Android `getevent` log comes from, for a log recorded without
/// the `getevent -lp` header that states them. An axis given here wins over the header's.
///
/// With the position axes the drawing's canvas is the whole panel and points count from the axes'
/// minimums; their resolutions give its physical size; the pressure axis turns raw pressure into
/// 0…1 (without it the log's pressure is not used).
public struct TouchAxes: Sendable, Hashable, Codable {
    /// The horizontal position axis (`ABS_MT_POSITION_X` or `ABS_X`).
    public var x: TouchAxis?
    /// The vertical position axis (`ABS_MT_POSITION_Y` or `ABS_Y`).
    public var y: TouchAxis?
    /// The pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`).
    public var pressure: TouchAxis?

    /// The axes known; each one left out comes from the log's header, when it has one.
    /// - Parameters:
    ///   - x: The horizontal position axis (`ABS_MT_POSITION_X` or `ABS_X`).
    ///   - y: The vertical position axis (`ABS_MT_POSITION_Y` or `ABS_Y`).
    ///   - pressure: The pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`).
    public init(x: TouchAxis? = nil, y: TouchAxis? = nil, pressure: TouchAxis? = nil) {
        (self.x, self.y, self.pressure) = (x, y, pressure)
    }
}
