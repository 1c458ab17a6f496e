import Signet

/// How the CLI reaches OCSP responders and CRL distribution points (`sign --ltv`,
/// `verify --revocation online`): libcurl with the default limits and no credentials (a TSA's
/// credentials are never sent to them), and the system's random source for OCSP nonces.
enum RevocationAccess {
    static func online() -> OnlineRevocation {
        OnlineRevocation(transport: CurlTransport(), nonce: { (0..<16).map { _ in UInt8.random(in: 0...255) } })
    }
}
