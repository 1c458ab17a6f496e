import CPKCS11
import SignetFiles

extension SigningIdentity {
    /// Signs with a private key that stays on a PKCS#11 token (a smart card, an HSM, SoftHSM2):
    /// loads `module`, opens a session on the token labelled `token`, logs in with `pin` and finds
    /// the private key labelled `key`. The identity keeps the session (logged in) until it is
    /// released; every signature is made by the token.
    ///
    /// The certificate is read from the token (the `CKO_CERTIFICATE` with the key's `CKA_ID`,
    /// else its label), with the chain from the token's other certificates, unless
    /// `certificatePath` gives it (the first certificate there signs, the others join the chain).
    /// `chainPath` replaces the token's chain.
    ///
    /// PKCS#11 logs in a whole process, not a session: while another identity of this process is
    /// logged in to the same token, the token accepts the login without looking at `pin`.
    /// - Parameters:
    ///   - module: The PKCS#11 module (`.so`) of the token, e.g. `/usr/lib/softhsm/libsofthsm2.so`.
    ///   - token: The token's label.
    ///   - key: The private key's label (`CKA_LABEL`).
    ///   - pin: The user PIN; `nil` for a token with a PIN pad (protected authentication path).
    ///   - certificatePath: The signer's certificate, PEM or DER; `nil` to read it from the token.
    ///   - chainPath: The intermediate certificates, PEM; `nil` for those on the token.
    /// - Throws: ``TokenError`` when the module, token or key is not found, the PIN is wrong or the
    ///   key cannot sign; ``SignError`` when a certificate file cannot be read.
    public static func pkcs11(
        module: String, token: String, key: String, pin: Secret?, certificatePath: String? = nil,
        chainPath: String? = nil
    ) throws -> SigningIdentity {
        let library = try PKCS11Module.load(module)
        let (slot, info) = try library.slot(labelled: token)
        let context = "token '\(token)' of \(module)"
        let session = try PKCS11Session(module: library, slot: slot, context: context)
        if info.flags & CK_FLAGS(CKF_LOGIN_REQUIRED) != 0 { try session.login(pin: pin, tokenFlags: info.flags) }
        let (tokenKey, id) = try findKey(key, in: session, pin: pin)
        var certificates: [Certificate]
        if let certificatePath {
            certificates = try readCertificates(certificatePath)
            guard !certificates.isEmpty else { throw SignError(certificatePath, .noCertificate) }
        } else {
            certificates = try tokenCertificates(in: session, id: id, label: key)
        }
        let certificate = certificates.removeFirst()
        if let chainPath { certificates = try readCertificates(chainPath) }
        let identity = try SigningIdentity(
            key: .token(tokenKey), certificate: certificate, chain: certificates, source: context)
        guard identity.publicKey.algorithm == (tokenKey.kind == .rsa ? "RSA" : "EC") else {
            throw TokenError(context, .certificateDoesNotFit(keyLabel: key, certificate: certificate.subject))
        }
        return identity
    }

    /// The private key labelled `label` and its `CKA_ID`.
    private static func findKey(_ label: String, in session: PKCS11Session, pin: Secret?) throws -> (TokenKey, [UInt8])
    {
        let privateKey = (CK_ATTRIBUTE_TYPE(CKA_CLASS), PKCS11Session.value(CK_ULONG(CKO_PRIVATE_KEY)))
        let matches = try session.find([privateKey, (CK_ATTRIBUTE_TYPE(CKA_LABEL), Array(label.utf8))])
        guard let object = matches.first else {
            let labels = try session.find([privateKey]).map {
                try session.attribute(CK_ATTRIBUTE_TYPE(CKA_LABEL), of: $0).map { String(decoding: $0, as: UTF8.self) }
                    ?? "(no label)"
            }
            throw TokenError(session.context, .noKey(label: label, available: labels.sorted()))
        }
        guard try session.attribute(CK_ATTRIBUTE_TYPE(CKA_SIGN), of: object) != [0] else {
            throw TokenError(session.context, .keyCannotSign(label: label))
        }
        let type = try session.number(CK_ATTRIBUTE_TYPE(CKA_KEY_TYPE), of: object) ?? CK_ULONG.max
        let kind: TokenKey.Kind
        switch type {
        case CK_ULONG(CKK_RSA): kind = .rsa
        case CK_ULONG(CKK_EC): kind = .ec
        default: throw TokenError(session.context, .unsupportedKeyType(label: label, type: UInt(type)))
        }
        let id = try session.attribute(CK_ATTRIBUTE_TYPE(CKA_ID), of: object) ?? []
        let alwaysAuthenticate = try session.attribute(CK_ATTRIBUTE_TYPE(CKA_ALWAYS_AUTHENTICATE), of: object) == [1]
        let key = TokenKey(
            session: session, object: object, label: label, kind: kind,
            contextPIN: alwaysAuthenticate ? .some(pin) : nil)
        return (key, id)
    }

    /// The signer's certificate (by `CKA_ID`, else by label) first, then the certificates of the
    /// token that issued it, in order up the chain.
    private static func tokenCertificates(
        in session: PKCS11Session, id: [UInt8], label: String
    ) throws
        -> [Certificate]
    {
        let objects = try session.find([
            (CK_ATTRIBUTE_TYPE(CKA_CLASS), PKCS11Session.value(CK_ULONG(CKO_CERTIFICATE))),
            (CK_ATTRIBUTE_TYPE(CKA_CERTIFICATE_TYPE), PKCS11Session.value(CK_ULONG(CKC_X_509))),
        ])
        var stored: [(certificate: Certificate, id: [UInt8], label: [UInt8])] = []
        for object in objects {
            guard let der = try session.attribute(CK_ATTRIBUTE_TYPE(CKA_VALUE), of: object),
                let certificate = try? Certificate.read(der).first
            else { continue }
            stored.append(
                (
                    certificate, try session.attribute(CK_ATTRIBUTE_TYPE(CKA_ID), of: object) ?? [],
                    try session.attribute(CK_ATTRIBUTE_TYPE(CKA_LABEL), of: object) ?? []
                ))
        }
        guard
            let signer = stored.first(where: { !id.isEmpty && $0.id == id })
                ?? stored.first(where: { $0.label == Array(label.utf8) })
        else { throw TokenError(session.context, .noCertificate(keyLabel: label)) }
        var path = [signer.certificate]
        while path.count <= stored.count, let last = path.last,
            let issuer = stored.first(where: { entry in
                !path.contains { $0.isSame(as: entry.certificate) }
                    && last.namesIssuer(entry.certificate)
            })
        {
            path.append(issuer.certificate)
        }
        OpenSSL.clearErrors()
        return path
    }
}
