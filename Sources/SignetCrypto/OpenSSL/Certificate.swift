import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// Owns one `X509` certificate.
final class Certificate {
    let pointer: OpaquePointer

    /// Takes ownership of a certificate OpenSSL handed out.
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// Shares a certificate owned elsewhere (takes a new reference).
    init(retaining pointer: OpaquePointer) throws {
        try OpenSSL.check(X509_up_ref(pointer), "X509_up_ref")
        self.pointer = pointer
    }

    deinit { X509_free(pointer) }

    /// Every certificate in `bytes`: PEM blocks in order, or one DER certificate.
    static func read(_ bytes: [UInt8]) throws -> [Certificate] {
        if bytes.starts(with: [0x30]) {
            return [Certificate(taking: try OpenSSL.parse(der: bytes, "d2i_X509") { d2i_X509(nil, $0, $1) })]
        }
        let bio = try MemoryBIO(copying: bytes)
        var certs: [Certificate] = []
        OpenSSL.clearErrors()
        while let cert = PEM_read_bio_X509(bio.pointer, nil, nil, nil) {
            certs.append(Certificate(taking: cert))
        }
        // The loop ends with "no start line" at the end of the text: that is the normal end.
        let end = OpenSSL.failure("PEM_read_bio_X509")
        guard certs.isEmpty || end.reasons.allSatisfy({ $0.contains("no start line") }) else { throw end }
        guard !certs.isEmpty else { throw end }
        return certs
    }

    /// The subject in RFC 2253 form ("CN=Alice,O=Example Inc,C=BE").
    var subject: String { Self.text(of: X509_get_subject_name(pointer)) }
    var issuer: String { Self.text(of: X509_get_issuer_name(pointer)) }

    /// The subject's last common name as UTF-8 (whatever string type the certificate uses).
    var commonName: String? {
        guard let name = X509_get_subject_name(pointer) else { return nil }
        var index: Int32 = -1
        var last: Int32 = -1
        while true {
            index = X509_NAME_get_index_by_NID(name, NID_commonName, index)
            guard index >= 0 else { break }
            last = index
        }
        guard last >= 0, let entry = X509_NAME_get_entry(name, last), let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else {
            OpenSSL.clearErrors()
            return nil
        }
        defer { signet_openssl_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }

    /// The serial number in hexadecimal.
    var serialHex: String { Self.hex(X509_get0_serialNumber(pointer)) }

    /// A serial number in hexadecimal ("?" when unreadable).
    static func hex(_ serial: UnsafePointer<ASN1_INTEGER>?) -> String {
        guard let serial, let bn = ASN1_INTEGER_to_BN(serial, nil) else {
            OpenSSL.clearErrors()
            return "?"
        }
        defer { BN_free(bn) }
        guard let hex = BN_bn2hex(bn) else { return "?" }
        defer { signet_openssl_free(hex) }
        return String(cString: hex)
    }

    var notBefore: Date? { X509_get0_notBefore(pointer).flatMap(Self.date) }
    var notAfter: Date? { X509_get0_notAfter(pointer).flatMap(Self.date) }

    /// The algorithm its issuer signed it with (sha256WithRSAEncryption …).
    var signatureAlgorithm: ObjectID { ObjectID(nid: X509_get_signature_nid(pointer)) }

    /// True when `key` is the private key of this certificate.
    func matches(_ key: PrivateKey) -> Bool {
        let ok = X509_check_private_key(pointer, key.pointer) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// The public key inside.
    func publicKey() throws -> PrivateKey {
        PrivateKey(taking: try OpenSSL.notNull(X509_get_pubkey(pointer), "X509_get_pubkey"))
    }

    var der: [UInt8] {
        get throws { try OpenSSL.encode("i2d_X509") { i2d_X509(pointer, $0) } }
    }

    /// SHA-256 of the DER form.
    var sha256: [UInt8] {
        get throws { try ContentDigest.compute(try der, algorithm: .sha256) }
    }

    /// True for the same certificate (same DER).
    func isSame(as other: Certificate) -> Bool { X509_cmp(pointer, other.pointer) == 0 }

    /// A name in RFC 2253 form ("?" when unreadable).
    static func text(of name: OpaquePointer?) -> String {
        guard let name, let bio = try? MemoryBIO() else { return "?" }
        guard signet_X509_NAME_print_rfc2253(bio.pointer, name) >= 0 else {
            OpenSSL.clearErrors()
            return "?"
        }
        return bio.text
    }

    /// An ASN.1 time as a date (UTC).
    static func date(_ time: UnsafePointer<ASN1_TIME>) -> Date? {
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else {
            OpenSSL.clearErrors()
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
