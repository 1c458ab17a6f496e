/// The hash functions and ciphers a pure stage needs to write into an encrypted PDF (ISO 32000-2
/// §7.6.3–7.6.4: MD5 and RC4 for the older handlers, SHA-2 and AES for the newer), and the random
/// bytes of AES's initialisation vectors. A protocol, so the PDF stage keeps no C: SignetCrypto
/// implements it over OpenSSL (`OpenSSLCiphers`), as SignetNet implements `HTTPTransport`.
package protocol CipherPrimitives: Sendable {
    /// The digest of `data`.
    func digest(_ function: CipherDigest, _ data: [UInt8]) throws -> [UInt8]
    /// AES-128 or AES-256 (by the key's length) in CBC mode; with `padding`, PKCS#5 padding is
    /// added on encryption and removed on decryption, without it the data is whole blocks.
    func aesCBC(encrypting: Bool, key: [UInt8], iv: [UInt8], _ data: [UInt8], padding: Bool) throws -> [UInt8]
    /// RC4 with a key of 5 to 16 bytes (its own inverse).
    func rc4(key: [UInt8], _ data: [UInt8]) throws -> [UInt8]
    /// `count` bytes from a cryptographically secure generator.
    func randomBytes(_ count: Int) throws -> [UInt8]
}

/// The digests `CipherPrimitives` computes.
package enum CipherDigest: Sendable, Hashable {
    case md5, sha256, sha384, sha512
}
