import FoundationEssentials

/// Everything `signet verify` can be asked, with the CLI's defaults.
public struct VerifyOptions: Sendable {
    /// When a signer's certificate is judged.
    public enum ValidationTime: Sendable, Hashable {
        /// The time of the check (`now` below). Default.
        case now
        /// The time the signature claims (signing-time attribute, else `/M`): the signer's own
        /// word, so only for checking old files on purpose.
        case claimed
        /// A fixed instant (`--validation-time 2026-01-31T12:00:00Z`).
        case at(Date)
    }

    /// The instant "now" stands for. The library never reads the clock.
    public var now: Date
    /// Default `.now`. A valid signature timestamp overrides it for the signer's certificate.
    public var validationTime: ValidationTime
    /// Certificates a chain must end at; `nil` or empty: nobody is trusted.
    public var anchors: TrustAnchors?
    /// False (`--no-trust`): judge integrity, changes and algorithms only; a signer without a
    /// trusted chain can still be valid. Default true.
    public var requireTrust: Bool
    /// Accept MD5, SHA-1, RSA and DSA under 2048 bits and EC under 256 bits, in the signature and
    /// in the certificates of its chains (reported, not refused). Default false.
    public var allowWeakAlgorithms: Bool
    /// Where revocation data comes from (`--revocation`). Default `.offline`: what the file holds.
    public var revocation: RevocationMode
    /// How `.online` fetches; without it, `.online` uses what the file holds only.
    public var online: OnlineRevocation?

    /// Verification options; `now` stands for the clock, which the library never reads.
    /// - Parameters:
    ///   - now: The instant "now" stands for.
    ///   - validationTime: When the signer's certificate is judged (default: now).
    ///   - anchors: Certificates a chain must end at; `nil` or empty: nobody is trusted.
    ///   - requireTrust: False (`--no-trust`): judge integrity, changes and algorithms only; a signer without a trusted chain can still be valid.
    ///   - allowWeakAlgorithms: Accept MD5, SHA-1, RSA and DSA under 2048 bits and EC under 256 bits, also in
    ///     the chains' certificates (reported, not refused).
    ///   - revocation: Where revocation data comes from (default: what the file holds).
    ///   - online: How `.online` fetches revocation data.
    public init(
        now: Date, validationTime: ValidationTime = .now, anchors: TrustAnchors? = nil, requireTrust: Bool = true,
        allowWeakAlgorithms: Bool = false, revocation: RevocationMode = .offline, online: OnlineRevocation? = nil
    ) {
        self.revocation = revocation
        self.online = online
        self.now = now
        self.validationTime = validationTime
        self.anchors = anchors
        self.requireTrust = requireTrust
        self.allowWeakAlgorithms = allowWeakAlgorithms
    }
}
