/// Where an RFC 3161 timestamp is requested (`signet sign --tsa URL`, `signet timestamp`). The
/// HTTP limits and any credentials belong to the transport (`CurlTransport`).
public struct TimestampOptions: Sendable, Hashable, Codable {
    /// The timestamp authority's `http` or `https` URL (without credentials).
    public var url: String
    /// The TSA policy to ask for (dotted object identifier); the reply must carry it. `nil` (default)
    /// takes the authority's default policy.
    public var policy: String?

    /// A timestamp authority to ask.
    /// - Parameters:
    ///   - url: The authority's `http` or `https` URL.
    ///   - policy: The TSA policy to ask for (dotted object identifier), or `nil` for its default.
    public init(url: String, policy: String? = nil) {
        self.url = url
        self.policy = policy
    }
}
