import COpenSSL

/// Owns one `EVP_PKEY_CTX`, for checking a signature made directly over a digest
/// (a CMS SignerInfo without signed attributes).
final class KeyContext {
    let pointer: OpaquePointer

    init(_ key: PrivateKey) throws {
        pointer = try OpenSSL.notNull(EVP_PKEY_CTX_new(key.pointer, nil), "EVP_PKEY_CTX_new")
    }

    deinit { EVP_PKEY_CTX_free(pointer) }

    /// True when `signature` is the key's signature of `digest` made with `algorithm` (RSA keys:
    /// PKCS#1 v1.5, or with `pss` RSASSA-PSS with MGF1 over `algorithm` and a digest-sized salt).
    func verify(signature: [UInt8], digest: [UInt8], algorithm: DigestAlgorithm, pss: Bool = false) throws -> Bool {
        try OpenSSL.check(EVP_PKEY_verify_init(pointer), "EVP_PKEY_verify_init")
        try OpenSSL.check(EVP_PKEY_CTX_set_signature_md(pointer, algorithm.md), "EVP_PKEY_CTX_set_signature_md")
        if pss {
            try OpenSSL.check(
                EVP_PKEY_CTX_set_rsa_padding(pointer, RSA_PKCS1_PSS_PADDING), "EVP_PKEY_CTX_set_rsa_padding(PSS)")
            try OpenSSL.check(
                EVP_PKEY_CTX_set_rsa_pss_saltlen(pointer, RSA_PSS_SALTLEN_DIGEST), "EVP_PKEY_CTX_set_rsa_pss_saltlen")
        }
        let result = EVP_PKEY_verify(pointer, signature, signature.count, digest, digest.count)
        OpenSSL.clearErrors()
        return result == 1
    }
}
