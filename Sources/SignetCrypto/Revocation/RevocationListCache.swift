/// The CRLs of one verification, each parsed once: a file's signatures share its `/DSS`, and every
/// certificate of every chain is looked up in every CRL the file holds, where parsing a CRL of
/// 100,000 entries (2.2 MB) takes about 80 ms and the store may hold 128 MiB of them. A CRL is
/// parsed only once a certificate whose issuer it names asks for it: its issuer is read from its
/// framing first, since OpenSSL keeps about ten times a CRL's size in memory, and anyone can list
/// large CRLs of other authorities (eight of 12 MiB took 952 MB). Nor is a CRL kept parsed once
/// its signature failed with the key of the issuer it names: anyone can name an authority. Used by
/// one verification at a time (not shared between threads).
package final class RevocationListCache {
    private var parsed: [ByteKey: Result<RevocationList, RevocationProblem>] = [:]
    /// Each CRL's issuer as its framing shows it (nil: not framed like a DER CRL, so parsed to say why).
    private var issuers: [ByteKey: DistinguishedName?] = [:]
    /// CRLs whose signature failed, with the certificate of the issuer tried (its DER).
    private var forged: Set<[ByteKey]> = []

    package init() {}

    /// How many CRLs are held parsed (what the tests check of the issuer filter).
    var parsedLists: Int { parsed.count }

    /// What the CRL in `bytes` says of `certificate`, whose issuer is `issuer` (`CRLCheck.check`),
    /// or the `RevocationProblem` that makes it say nothing.
    func evidence(_ bytes: [UInt8], certificate: Certificate, issuer: Certificate) throws -> RevocationEvidence {
        let key = ByteKey(bytes)
        let pair = [key, ByteKey(try issuer.der)]
        if forged.contains(pair) { throw CRLCheck.badSignature }
        let list = try list(key, about: certificate)
        let mark = OpenSSL.MemoryMark()
        do {
            return try CRLCheck.check(list, certificate: certificate, issuer: issuer)
        } catch let problem as RevocationProblem where problem == CRLCheck.badSignature {
            parsed[key] = nil
            // A check that ran out of memory proves nothing: it is tried again when asked again.
            if !mark.ranOut { forged.insert(pair) }
            throw problem
        }
    }

    /// `bytes` parsed, when it may speak for `certificate`: `CRLCheck.otherAuthority` without a
    /// parse when its framing names another issuer than `certificate`'s; `RevocationProblem` when it is no CRL.
    func list(_ bytes: [UInt8], about certificate: Certificate) throws -> RevocationList {
        try list(ByteKey(bytes), about: certificate)
    }

    private func list(_ key: ByteKey, about certificate: Certificate) throws -> RevocationList {
        if let known = parsed[key] { return try known.get() }
        let issuer: DistinguishedName?
        if let known = issuers[key] {
            issuer = known
        } else {
            issuer = DER.crlIssuer(key.bytes).flatMap { try? DistinguishedName(der: $0) }
            issuers[key] = .some(issuer)
        }
        if let issuer, !issuer.names(issuerOf: certificate) { throw CRLCheck.otherAuthority }
        let result: Result<RevocationList, RevocationProblem>
        let mark = OpenSSL.MemoryMark()
        do {
            result = .success(try Self.parse(key.bytes))
        } catch let problem as RevocationProblem {
            result = .failure(problem)
        }
        // A parse that ran out of memory is tried again (and counted again) when asked again.
        if !mark.ranOut { parsed[key] = result }
        return try result.get()
    }

    /// `bytes` parsed, or `RevocationProblem` when it is no CRL (the one parse of a CRL a verifier
    /// judges, cached or not).
    static func parse(_ bytes: [UInt8]) throws -> RevocationList {
        do {
            return try RevocationList(bytes: bytes)
        } catch let failure as OpenSSLFailure {
            throw RevocationProblem("it is not a CRL (\(failure.summary))")
        }
    }
}
