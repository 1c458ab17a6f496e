import COpenSSL
import CSignetOpenSSL

/// Where a certificate says its status and its issuer can be found, and who issued it.
extension Certificate {
    /// The OCSP responders of its authority information access extension.
    var ocspURLs: [String] { Self.urls { signet_X509_ocsp_url(pointer, $0) } }
    /// The CRL distribution points that are URIs.
    var crlURLs: [String] { Self.urls { signet_X509_crl_url(pointer, $0) } }
    /// Where its issuer's certificate can be fetched (authority information access, caIssuers).
    var issuerURLs: [String] { Self.urls { signet_X509_ca_issuers_url(pointer, $0) } }

    /// True for a self-issued certificate whose signature its own key verifies (a root).
    var isSelfSigned: Bool { (try? isIssued(by: self)) ?? false }

    /// True when `issuer`'s subject and key identifiers match this certificate's issuer (the
    /// signature is not checked).
    func namesIssuer(_ issuer: Certificate) -> Bool { X509_check_issued(issuer.pointer, pointer) == X509_V_OK }

    /// True when `issuer`'s subject and key identifiers match this certificate's issuer and its key verifies the signature.
    func isIssued(by issuer: Certificate) throws -> Bool {
        guard namesIssuer(issuer) else {
            OpenSSL.clearErrors()
            return false
        }
        let key = try issuer.publicKey()
        let ok = X509_verify(pointer, key.pointer) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// True for a CA certificate (basicConstraints cA, as OpenSSL reads it).
    var isCA: Bool {
        let flags = X509_get_extension_flags(pointer)
        OpenSSL.clearErrors()
        return flags & UInt32(EXFLAG_CA) != 0
    }

    /// True when the extended key usage allows signing OCSP responses (id-kp-OCSPSigning).
    var allowsOCSPSigning: Bool {
        ((try? ExtendedKeyUsage(self))??.purposes ?? []).contains("1.3.6.1.5.5.7.3.9")
    }

    private static func urls(_ get: (Int32) -> UnsafeMutablePointer<CChar>?) -> [String] {
        var found: [String] = []
        var index: Int32 = 0
        while let url = get(index) {
            found.append(String(cString: url))
            signet_openssl_free(url)
            index += 1
        }
        OpenSSL.clearErrors()
        return found
    }
}
