import COpenSSL

/// The keyUsage bits of a certificate (RFC 5280 §4.2.1.3), with OpenSSL's values.
struct KeyUsage: OptionSet, Hashable, Sendable {
    let rawValue: UInt32

    static let digitalSignature = Self(rawValue: UInt32(KU_DIGITAL_SIGNATURE))
    static let nonRepudiation = Self(rawValue: UInt32(KU_NON_REPUDIATION))
    static let keyEncipherment = Self(rawValue: UInt32(KU_KEY_ENCIPHERMENT))
    static let dataEncipherment = Self(rawValue: UInt32(KU_DATA_ENCIPHERMENT))
    static let keyAgreement = Self(rawValue: UInt32(KU_KEY_AGREEMENT))
    static let keyCertSign = Self(rawValue: UInt32(KU_KEY_CERT_SIGN))
    static let crlSign = Self(rawValue: UInt32(KU_CRL_SIGN))
    static let encipherOnly = Self(rawValue: UInt32(KU_ENCIPHER_ONLY))
    static let decipherOnly = Self(rawValue: UInt32(KU_DECIPHER_ONLY))
}

extension Certificate {
    /// The keyUsage bits, `nil` when the certificate has no keyUsage.
    var keyUsage: KeyUsage? {
        let bits = X509_get_key_usage(pointer)
        OpenSSL.clearErrors()
        return bits == UInt32.max ? nil : KeyUsage(rawValue: bits)
    }

    /// The extendedKeyUsage extension, `nil` when absent.
    func extendedKeyUsage() throws -> ExtendedKeyUsage? { try ExtendedKeyUsage(self) }
}

extension PrivateKey {
    /// True when `signature` is this (public) key's signature of `message` with no separate
    /// digest (Ed25519, Ed448: the key hashes the message itself).
    func verifiesWholeMessage(_ signature: [UInt8], over message: [UInt8]) throws -> Bool {
        let context = try DigestContext()
        try OpenSSL.check(
            EVP_DigestVerifyInit_ex(context.pointer, nil, nil, nil, nil, pointer, nil),
            "EVP_DigestVerifyInit_ex(\(algorithm))")
        let status = EVP_DigestVerify(context.pointer, signature, signature.count, message, message.count)
        OpenSSL.clearErrors()
        return status == 1
    }
}
