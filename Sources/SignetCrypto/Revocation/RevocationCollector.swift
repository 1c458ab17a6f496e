import FoundationEssentials
import SignetCore

/// One HTTP exchange the collector needs: a POST of an OCSP request, or a GET of a CRL or certificate.
package struct RevocationRequest: Sendable, Hashable {
    package var url: String
    /// The body of a POST (`application/ocsp-request`); nil for a GET.
    package var body: [UInt8]?
    package var contentType: String? { body == nil ? nil : "application/ocsp-request" }
}

/// Gathers the validation material (certificates, OCSP responses, CRLs) of a signature's chains
/// for a DSS: the signer's chain and the chain of its signature timestamp's authority, every
/// certificate up to the root; OCSP where the certificate names a responder, else its CRL.
/// Every response is checked before it is kept (`OCSPCheck`, `CRLCheck`).
package final class RevocationCollector {
    /// Fetches one URL (the caller's HTTP transport); throws what the transport throws.
    let fetch: (RevocationRequest) throws -> [UInt8]
    /// The time of fetching (responses must be current at it) and the source of OCSP nonces.
    let now: Date
    let nonce: () -> [UInt8]
    /// Certificates known besides those a signature carries (the signer's chain as given, a DSS's).
    private(set) var extra: [Certificate]
    private var fetchedCRLs: [String: [UInt8]] = [:]
    private var fetchedIssuers: [String: Certificate] = [:]

    /// - Parameters:
    ///   - extraCertificates: DER or PEM certificates to build chains with (the identity's chain).
    ///   - fetch: The HTTP transport.
    ///   - now: The time of fetching.
    ///   - nonce: Fresh random bytes for each OCSP request.
    package init(
        extraCertificates: [[UInt8]] = [], now: Date, nonce: @escaping () -> [UInt8],
        fetch: @escaping (RevocationRequest) throws -> [UInt8]
    ) throws {
        self.fetch = fetch
        self.now = now
        self.nonce = nonce
        extra = try extraCertificates.flatMap { try Certificate.read($0) }
    }

    /// Adds certificates to build chains with (those a document's DSS already holds: a document
    /// timestamp's token often carries only the authority's own certificate).
    package func learn(certificates: [[UInt8]]) {
        for der in certificates {
            guard let certificate = try? Certificate.read(der).first else {
                OpenSSL.clearErrors()
                continue
            }
            if !extra.contains(where: { $0.isSame(as: certificate) }) { extra.append(certificate) }
        }
    }

    /// The material for a signature's CMS (its /Contents): the signer's chain and its timestamp
    /// authority's. Throws `RevocationError.revoked` when a certificate of the signer's chain was
    /// revoked at or before the signature's time (its timestamp's, else now).
    package func material(forSignature cms: [UInt8], context: String) throws -> ValidationMaterial {
        guard let parties = try SignedParties(cms: cms) else { return ValidationMaterial() }
        let time = parties.timestampTime ?? now
        var found = try material(for: parties.signer, whose: "the signer's", refuseAt: time, context: context)
        if let authority = parties.timestampAuthority {
            found.add(
                try material(for: authority, whose: "the timestamp authority's", refuseAt: time, context: context))
        }
        return found
    }

    /// The material for a document timestamp's token: its authority's chain.
    package func material(forTimestampToken token: [UInt8], context: String) throws -> ValidationMaterial {
        guard let parties = try SignedParties(token: token) else { return ValidationMaterial() }
        return try material(
            for: parties.signer, whose: "the timestamp authority's", refuseAt: parties.timestampTime ?? now,
            context: context)
    }

    private func material(
        for party: SignedParties.Party, whose: String, refuseAt time: Date, context: String
    ) throws -> ValidationMaterial {
        let chain = try CertificateChain.build(
            from: party.certificate, pool: party.carried + extra, fetchIssuer: { try self.issuer(of: $0) })
        var material = ValidationMaterial(certificates: try chain.map { try $0.der })
        for (index, certificate) in chain.enumerated() where !certificate.isSelfSigned {
            guard index + 1 < chain.count else {
                throw RevocationError(context, .issuerNotFound(subject: certificate.subject))
            }
            let (found, evidence) = try status(of: certificate, issuer: chain[index + 1], context: context)
            if evidence.revoked(at: time), case .revoked(let date, _) = evidence.status {
                let who = index == 0 ? whose : "a CA certificate in \(whose) chain"
                throw RevocationError(
                    context, .revoked(subject: certificate.subject, whose: who, on: date.map(DateText.utc)))
            }
            material.add(found)
        }
        return material
    }

    /// OCSP from the first responder that answers usably, else the first usable CRL.
    func status(
        of certificate: Certificate, issuer: Certificate, context: String
    ) throws -> (ValidationMaterial, RevocationEvidence) {
        let ocsp = certificate.ocspURLs
        let crl = certificate.crlURLs
        guard !ocsp.isEmpty || !crl.isEmpty else {
            throw RevocationError(context, .noRevocationSource(subject: certificate.subject))
        }
        var lastError: RevocationError?
        for url in ocsp {
            do {
                let request = try OCSPRequest(certificate, issuer: issuer, nonce: nonce())
                let bytes = try get(RevocationRequest(url: url, body: try request.der))
                let evidence: RevocationEvidence
                do {
                    evidence = try OCSPCheck.check(
                        bytes, certificate: certificate, issuer: issuer, request: request, now: now)
                } catch let problem as RevocationProblem {
                    throw RevocationError(context, .unusable(subject: certificate.subject, url: url, why: problem.why))
                }
                var found = ValidationMaterial(ocspResponses: [bytes])
                if let responder = evidence.responderDER { found.add(certificates: [responder]) }
                return (found, evidence)
            } catch let error as RevocationError {
                lastError = error
            }
        }
        for url in crl {
            do {
                let bytes = try fetchedCRLs[url] ?? get(RevocationRequest(url: url))
                fetchedCRLs[url] = bytes
                let list = try RevocationList(bytes: bytes)
                let evidence: RevocationEvidence
                do {
                    evidence = try CRLCheck.check(list, certificate: certificate, issuer: issuer, now: now)
                } catch let problem as RevocationProblem {
                    throw RevocationError(context, .unusable(subject: certificate.subject, url: url, why: problem.why))
                }
                return (ValidationMaterial(crls: [try list.der]), evidence)
            } catch let error as RevocationError {
                lastError = error
            } catch let failure as OpenSSLFailure {
                lastError = RevocationError(
                    context,
                    .unusable(subject: certificate.subject, url: url, why: "it is not a CRL (\(failure.summary))"))
            }
        }
        throw lastError!
    }

    /// A missing issuer from the certificate's caIssuers URL (DER or PEM).
    private func issuer(of certificate: Certificate) throws -> Certificate? {
        for url in certificate.issuerURLs {
            if let known = fetchedIssuers[url] { return known }
            guard let bytes = try? get(RevocationRequest(url: url)), let found = try? Certificate.read(bytes).first
            else {
                OpenSSL.clearErrors()
                continue
            }
            fetchedIssuers[url] = found
            return found
        }
        return nil
    }

    private func get(_ request: RevocationRequest) throws -> [UInt8] {
        do {
            return try fetch(request)
        } catch let error as RevocationError {
            throw error
        } catch {
            throw RevocationError(
                request.url, .fetchFailed(url: request.url, why: (error as? any SignetError)?.message ?? "\(error)"))
        }
    }
}
