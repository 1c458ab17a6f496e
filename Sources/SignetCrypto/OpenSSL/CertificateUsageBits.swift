import COpenSSL

extension Certificate {
    /// The keyUsage bits (`KU_DIGITAL_SIGNATURE` …), `nil` when the certificate has no keyUsage.
    var keyUsage: UInt32? {
        let bits = X509_get_key_usage(pointer)
        OpenSSL.clearErrors()
        return bits == UInt32.max ? nil : bits
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
