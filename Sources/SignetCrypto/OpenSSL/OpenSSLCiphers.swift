import COpenSSL
import SignetCore

/// `CipherPrimitives` over OpenSSL's EVP interface: what the PDF stage needs to encrypt the
/// objects it appends to an encrypted file. RC4 lives in OpenSSL 3's legacy provider, which is
/// loaded on first use (as for old PKCS#12 files).
package struct OpenSSLCiphers: CipherPrimitives {
    package init() {}

    package func digest(_ function: CipherDigest, _ data: [UInt8]) throws -> [UInt8] {
        let md: OpaquePointer? =
            switch function {
            case .md5: EVP_md5()
            case .sha256: EVP_sha256()
            case .sha384: EVP_sha384()
            case .sha512: EVP_sha512()
            }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        try OpenSSL.check(EVP_Digest(data, data.count, &out, &length, md, nil), "EVP_Digest(\(function))")
        return Array(out.prefix(Int(length)))
    }

    package func aesCBC(encrypting: Bool, key: [UInt8], iv: [UInt8], _ data: [UInt8], padding: Bool) throws -> [UInt8] {
        let cipher: OpaquePointer? =
            switch key.count {
            case 16: EVP_aes_128_cbc()
            case 32: EVP_aes_256_cbc()
            default: throw OpenSSL.failure("AES with a \(key.count)-byte key")
            }
        return try CipherContext().run(cipher, key: key, iv: iv, encrypting: encrypting, padding: padding, data)
    }

    package func rc4(key: [UInt8], _ data: [UInt8]) throws -> [UInt8] {
        try LegacyProviders.ensureLoaded()
        let cipher = try OpenSSL.notNull(EVP_CIPHER_fetch(nil, "RC4", nil), "EVP_CIPHER_fetch(RC4)")
        defer { EVP_CIPHER_free(cipher) }
        let context = try CipherContext()
        try OpenSSL.check(EVP_CipherInit_ex2(context.pointer, cipher, nil, nil, 1, nil), "EVP_CipherInit_ex2(RC4)")
        try OpenSSL.check(EVP_CIPHER_CTX_set_key_length(context.pointer, Int32(key.count)), "RC4 key length")
        return try context.run(nil, key: key, iv: nil, encrypting: true, padding: false, data)
    }

    package func randomBytes(_ count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        try OpenSSL.check(RAND_bytes(&out, Int32(count)), "RAND_bytes")
        return out
    }
}

/// Owns one `EVP_CIPHER_CTX`.
private final class CipherContext {
    let pointer: OpaquePointer

    init() throws { pointer = try OpenSSL.notNull(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new") }

    deinit { EVP_CIPHER_CTX_free(pointer) }

    /// Initialises (with `cipher`, or keeps the cipher already set when nil) and runs over `data`.
    func run(
        _ cipher: OpaquePointer?, key: [UInt8], iv: [UInt8]?, encrypting: Bool, padding: Bool, _ data: [UInt8]
    ) throws -> [UInt8] {
        try OpenSSL.check(
            EVP_CipherInit_ex2(pointer, cipher, key, iv, encrypting ? 1 : 0, nil), "EVP_CipherInit_ex2")
        try OpenSSL.check(EVP_CIPHER_CTX_set_padding(pointer, padding ? 1 : 0), "EVP_CIPHER_CTX_set_padding")
        var out = [UInt8](repeating: 0, count: data.count + 32)
        var written: Int32 = 0
        var final: Int32 = 0
        try OpenSSL.check(EVP_CipherUpdate(pointer, &out, &written, data, Int32(data.count)), "EVP_CipherUpdate")
        try out.withUnsafeMutableBufferPointer { buffer in
            try OpenSSL.check(
                EVP_CipherFinal_ex(pointer, buffer.baseAddress! + Int(written), &final), "EVP_CipherFinal_ex")
        }
        return Array(out.prefix(Int(written + final)))
    }
}

extension OpenSSLCiphers {
    /// HMAC-SHA-256 of `data` under `key` (RFC 2104).
    static func hmacSHA256(key: [UInt8], _ data: [UInt8]) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length = 0
        let made = EVP_Q_mac(
            nil, "HMAC", nil, "SHA256", nil, key, key.count, data, data.count, &out, out.count, &length)
        guard made != nil else { throw OpenSSL.failure("EVP_Q_mac(HMAC-SHA-256)") }
        return Array(out.prefix(length))
    }
}
