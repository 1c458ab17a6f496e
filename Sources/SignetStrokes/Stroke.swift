/// One continuous pen-down movement.
public struct Stroke: Sendable, Hashable, Codable {
    /// The samples, in the order they were captured.
    public var samples: [Sample]
    /// The pen this stroke was drawn with when the capture recorded one (signature_pad groups do);
    /// otherwise the drawing's pen applies.
    public var pen: Pen?

    /// A stroke of `samples`, drawn with `pen` (the drawing's pen when `nil`).
    /// - Parameters:
    ///   - samples: The samples, in the order they were captured.
    ///   - pen: The pen this stroke was drawn with when the capture recorded one (signature_pad groups do); otherwise the drawing's pen applies.
    public init(samples: [Sample], pen: Pen? = nil) {
        self.samples = samples
        self.pen = pen
    }
}
