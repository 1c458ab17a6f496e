import COpenSSL

/// Owns one `X509_NAME`: a distinguished name parsed on its own, compared the way OpenSSL compares
/// an issuer (canonical form, `X509_NAME_cmp`).
final class DistinguishedName {
    let pointer: OpaquePointer

    /// Parses a DER Name; throws `OpenSSLFailure` when the bytes are not one.
    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_X509_NAME") { d2i_X509_NAME(nil, $0, $1) }
    }

    deinit { X509_NAME_free(pointer) }

    /// True when this is the name of `certificate`'s issuer.
    func names(issuerOf certificate: Certificate) -> Bool {
        X509_NAME_cmp(pointer, X509_get_issuer_name(certificate.pointer)) == 0
    }
}
