import COpenSSL
import CSignetOpenSSL

/// Owns one `OCSP_CERTID`: which certificate an OCSP request asks about, or a response answers for
/// (hashes of its issuer's name and key, and its serial number).
final class OCSPCertID {
    let pointer: OpaquePointer

    /// The certID of `certificate` issued by `issuer`, hashed with `digest` (an `EVP_MD`); SHA-1
    /// by default, what responders expect in a request (RFC 6960 §4.1.1).
    init(_ certificate: Certificate, issuer: Certificate, digest: OpaquePointer? = EVP_sha1()) throws {
        pointer = try OpenSSL.notNull(
            OCSP_cert_to_id(digest, certificate.pointer, issuer.pointer), "OCSP_cert_to_id")
    }

    deinit { OCSP_CERTID_free(pointer) }
}

/// Owns one `OCSP_REQUEST`: one certificate's status asked for, with a nonce.
final class OCSPRequest {
    let pointer: OpaquePointer

    /// A request for `certificate` (issued by `issuer`) carrying `nonce` (random bytes from the caller).
    init(_ certificate: Certificate, issuer: Certificate, nonce: [UInt8]) throws {
        pointer = try OpenSSL.notNull(OCSP_REQUEST_new(), "OCSP_REQUEST_new")
        let id = try OpenSSL.notNull(
            OCSP_cert_to_id(EVP_sha1(), certificate.pointer, issuer.pointer), "OCSP_cert_to_id")
        // add0 takes the certID over, also when it fails.
        guard OCSP_request_add0_id(pointer, id) != nil else {
            OCSP_CERTID_free(id)
            throw OpenSSL.failure("OCSP_request_add0_id")
        }
        var bytes = nonce
        try OpenSSL.check(OCSP_request_add1_nonce(pointer, &bytes, Int32(bytes.count)), "OCSP_request_add1_nonce")
    }

    deinit { OCSP_REQUEST_free(pointer) }

    var der: [UInt8] {
        get throws { try OpenSSL.encode("i2d_OCSP_REQUEST") { i2d_OCSP_REQUEST(pointer, $0) } }
    }
}
