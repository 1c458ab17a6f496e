import SignetCore

/// How ink width follows the hand.
public enum WidthModel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every stroke has the pen's `width`.
    case fixed
    /// Faster strokes are thinner: `max(maxWidth / (v + 1), minWidth)` with `v` in CSS pixels per
    /// ms (capture units converted with the drawing's `unitsPerInch` when known), exponentially
    /// filtered by `velocityFilterWeight` (signature_pad's model).
    case velocity
    /// Width follows pressure between `minWidth` and `maxWidth`, for strokes whose pressure varies.
    case pressure
}

/// The pen a stroke is drawn with. Widths are in the capture's units.
public struct Pen: Sendable, Hashable, Codable {
    /// The ink colour.
    public var color: Color
    /// Line width for the fixed model.
    public var width: Double
    /// Narrowest and widest line for the variable models.
    public var minWidth: Double
    /// The widest line for the variable models.
    public var maxWidth: Double
    /// Diameter of a one-point stroke; `nil` means `(minWidth + maxWidth) / 2` for variable
    /// models and `width` for the fixed one.
    public var dotSize: Double?
    /// Weight of the newest velocity sample in the velocity model's exponential filter.
    public var velocityFilterWeight: Double
    /// How the width follows the stroke: fixed, or by velocity or pressure.
    public var widthModel: WidthModel

    /// A pen; the defaults are a black pen whose width follows velocity.
    /// - Parameters:
    ///   - color: The ink colour.
    ///   - width: Line width for the fixed model.
    ///   - minWidth: The narrowest line for the variable models.
    ///   - maxWidth: The widest line for the variable models.
    ///   - dotSize: Diameter of a one-point stroke; `nil` means `(minWidth + maxWidth) / 2` for variable models and `width` for the fixed one.
    ///   - velocityFilterWeight: Weight of the newest velocity sample in the velocity model's exponential filter.
    ///   - widthModel: How the width follows the stroke: fixed, or by velocity or pressure.
    public init(
        color: Color = .black, width: Double = 2.5, minWidth: Double = 0.5, maxWidth: Double = 2.5,
        dotSize: Double? = nil, velocityFilterWeight: Double = 0.7, widthModel: WidthModel = .fixed
    ) {
        self.color = color
        self.width = width
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.dotSize = dotSize
        self.velocityFilterWeight = velocityFilterWeight
        self.widthModel = widthModel
    }

    /// The default pen: black, 2.5 units wide, fixed width.
    package static let standard = Pen()

    /// The default pen of a capture with `unitsPerInch` units per inch: the standard pen with its
    /// widths taken as CSS pixels (1/96 inch) and expressed in those units, so ink is 2.5 CSS
    /// pixels wide whatever the capture's resolution. `nil` (units unknown, taken as CSS pixels)
    /// gives `standard`.
    /// - Parameter unitsPerInch: The capture's resolution, when it records one.
    package static func standard(unitsPerInch: Double?) -> Pen {
        guard let unitsPerInch, unitsPerInch.isFinite, unitsPerInch > 0 else { return standard }
        let k = unitsPerInch / 96
        var pen = standard
        pen.width *= k
        pen.minWidth *= k
        pen.maxWidth *= k
        return pen
    }

    /// Diameter of the disc a one-point stroke leaves.
    package var dotDiameter: Double {
        if let dotSize, dotSize > 0 { return dotSize }
        return widthModel == .fixed ? width : (minWidth + maxWidth) / 2
    }
}
