import COpenSSL
import CSignetOpenSSL

/// Owns one ESS `SigningCertificate` (RFC 2634, SHA-1 certificate hashes).
final class ESSSigningCertificate {
    let pointer: OpaquePointer

    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_ESS_SIGNING_CERT") { d2i_ESS_SIGNING_CERT(nil, $0, $1) }
    }

    deinit { ESS_SIGNING_CERT_free(pointer) }
}

/// Owns one ESS `SigningCertificateV2` (RFC 5035, any hash, SHA-256 by default).
final class ESSSigningCertificateV2 {
    let pointer: OpaquePointer

    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_ESS_SIGNING_CERT_V2") { d2i_ESS_SIGNING_CERT_V2(nil, $0, $1) }
    }

    deinit { ESS_SIGNING_CERT_V2_free(pointer) }
}

enum SigningCertificateCheck {
    /// True when every certificate the attributes name is in `chain` and the first one is
    /// `chain[0]` (the signer), compared by hash and, when given, issuer and serial.
    static func matches(v1: ESSSigningCertificate?, v2: ESSSigningCertificateV2?, chain: [Certificate]) throws -> Bool {
        let stack = try CertificateStack(chain)
        OpenSSL.clearErrors()
        let status = OSSL_ESS_check_signing_certs(v1?.pointer, v2?.pointer, stack.pointer, 0)
        OpenSSL.clearErrors()
        return status == 1
    }
}
