/// A width and a height, in the units the context says.
public struct Size: Sendable, Hashable, Codable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A size of `width` by `height`.
    /// - Parameters:
    ///   - width: The width.
    ///   - height: The height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    package static let zero = Size(width: 0, height: 0)

    /// US Letter in PDF points, what readers assume for a page without a MediaBox.
    package static let letter = Size(width: 612, height: 792)

    /// `height` and `width` swapped (a page turned by 90°).
    package var transposed: Size { Size(width: height, height: width) }

    /// Width times height.
    package var area: Double { width * height }
}
