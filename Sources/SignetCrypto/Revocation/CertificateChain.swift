import FoundationEssentials

/// Builds a certificate's chain from a pool of certificates by issuer name, key identifier and
/// signature (not by trust): the leaf, its issuer, and so on up to a self-signed root or the
/// last issuer found.
enum CertificateChain {
    /// The longest chain followed (a loop or an absurd pool stops here).
    static let maxLength = 12

    /// `leaf` first. `fetchIssuer`, when given, is asked for a missing issuer (from the caIssuers URL).
    static func build(
        from leaf: Certificate, pool: [Certificate], fetchIssuer: ((Certificate) throws -> Certificate?)? = nil
    ) throws -> [Certificate] {
        var chain = [leaf]
        while chain.count < maxLength, let last = chain.last, !last.isSelfSigned {
            var issuer = try pool.first { try last.isIssued(by: $0) && !$0.isSame(as: last) }
            if issuer == nil, let fetched = try fetchIssuer?(last), try last.isIssued(by: fetched) { issuer = fetched }
            guard let issuer, !chain.contains(where: { $0.isSame(as: issuer) }) else { break }
            chain.append(issuer)
        }
        return chain
    }

    /// The chain a signer's (or timestamp authority's) certificate is judged on, leaf first: the
    /// one OpenSSL trusts at `time` (through `pool`, in its order, to one of `anchors`) when there
    /// is one, else `build`'s; and OpenSSL's verdict (nil without anchors). Judging another chain
    /// than the trusted one would let a look-alike issuer in the pool (a self-signed twin of the
    /// real intermediate, say) hide the certificate the trust rests on from the algorithm and
    /// revocation rules.
    static func judged(
        _ leaf: Certificate, pool: [Certificate], anchors: [Certificate], at time: Date
    ) throws -> (chain: [Certificate], trust: TrustStore.Outcome?) {
        guard !anchors.isEmpty else { return (try build(from: leaf, pool: pool), nil) }
        let outcome = try TrustStore(anchors: anchors).verify(leaf, intermediates: pool, at: time)
        if case .trusted(let chain) = outcome { return (chain, outcome) }
        return (try build(from: leaf, pool: pool + anchors), outcome)
    }
}
