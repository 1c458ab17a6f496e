/// How a found test stamp is turned or mirrored relative to upright, as the reader sees it.
///
/// The test stamp has its red block in the top-left corner and its green block in the top-right
/// corner; each of the eight symmetries of a rectangle moves that pair to a different pair of
/// corners, so the two corners name the orientation.
package enum StampOrientation: String, Sendable, Hashable, CaseIterable {
    case upright
    /// Turned a quarter turn clockwise.
    case rotated90
    case rotated180
    /// Turned a quarter turn counter-clockwise.
    case rotated270
    /// Left and right swapped.
    case mirroredLeftRight
    /// Top and bottom swapped.
    case mirroredTopBottom
    /// Mirrored across the top-left to bottom-right diagonal.
    case transposed
    /// Mirrored across the top-right to bottom-left diagonal.
    case antiTransposed

    package enum Corner: Sendable, Hashable {
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The orientation that puts red in `red` and green in `green`, or `nil` when no symmetry does
    /// (the two colours on the same corner or on opposite corners).
    package init?(red: Corner, green: Corner) {
        switch (red, green) {
        case (.topLeft, .topRight): self = .upright
        case (.topRight, .bottomRight): self = .rotated90
        case (.bottomRight, .bottomLeft): self = .rotated180
        case (.bottomLeft, .topLeft): self = .rotated270
        case (.topRight, .topLeft): self = .mirroredLeftRight
        case (.bottomLeft, .bottomRight): self = .mirroredTopBottom
        case (.topLeft, .bottomLeft): self = .transposed
        case (.bottomRight, .topRight): self = .antiTransposed
        default: return nil
        }
    }
}
