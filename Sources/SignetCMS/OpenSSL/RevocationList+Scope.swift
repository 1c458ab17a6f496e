import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// What a CRL says of its own scope: its issuing distribution point, whether it is a delta CRL,
/// its critical extensions and the ExpiredCertsOnCRL date (RFC 5280 §5.2, §5.3; X.509 §9.6.2.9).
extension RevocationList {
    /// The flags of the issuingDistributionPoint extension (RFC 5280 §5.2.5).
    struct DistributionPointScope: OptionSet {
        let rawValue: Int32
        static let present = Self(rawValue: Int32(SIGNET_IDP_PRESENT))
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

    /// The dotted OIDs of the CRL's critical extensions (`entries` false) or of its entries' (true).
    func criticalExtensions(entries: Bool) -> [String] {
        var found: [String] = []
        while let oid = signet_X509_CRL_critical_oid(pointer, entries ? 1 : 0, Int32(found.count)) {
            found.append(String(cString: oid))
            signet_openssl_free(oid)
        }
        OpenSSL.clearErrors()
        return found
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
