/// Where an identity's private key is, and so who computes its signatures.
enum SigningKey {
    /// In this process (a PEM file or a PKCS#12 bundle): OpenSSL signs.
    case file(PrivateKey)
    /// On a PKCS#11 token: the token signs; the key never leaves it.
    case token(TokenKey)
    /// Anywhere else (a command, a cloud KMS, a remote service): a function signs each digest.
    case external(ExternalKey)

    /// The signature of `message` with SHA-256, in the form CMS carries (DER for ECDSA).
    func sign(_ message: [UInt8], padding: RSAPadding) throws -> [UInt8] {
        switch self {
        case .file(let key): return try key.sign(message, digest: CMSSigner.digest.name, padding: padding)
        case .token(let key): return try key.sign(message, padding: padding)
        case .external(let key): return try key.sign(message, padding: padding)
        }
    }
}
