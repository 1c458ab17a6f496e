import COpenSSL

/// Owns one `EVP_PKEY` (a private key, or a public key taken from a certificate).
final class PrivateKey {
    let pointer: OpaquePointer

    /// Takes ownership of a key OpenSSL handed out.
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// Shares a key owned elsewhere (takes a new reference).
    init(retaining pointer: OpaquePointer) throws {
        try OpenSSL.check(EVP_PKEY_up_ref(pointer), "EVP_PKEY_up_ref")
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// "RSA", "EC", "ED25519", ...
    var algorithm: String {
        EVP_PKEY_get0_type_name(pointer).map { String(cString: $0) } ?? "unknown"
    }

    /// Key size in bits (2048 for RSA-2048, 256 for P-256).
    var bits: Int { Int(EVP_PKEY_get_bits(pointer)) }

    /// The largest signature this key makes, in bytes.
    var maximumSignatureSize: Int { Int(EVP_PKEY_get_size(pointer)) }

    /// Signs `message` with `digest` (e.g. "SHA256"): PKCS#1 v1.5 or PSS (salt of the digest's
    /// size, MGF1 with the same digest) for RSA, DER ECDSA for EC.
    func sign(_ message: [UInt8], digest: String, padding: RSAPadding) throws -> [UInt8] {
        let context = try DigestContext()
        var keyContext: OpaquePointer?
        try OpenSSL.check(
            EVP_DigestSignInit_ex(context.pointer, &keyContext, digest, nil, nil, pointer, nil),
            "EVP_DigestSignInit_ex(\(digest), \(algorithm))")
        if padding == .pss {
            try OpenSSL.check(
                EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING), "EVP_PKEY_CTX_set_rsa_padding(PSS)")
            try OpenSSL.check(
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST), "EVP_PKEY_CTX_set_rsa_pss_saltlen"
            )
        }
        var length = 0
        try message.withUnsafeBufferPointer { buf in
            try OpenSSL.check(
                EVP_DigestSign(context.pointer, nil, &length, buf.baseAddress, buf.count), "EVP_DigestSign (size)")
        }
        var signature = [UInt8](repeating: 0, count: length)
        try message.withUnsafeBufferPointer { buf in
            try signature.withUnsafeMutableBufferPointer { out in
                try OpenSSL.check(
                    EVP_DigestSign(context.pointer, out.baseAddress, &length, buf.baseAddress, buf.count),
                    "EVP_DigestSign")
            }
        }
        return Array(signature.prefix(length))
    }
}
