/// A private key that Signet never sees: a function (a command, a KMS, a remote service) signs
/// each digest. Every answer is checked against the certificate's public key before it is used.
final class ExternalKey: @unchecked Sendable {
    /// Signs one request; see ``SigningIdentity/external(certificatePath:chainPath:name:sign:)``.
    typealias Sign = @Sendable (ExternalSignatureRequest) throws -> [UInt8]

    /// The signer, as messages name it.
    let name: String
    private let signer: Sign
    /// The certificate's public key (set once, only read: see `SigningIdentity`'s sendability).
    private let publicKey: PrivateKey
    private let subject: String

    init(name: String, publicKey: PrivateKey, subject: String, sign: @escaping Sign) {
        self.name = name
        self.publicKey = publicKey
        self.subject = subject
        self.signer = sign
    }

    /// The signature of `message` (the DER signed attributes) with SHA-256, as CMS carries it
    /// (DER for ECDSA): the signer signs its SHA-256 digest.
    func sign(_ message: [UInt8], padding: RSAPadding) throws -> [UInt8] {
        let digest = try ContentDigest.compute(message, algorithm: .sha256)
        let algorithm: ExternalSignatureAlgorithm =
            publicKey.algorithm == "EC" ? .ecdsa : padding == .pss ? .rsaPSS : .rsaPKCS1
        let answer: [UInt8]
        do {
            answer = try signer(
                ExternalSignatureRequest(digest: digest, digestAlgorithm: .sha256, signatureAlgorithm: algorithm))
        } catch let error as ExternalSignerError {
            throw error
        } catch {
            throw ExternalSignerError(name, .failed(detail: "\(error)"))
        }
        guard !answer.isEmpty else { throw ExternalSignerError(name, .emptyAnswer(errorBytes: 0)) }
        // An ECDSA answer is DER, or r‖s when it is exactly two field-sized halves.
        let fieldBytes = (publicKey.bits + 7) / 8
        let rawForm = algorithm == .ecdsa && answer.count == 2 * fieldBytes ? ECDSASignature.der(fromRaw: answer) : nil
        for candidate in [answer] + (rawForm.map { [$0] } ?? [])
        where try KeyContext(publicKey).verify(
            signature: candidate, digest: digest, algorithm: .sha256, pss: algorithm == .rsaPSS)
        {
            return candidate
        }
        throw ExternalSignerError(
            name, .wrongSignature(bytes: answer.count, algorithm: algorithm, certificate: subject))
    }
}
