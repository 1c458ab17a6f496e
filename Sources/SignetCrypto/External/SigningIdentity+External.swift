import SignetFiles

extension SigningIdentity {
    /// Signs with a key Signet never sees: `sign` is called once per signature with the SHA-256
    /// digest of the CMS signed attributes and how to sign it (RSA PKCS#1 v1.5, RSA-PSS after
    /// ``withRSAPadding(_:)``, or ECDSA, from the certificate's key), and returns the raw signature
    /// value: the RSA signature, or a DER ECDSA-Sig-Value or r‖s. Each answer is checked against
    /// the certificate's public key before it goes into a signature. Sizing a PDF signature's room
    /// never calls `sign` (a placeholder as long as the key's longest signature stands in).
    ///
    /// `sign` may be called from several threads at once when the identity signs several documents
    /// in parallel; it is never called for a signature that is thrown away.
    /// - Parameters:
    ///   - certificatePath: The signer's certificate, PEM or DER (the first certificate signs, the others join the chain).
    ///   - chainPath: The intermediate certificates, PEM; `nil` for none.
    ///   - name: The signer as messages name it ("external signer 'kms-sign.sh'").
    ///   - sign: Signs one request; an ``ExternalSignerError`` it throws is passed on as it is,
    ///     any other error becomes ``ExternalSignerReason/failed(detail:)``.
    /// - Throws: ``SignError`` when a certificate file cannot be read or holds no certificate, or
    ///   the certificate's key is neither RSA nor EC.
    public static func external(
        certificatePath: String, chainPath: String? = nil, name: String,
        sign: @escaping @Sendable (ExternalSignatureRequest) throws -> [UInt8]
    ) throws -> SigningIdentity {
        var certificates = try readCertificates(certificatePath)
        guard !certificates.isEmpty else { throw SignError(certificatePath, .noCertificate) }
        let certificate = certificates.removeFirst()
        if let chainPath { certificates += try readCertificates(chainPath) }
        let publicKey: PrivateKey
        do {
            publicKey = try certificate.publicKey()
        } catch let failure as OpenSSLFailure {
            throw SignError(certificatePath, failure)
        }
        let key = ExternalKey(name: name, publicKey: publicKey, subject: certificate.subject, sign: sign)
        return try SigningIdentity(
            key: .external(key), certificate: certificate, chain: certificates, source: certificatePath)
    }
}
