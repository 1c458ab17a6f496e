import COpenSSL

/// Owns one `EVP_PKEY_CTX`, for checking a signature made directly over a digest
/// (a CMS SignerInfo without signed attributes).
final class KeyContext {
    let pointer: OpaquePointer

    init(_ key: PrivateKey) throws {
        pointer = try OpenSSL.notNull(EVP_PKEY_CTX_new(key.pointer, nil), "EVP_PKEY_CTX_new")
    }

    deinit { EVP_PKEY_CTX_free(pointer) }

    /// True when `signature` is the key's signature of `digest` made with `algorithm`.
    func verify(signature: [UInt8], digest: [UInt8], algorithm: DigestAlgorithm) throws -> Bool {
        try OpenSSL.check(EVP_PKEY_verify_init(pointer), "EVP_PKEY_verify_init")
        try OpenSSL.check(EVP_PKEY_CTX_set_signature_md(pointer, algorithm.md), "EVP_PKEY_CTX_set_signature_md")
        let result = EVP_PKEY_verify(pointer, signature, signature.count, digest, digest.count)
        OpenSSL.clearErrors()
        return result == 1
    }
}
