/// Bounds a decoder enforces before allocating pixels, so a hostile header cannot exhaust memory.
public struct DecodeLimits: Sendable, Hashable, Codable {
    /// Largest width × height accepted (default 25 000 000: 100 MB of RGBA).
    public var maxPixels: Int

    /// Refuses images of more than `maxPixels` pixels.
    /// - Parameter maxPixels: The largest width × height accepted (default 25 million).
    public init(maxPixels: Int = 25_000_000) {
        self.maxPixels = maxPixels
    }
}
