import FoundationEssentials

/// Whether a CRL may speak for one certificate, by what the CRL says of its own scope (RFC 5280
/// §5.2, §5.3, §6.3.3; X.509 §9.6.2.9). The one place both `RevocationJudge` (verifying) and
/// `RevocationCollector` (signing with --ltv, through `CRLCheck`) take this from.
///
/// - Not used at all: a CRL with a critical extension (of its own or of an entry) Signet does not
///   understand; a delta CRL (Signet never combines one with its base CRL); a CRL for attribute
///   certificates only, for CA certificates only (and the certificate is not a CA), for end-entity
///   certificates only (and it is a CA); a CRL whose issuing distribution point names a point the
///   certificate's CRL distribution points do not name (a certificate without them needs a CRL
///   that names no point: a complete one).
/// - Used to show a revocation, never to show "not revoked": a CRL for some reasons only (another
///   reason's revocation would be on another CRL), an indirect CRL (its entries may belong to other
///   authorities, and a missing entry proves nothing for a certificate issuer it does not cover),
///   and a CRL issued after the certificate expired (CAs drop expired certificates from their
///   CRLs) unless its ExpiredCertsOnCRL date is at or before the certificate's notAfter.
enum CRLScope {
    /// What a CRL may say about a certificate.
    enum Use: Equatable {
        /// Both "revoked" and "not revoked".
        case complete
        /// "Revoked" when it lists the certificate; nothing otherwise, for the reason given.
        case revocationsOnly(String)
        /// Nothing, for the reason given.
        case none(String)
    }

    /// Critical CRL extensions Signet reads or may leave aside without changing the verdict:
    /// authorityKeyIdentifier, cRLNumber, issuingDistributionPoint, deltaCRLIndicator,
    /// issuerAltName, freshestCRL, ExpiredCertsOnCRL.
    static let understoodExtensions: Set<String> = [
        "2.5.29.35", "2.5.29.20", "2.5.29.28", "2.5.29.27", "2.5.29.18", "2.5.29.46", "2.5.29.60",
    ]
    /// Critical CRL entry extensions understood: reasonCode, invalidityDate, holdInstructionCode,
    /// certificateIssuer (OpenSSL matches an entry only under its certificate issuer).
    static let understoodEntryExtensions: Set<String> = ["2.5.29.21", "2.5.29.24", "2.5.29.23", "2.5.29.29"]

    /// What `crl` may say about `certificate`.
    static func use(of crl: RevocationList, for certificate: Certificate) -> Use {
        if let unknown = crl.criticalExtension(entries: false, notIn: understoodExtensions) {
            return .none("it has a critical extension Signet does not understand (\(unknown))")
        }
        if let unknown = crl.criticalExtension(entries: true, notIn: understoodEntryExtensions) {
            return .none("an entry of it has a critical extension Signet does not understand (\(unknown))")
        }
        if crl.isDelta { return .none("it is a delta CRL, and a delta CRL without its base CRL proves nothing") }
        let scope = crl.distributionPointScope
        if scope.contains(.unreadable) { return .none("its issuing distribution point cannot be read") }
        if scope.contains(.onlyAttributeCertificates) { return .none("it covers attribute certificates only") }
        if scope.contains(.onlyCACertificates), !certificate.isCA { return .none("it covers CA certificates only") }
        if scope.contains(.onlyUserCertificates), certificate.isCA {
            return .none("it covers end-entity certificates only")
        }
        if scope.contains(.named), !crl.distributionPointMatches(certificate) {
            return .none("its issuing distribution point is not one of the certificate's CRL distribution points")
        }
        if scope.contains(.onlySomeReasons) { return .revocationsOnly("it covers only some revocation reasons") }
        if scope.contains(.indirect) { return .revocationsOnly("it is an indirect CRL") }
        if let issued = crl.thisUpdate, let expiry = certificate.notAfter, issued > expiry,
            (crl.expiredCertificatesKeptSince.map { $0 > expiry }) ?? true
        {
            return .revocationsOnly(
                "it was issued on \(DateText.utc(issued)), after the certificate expired on \(DateText.utc(expiry))")
        }
        return .complete
    }
}
