import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// What a CRL says of its own scope: its issuing distribution point, whether it is a delta CRL,
/// its critical extensions and the ExpiredCertsOnCRL date (RFC 5280 §5.2, §5.3; X.509 §9.6.2.9).
extension RevocationList {
    /// The flags of the issuingDistributionPoint extension (RFC 5280 §5.2.5).
    struct DistributionPointScope: OptionSet {
        let rawValue: Int32
        static let onlyUserCertificates = Self(rawValue: Int32(SIGNET_IDP_ONLY_USER))
        static let onlyCACertificates = Self(rawValue: Int32(SIGNET_IDP_ONLY_CA))
        static let onlyAttributeCertificates = Self(rawValue: Int32(SIGNET_IDP_ONLY_ATTRIBUTE))
        static let onlySomeReasons = Self(rawValue: Int32(SIGNET_IDP_SOME_REASONS))
        static let indirect = Self(rawValue: Int32(SIGNET_IDP_INDIRECT))
        /// The extension names a distribution point.
        static let named = Self(rawValue: Int32(SIGNET_IDP_NAMED))
        /// The extension is there but cannot be read.
        static let unreadable = Self(rawValue: Int32(SIGNET_IDP_UNREADABLE))
    }

    /// The issuing distribution point's scope (empty when the CRL has none).
    var distributionPointScope: DistributionPointScope {
        let scope = DistributionPointScope(rawValue: signet_X509_CRL_idp_scope(pointer))
        OpenSSL.clearErrors()
        return scope
    }

    /// True when the issuing distribution point's full name shares a name with one of the
    /// full names of `certificate`'s CRL distribution points.
    func distributionPointMatches(_ certificate: Certificate) -> Bool {
        let match = signet_X509_CRL_idp_names_match(pointer, certificate.pointer) == 1
        OpenSSL.clearErrors()
        return match
    }

    /// True for a delta CRL (it carries a deltaCRLIndicator).
    var isDelta: Bool { X509_CRL_get_ext_by_NID(pointer, NID_delta_crl, -1) >= 0 }

    /// The dotted OID of the first critical extension of the CRL itself (`entries` false) or of
    /// any of its entries (true) that `understood` does not hold; `nil` when there is none. One
    /// pass over the entries, however many there are.
    func criticalExtension(entries: Bool, notIn understood: Set<String>) -> String? {
        func unknown(_ extensions: [OpaquePointer?]) -> String? {
            extensions.lazy.filter { X509_EXTENSION_get_critical($0) != 0 }
                .map { OpenSSL.dotted(X509_EXTENSION_get_object($0)) }.first { !understood.contains($0) }
        }
        guard entries else {
            return unknown((0..<X509_CRL_get_ext_count(pointer)).map { X509_CRL_get_ext(pointer, $0) })
        }
        guard let list = X509_CRL_get_REVOKED(pointer) else { return nil }
        for index in 0..<signet_sk_X509_REVOKED_num(list) {
            let entry = signet_sk_X509_REVOKED_value(list, index)
            if let found = unknown((0..<X509_REVOKED_get_ext_count(entry)).map { X509_REVOKED_get_ext(entry, $0) }) {
                return found
            }
        }
        return nil
    }

    /// The date of the ExpiredCertsOnCRL extension: the CRL still lists certificates revoked
    /// that expired at or after it. `nil` when the CRL has none.
    var expiredCertificatesKeptSince: Date? {
        guard let time = signet_X509_CRL_expired_certs_on_crl(pointer) else {
            OpenSSL.clearErrors()
            return nil
        }
        defer { ASN1_GENERALIZEDTIME_free(time) }
        return Certificate.date(UnsafePointer(time))
    }
}
