import COpenSSL
import CSignetOpenSSL

/// Owns one decoded `EXTENDED_KEY_USAGE` extension (a stack of purpose object identifiers).
final class ExtendedKeyUsage {
    let pointer: OpaquePointer
    /// The extension is marked critical.
    let critical: Bool

    /// The certificate's extended key usage; `nil` when it has none. Throws when it is present
    /// but cannot be decoded (or appears twice).
    init?(_ certificate: Certificate) throws {
        var critical: Int32 = -1
        OpenSSL.clearErrors()
        guard let decoded = signet_X509_get_eku(certificate.pointer, &critical) else {
            if critical == -1 {
                OpenSSL.clearErrors()
                return nil
            }
            throw OpenSSL.failure("X509_get_ext_d2i(extendedKeyUsage)")
        }
        pointer = decoded
        self.critical = critical == 1
    }

    deinit { EXTENDED_KEY_USAGE_free(pointer) }

    /// The purposes in dotted form ("1.3.6.1.5.5.7.3.8").
    var purposes: [String] {
        (0..<signet_sk_ASN1_OBJECT_num(pointer)).map { OpenSSL.dotted(signet_sk_ASN1_OBJECT_value(pointer, $0)) }
    }
}
