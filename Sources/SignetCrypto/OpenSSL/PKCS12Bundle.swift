import COpenSSL
import CSignetOpenSSL

/// Owns one parsed `PKCS12` structure (before its bags are decrypted).
final class PKCS12Bundle {
    let pointer: OpaquePointer

    /// Parses the DER bytes of a .p12/.pfx file.
    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_PKCS12") { d2i_PKCS12(nil, $0, $1) }
    }

    deinit { PKCS12_free(pointer) }

    /// True when the file carries an integrity MAC (most do).
    var hasMAC: Bool { PKCS12_mac_present(pointer) == 1 }

    /// The MAC's key-derivation iterations (1 when the file states none; 0 without a MAC).
    var macIterations: Int {
        guard hasMAC else { return 0 }
        var iterations: UnsafePointer<ASN1_INTEGER>?
        PKCS12_get0_mac(nil, nil, nil, &iterations, pointer)
        guard let iterations else { return 1 }
        var value: UInt64 = 0
        guard ASN1_INTEGER_get_uint64(&value, iterations) == 1 else {
            OpenSSL.clearErrors()
            return Int.max
        }
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    /// The key-derivation work of decrypting the bags with `password` (see
    /// `signet_pkcs12_decryption_cost`); counting stops soon after `cap` is passed.
    func decryptionCost(_ password: UnsafePointer<CChar>?, cap: Int) -> Int {
        Int(signet_pkcs12_decryption_cost(pointer, password, Int64(cap)))
    }

    /// True when `password` (`nil` = none) opens the MAC.
    func macVerifies(_ password: UnsafePointer<CChar>?, length: Int32) -> Bool {
        let ok = PKCS12_verify_mac(pointer, password, length) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// Decrypts the bags: the key, the certificate matching it, and every other certificate.
    func parse(
        _ password: UnsafePointer<CChar>?
    ) throws -> (key: PrivateKey?, certificate: Certificate?, others: [Certificate]) {
        var key: OpaquePointer?
        var cert: OpaquePointer?
        var others: OpaquePointer?
        try OpenSSL.check(PKCS12_parse(pointer, password, &key, &cert, &others), "PKCS12_parse")
        let rest = try others.map { try CertificateStack(taking: $0).certificates() } ?? []
        return (key.map(PrivateKey.init(taking:)), cert.map(Certificate.init(taking:)), rest)
    }
}
