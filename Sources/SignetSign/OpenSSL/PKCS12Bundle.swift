import COpenSSL

/// Owns one parsed `PKCS12` structure (before its bags are decrypted).
final class PKCS12Bundle {
    let pointer: OpaquePointer

    /// Parses the DER bytes of a .p12/.pfx file.
    init(der bytes: [UInt8]) throws {
        let parsed = bytes.withUnsafeBufferPointer { buf -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buf.baseAddress
            return d2i_PKCS12(nil, &cursor, buf.count)
        }
        pointer = try OpenSSL.notNull(parsed, "d2i_PKCS12")
    }

    deinit { PKCS12_free(pointer) }

    /// True when the file carries an integrity MAC (most do).
    var hasMAC: Bool { PKCS12_mac_present(pointer) == 1 }

    /// True when `password` (`nil` = none) opens the MAC.
    func macVerifies(_ password: UnsafePointer<CChar>?, length: Int32) -> Bool {
        let ok = PKCS12_verify_mac(pointer, password, length) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// Decrypts the bags: the key, the certificate matching it, and every other certificate.
    func parse(_ password: UnsafePointer<CChar>?) throws -> (key: PrivateKey?, certificate: Certificate?, others: [Certificate]) {
        var key: OpaquePointer?
        var cert: OpaquePointer?
        var others: OpaquePointer?
        try OpenSSL.check(PKCS12_parse(pointer, password, &key, &cert, &others), "PKCS12_parse")
        let rest = try others.map { try CertificateStack(taking: $0).certificates() } ?? []
        return (key.map(PrivateKey.init(taking:)), cert.map(Certificate.init(taking:)), rest)
    }
}
