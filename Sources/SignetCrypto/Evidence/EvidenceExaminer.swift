import SignetFiles

/// The certificate of the third party handwriting evidence is sealed for (a forensic examiner, a
/// notary): only the holder of its private key can open the evidence.
public struct EvidenceExaminer: Sendable, Hashable {
    /// The certificate, DER.
    package let certificate: [UInt8]
    /// The certificate's subject (RFC 2253).
    public let subject: String

    /// The examiner of a PEM or DER certificate (the first of a PEM file); `name` is what messages
    /// call it.
    /// - Parameters:
    ///   - bytes: A PEM or DER certificate with an RSA or EC key.
    ///   - name: The file the bytes came from, for messages.
    /// - Throws: ``EvidenceError`` when it cannot be read or holds another kind of key.
    package init(certificate bytes: [UInt8], name: String) throws {
        let parsed = try Self.parse(bytes, name: name)
        certificate = try EvidenceSeal.crypto(name) { try parsed.der }
        subject = parsed.subject
    }

    /// The examiner of the certificate file at `path`.
    /// - Parameter path: A PEM or DER certificate file.
    /// - Throws: ``EvidenceError``, or ``FileError`` when the file cannot be read.
    public init(certificateAt path: String) throws {
        try self.init(certificate: try InputFile.read(path, limit: SigningIdentity.fileLimit), name: path)
    }

    /// The certificate as OpenSSL holds it, its key checked.
    static func parse(_ bytes: [UInt8], name: String) throws -> Certificate {
        let certificate: Certificate
        do {
            guard let first = try Certificate.read(bytes).first else { throw OpenSSL.failure("PEM_read_bio_X509") }
            certificate = first
        } catch let failure as OpenSSLFailure {
            throw EvidenceError(name, .examinerUnreadable(failure.summary))
        }
        let algorithm = try EvidenceSeal.crypto(name) { try certificate.publicKey().algorithm }
        guard ["RSA", "EC"].contains(algorithm) else { throw EvidenceError(name, .examinerKeyUnsupported(algorithm)) }
        return certificate
    }
}

/// The examiner's private key (and, when given, its certificate, which picks the envelope's
/// recipient): what opens sealed evidence.
public final class EvidenceKey: @unchecked Sendable {
    let key: PrivateKey
    let certificate: Certificate?

    private init(key: PrivateKey, certificate: Certificate?) {
        self.key = key
        self.certificate = certificate
    }

    /// Loads a PEM private key (encrypted or not, as ``SigningIdentity/pem(keyPath:certificatePath:chainPath:password:)``
    /// reads it) and, when given, its certificate.
    /// - Parameters:
    ///   - keyPath: The examiner's private key, PEM.
    ///   - certificatePath: The examiner's certificate (PEM or DER); `nil` tries every recipient.
    ///   - password: The key's password; `nil` for an unencrypted key.
    /// - Throws: ``EvidenceError`` when the key cannot be read or opened, or the certificate is not its own;
    ///   ``FileError``.
    public static func pem(keyPath: String, certificatePath: String? = nil, password: Secret?) throws -> EvidenceKey {
        let key: PrivateKey
        do {
            key = try SigningIdentity.readKey(keyPath, password: password)
        } catch let error as SignError {
            switch error.reason {
            case .passwordNeeded: throw EvidenceError(keyPath, .keyPasswordNeeded)
            case .wrongPassword: throw EvidenceError(keyPath, .keyWrongPassword)
            case .unreadable(let why): throw EvidenceError(keyPath, .keyUnreadable(why))
            default: throw EvidenceError(keyPath, .keyUnreadable(error.message))
            }
        }
        let certificate = try certificatePath.map {
            try EvidenceExaminer.parse(try InputFile.read($0, limit: SigningIdentity.fileLimit), name: $0)
        }
        if let certificate, let certificatePath, !certificate.matches(key) {
            throw EvidenceError(certificatePath, .keyCertificateMismatch)
        }
        return EvidenceKey(key: key, certificate: certificate)
    }
}
