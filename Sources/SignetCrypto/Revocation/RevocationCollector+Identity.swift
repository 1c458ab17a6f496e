import FoundationEssentials

extension RevocationCollector {
    /// A collector that also knows `identity`'s chain (for a chain the signature itself does not carry whole).
    /// - Parameters:
    ///   - identity: The signing identity whose chain helps build chains.
    ///   - extraCertificates: More DER or PEM certificates to build chains with (`--certs`).
    ///   - now: The time of fetching.
    ///   - nonce: Fresh random bytes for each OCSP request.
    ///   - fetch: The HTTP transport.
    package convenience init(
        identity: SigningIdentity, extraCertificates: [[UInt8]] = [], now: Date, nonce: @escaping () -> [UInt8],
        fetch: @escaping (RevocationRequest) throws -> [UInt8]
    ) throws {
        try self.init(
            extraCertificates: try identity.chain.map { try $0.der } + extraCertificates, now: now, nonce: nonce,
            fetch: fetch)
    }
}
