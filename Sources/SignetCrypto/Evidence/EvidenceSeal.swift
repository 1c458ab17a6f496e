/// Handwriting evidence as it is kept: the record (an ISO/IEC 19794-7 signature/sign time series)
/// in a CMS AuthEnvelopedData sealed for the examiner (AES-256-GCM; the content key by RSAES-OAEP
/// for an RSA certificate, by ECDH for an EC one), whose content is exactly the record, so that
/// `openssl cms -decrypt` gives it back; and the binding beside it (``EvidenceBinding``).
package struct SealedEvidence: Sendable, Hashable {
    /// The DER ContentInfo holding the AuthEnvelopedData.
    package var envelope: [UInt8]
    /// The DER binding (``EvidenceBinding``'s form, with its seal).
    package var binding: [UInt8]

    /// Evidence as read back from where it is kept.
    /// - Parameters:
    ///   - envelope: The DER ContentInfo holding the AuthEnvelopedData.
    ///   - binding: The DER binding.
    package init(envelope: [UInt8], binding: [UInt8]) {
        self.envelope = envelope
        self.binding = binding
    }
}

/// What can be read of sealed evidence without the examiner's key.
package struct EvidenceInspection: Sendable, Hashable {
    /// What the evidence is bound to, and for whom (its seal is checked only on opening).
    package var binding: EvidenceBinding
    /// The envelope's recipients, as "issuer, serial number" (the examiner's certificate).
    package var recipients: [String]
}

/// Sealing handwriting evidence for an examiner, reading what is readable of it, and opening it.
package enum EvidenceSeal {
    /// `record` sealed for `examiner`, bound to the document revision and appearance digests.
    /// The record stays in memory; nothing of it is written anywhere in clear.
    /// - Parameters:
    ///   - record: The handwriting record (ISO/IEC 19794-7 bytes).
    ///   - documentDigest: SHA-256 of the document revision being signed.
    ///   - appearanceDigest: SHA-256 of the signature's appearance.
    ///   - signerDigest: SHA-256 of the signer's certificate.
    ///   - examiner: Who can open it.
    /// - Returns: The envelope and the binding.
    /// - Throws: ``EvidenceError`` when the examiner's certificate cannot be used.
    package static func seal(
        _ record: [UInt8], documentDigest: [UInt8], appearanceDigest: [UInt8], signerDigest: [UInt8],
        examiner: EvidenceExaminer
    ) throws -> SealedEvidence {
        let certificate = try EvidenceExaminer.parse(examiner.certificate, name: examiner.subject)
        let binding = EvidenceBinding(
            documentDigest: documentDigest, appearanceDigest: appearanceDigest, signerDigest: signerDigest,
            examiner: examiner.subject)
        return try crypto(examiner.subject) {
            let envelope = try CMSMessage.authEnveloped(record, to: certificate).der
            let seal = try OpenSSLCiphers.hmacSHA256(key: record, binding.sealedFields)
            return SealedEvidence(envelope: envelope, binding: binding.der(seal: seal))
        }
    }

    /// What `sealed` says without the key: the binding and the envelope's recipients.
    /// - Parameters:
    ///   - sealed: The envelope and binding.
    ///   - context: What messages call it (the file, the signature).
    /// - Throws: ``EvidenceError`` (`.unreadable`) when either is not what ``seal(_:documentDigest:appearanceDigest:signerDigest:examiner:)`` writes.
    package static func inspect(_ sealed: SealedEvidence, context: String) throws -> EvidenceInspection {
        let (binding, _) = try readBinding(sealed.binding, context: context)
        let message = try envelope(sealed.envelope, context: context)
        return EvidenceInspection(binding: binding, recipients: message.recipients.map(\.text))
    }

    /// The record inside `sealed`, decrypted with `key` (the GCM tag checked), with its binding,
    /// whose seal is checked against the record. Whether the binding names the right document and
    /// appearance is the caller's to check (the PDF stage knows them).
    /// - Parameters:
    ///   - sealed: The envelope and binding.
    ///   - key: The examiner's key.
    ///   - context: What messages call it (the file, the signature).
    /// - Returns: The record and what it is bound to.
    /// - Throws: ``EvidenceError``.
    package static func open(
        _ sealed: SealedEvidence, with key: EvidenceKey, context: String
    ) throws -> (record: [UInt8], binding: EvidenceBinding) {
        let (binding, seal) = try readBinding(sealed.binding, context: context)
        let message = try envelope(sealed.envelope, context: context)
        let recipients = message.recipients
        if let certificate = key.certificate, !recipients.contains(where: { $0.names(certificate) }) {
            throw EvidenceError(context, .notSealedForKey(recipients: recipients.map(\.text)))
        }
        let record: [UInt8]
        do {
            record = try message.decrypt(with: key.key, certificate: key.certificate)
        } catch let failure as OpenSSLFailure {
            if failure.hasReason("no matching recipient") {
                throw EvidenceError(context, .notSealedForKey(recipients: recipients.map(\.text)))
            }
            throw EvidenceError(context, .doesNotOpen(failure.summary, certificateGiven: key.certificate != nil))
        }
        let expected = try crypto(context) { try OpenSSLCiphers.hmacSHA256(key: record, binding.sealedFields) }
        guard expected == seal else { throw EvidenceError(context, .bindingAltered) }
        // The label is the sealer's word; with the certificate it must be its subject.
        if let certificate = key.certificate, certificate.subject != binding.examiner {
            throw EvidenceError(context, .examinerMislabelled(label: binding.examiner, subject: certificate.subject))
        }
        return (record, binding)
    }

    private static func readBinding(_ bytes: [UInt8], context: String) throws -> (EvidenceBinding, [UInt8]) {
        guard let read = EvidenceBinding.read(bytes) else {
            throw EvidenceError(context, .unreadable("the binding is not a Signet evidence binding"))
        }
        return read
    }

    private static func envelope(_ bytes: [UInt8], context: String) throws -> CMSMessage {
        let message: CMSMessage
        do {
            message = try CMSMessage(der: bytes)
        } catch let failure as OpenSSLFailure {
            throw EvidenceError(context, .unreadable("the envelope is not CMS: \(failure.summary)"))
        }
        guard message.isAuthEnvelopedData else {
            throw EvidenceError(context, .unreadable("the envelope is not a CMS AuthEnvelopedData"))
        }
        return message
    }

    /// `body`, with an OpenSSL failure (not the input's fault) as a `SignError.crypto` about `context`.
    static func crypto<T>(_ context: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
    }
}

extension EnvelopeRecipient {
    /// "issuer, serial number" for messages.
    var text: String { "\(issuer) serial \(serial)" }
}
