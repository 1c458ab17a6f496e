/// Bounds a decoder enforces before allocating pixels, so a hostile header cannot exhaust memory.
public struct DecodeLimits: Sendable, Hashable, Codable {
    /// Largest width × height accepted, the file's own size (default ``defaultMaxPixels``).
    public var maxPixels: Int

    /// The default `maxPixels`: 60 million, which takes the 50 MP photos of today's cameras (a
    /// 8688×5792 frame). A JPEG fitted under a byte budget is decoded smaller (docs/budget.md);
    /// any other image holds 4 bytes per pixel while decoded.
    public static let defaultMaxPixels = 60_000_000

    /// Refuses images of more than `maxPixels` pixels.
    /// - Parameter maxPixels: The largest width × height accepted (default 60 million).
    public init(maxPixels: Int = DecodeLimits.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }
}
