import FoundationEssentials

/// Checks one OCSP response or CRL given as bytes against a certificate and its issuer (PEM or
/// DER): what `RevocationCollector` does before embedding, and `RevocationJudge` before trusting.
package enum RevocationValues {
    /// Throws `RevocationProblem` when the response is not usable; `now`, when given, is the time of fetching.
    package static func checkOCSP(
        _ response: [UInt8], certificate: [UInt8], issuer: [UInt8], now: Date? = nil
    ) throws -> RevocationEvidence {
        try OCSPCheck.check(
            response, certificate: try first(certificate), issuer: try first(issuer), now: now)
    }

    /// Throws `RevocationProblem` when the CRL is not usable; `now`, when given, is the time of fetching.
    package static func checkCRL(
        _ crl: [UInt8], certificate: [UInt8], issuer: [UInt8], now: Date? = nil
    ) throws -> RevocationEvidence {
        try CRLCheck.check(
            try RevocationListCache.parse(crl), certificate: try first(certificate), issuer: try first(issuer),
            now: now)
    }

    private static func first(_ bytes: [UInt8]) throws -> Certificate {
        guard let certificate = try Certificate.read(bytes).first else { throw RevocationProblem("no certificate") }
        return certificate
    }
}
