import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// Owns one `X509_CRL`: a certificate revocation list, parsed from DER or PEM.
final class RevocationList {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// Parses one CRL, DER or PEM.
    convenience init(bytes: [UInt8]) throws {
        if bytes.starts(with: [0x30]) {
            self.init(taking: try OpenSSL.parse(der: bytes, "d2i_X509_CRL") { d2i_X509_CRL(nil, $0, $1) })
        } else {
            let bio = try MemoryBIO(copying: bytes)
            self.init(
                taking: try OpenSSL.notNull(PEM_read_bio_X509_CRL(bio.pointer, nil, nil, nil), "PEM_read_bio_X509_CRL"))
        }
    }

    deinit { X509_CRL_free(pointer) }

    var der: [UInt8] {
        get throws { try OpenSSL.encode("i2d_X509_CRL") { i2d_X509_CRL(pointer, $0) } }
    }

    var thisUpdate: Date? { X509_CRL_get0_lastUpdate(pointer).flatMap(Certificate.date) }
    var nextUpdate: Date? { X509_CRL_get0_nextUpdate(pointer).flatMap(Certificate.date) }

    /// True when the CRL's issuer is the issuer named in `certificate`.
    func speaks(for certificate: Certificate) -> Bool {
        X509_NAME_cmp(X509_CRL_get_issuer(pointer), X509_get_issuer_name(certificate.pointer)) == 0
    }

    /// True when the CRL's signature verifies with `issuer`'s key; false without a check for a key
    /// whose signatures prove nothing (`PrivateKey.defect`).
    func isSigned(by issuer: Certificate) throws -> Bool {
        let key = try issuer.publicKey()
        guard key.defect == nil else { return false }
        let ok = X509_CRL_verify(pointer, key.pointer) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// A certificate the list names: when it was revoked (`nil` when the date cannot be read), and
    /// why (its reasonCode's name, "keyCompromise"; `nil` when the entry gives none).
    struct Entry {
        var revoked: Date?
        var reason: String?
    }

    /// The entry for `certificate`'s serial number, or `nil` when the list does not name it.
    func entry(for certificate: Certificate) -> Entry? {
        var entry: OpaquePointer?
        guard X509_CRL_get0_by_serial(pointer, &entry, X509_get0_serialNumber(certificate.pointer)) == 1, let entry
        else {
            OpenSSL.clearErrors()
            return nil
        }
        var reason: String?
        if let code = X509_REVOKED_get_ext_d2i(entry, NID_crl_reason, nil, nil) {
            let enumerated = code.assumingMemoryBound(to: ASN1_ENUMERATED.self)
            reason = OCSPBasicResponse.reasonName(ASN1_ENUMERATED_get(enumerated))
            ASN1_ENUMERATED_free(enumerated)
        }
        OpenSSL.clearErrors()
        return Entry(revoked: X509_REVOKED_get0_revocationDate(entry).flatMap(Certificate.date), reason: reason)
    }
}
