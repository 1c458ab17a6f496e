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
    /// The attribute value (a `SigningCertificate` or `SigningCertificateV2` SEQUENCE) reduced to
    /// its first certificate ID, without policies: the entry that names the signer. The bytes as
    /// they are when their framing does not hold a list of certificate IDs (OpenSSL then refuses them).
    static func firstEntry(of value: [UInt8]) -> [UInt8] {
        guard let certs = DER.elements(ofSequence: value)?.first.map({ Array(value[$0]) }),
            let first = DER.elements(ofSequence: certs)?.first
        else { return value }
        let id = Array(certs[first])
        let list = [0x30] + DER.length(id.count) + id
        return [0x30] + DER.length(list.count) + list
    }

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
