import SignetFiles

extension SigningIdentity {
    /// Loads a PEM private key (PKCS#8, encrypted PKCS#8, or traditional "Proc-Type: 4,ENCRYPTED")
    /// with its certificate and optional chain. The certificate file may hold several certificates
    /// (a full chain): the one matching the key signs, the others join `chainPath`'s in the chain.
    /// - Parameters:
    ///   - keyPath: The private key, PEM (encrypted or not).
    ///   - certificatePath: The signer's certificate, PEM.
    ///   - chainPath: The intermediate certificates, PEM; `nil` for none.
    ///   - password: The key's password; `nil` for an unencrypted key.
    /// - Throws: ``SignError`` when a file cannot be read, the password is wrong or key and certificate do not match.
    public static func pem(
        keyPath: String, certificatePath: String, chainPath: String? = nil, password: Secret?
    ) throws
        -> SigningIdentity
    {
        let key = try readKey(keyPath, password: password)
        var certificates = try readCertificates(certificatePath)
        if let chainPath { certificates += try readCertificates(chainPath) }
        guard let index = certificates.firstIndex(where: { $0.matches(key) }) else {
            throw SignError(certificatePath, .keyMatchesNoCertificate(certificates: certificates.count))
        }
        let certificate = certificates.remove(at: index)
        return try SigningIdentity(key: .file(key), certificate: certificate, chain: certificates, source: keyPath)
    }

    static func readCertificates(_ path: String) throws -> [Certificate] {
        let bytes = try InputFile.read(path, limit: fileLimit)
        do {
            return try Certificate.read(bytes)
        } catch let failure as OpenSSLFailure {
            throw SignError(path, .unreadable("no PEM or DER certificate: \(failure.summary)"))
        }
    }

    static func readKey(_ path: String, password: Secret?) throws -> PrivateKey {
        let bytes = try InputFile.read(path, limit: fileLimit)
        // An encrypted PKCS#8 key states its PBKDF2 iterations: refuse a runaway count up front.
        let cost = try PrivateKey.pemDecryptionCost(bytes)
        guard cost <= maxKeyDerivationIterations else {
            throw SignError(path, .keyDerivationTooCostly(iterations: cost, limit: maxKeyDerivationIterations))
        }
        return try withPassword(password) { pass, length in
            switch try PrivateKey.readPEM(bytes, password: pass, length: length) {
            case .key(let key): return key
            case .passwordRefused: throw SignError(path, pass == nil ? .passwordNeeded : .wrongPassword)
            case .unreadable(let failure): throw SignError(path, .unreadable("no PEM private key: \(failure.summary)"))
            }
        }
    }
}
