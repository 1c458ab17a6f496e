import FoundationEssentials

/// Who signed a CMS signature and its signature timestamp: the certificates whose chains need
/// validation material, read from the signature's own bytes.
struct SignedParties {
    /// One signer (the signature's, or the timestamp authority's) and the certificates its message carries.
    struct Party {
        var certificate: Certificate
        var carried: [Certificate]
    }

    var signer: Party
    /// The timestamp authority of an attached signature timestamp, and the token's genTime.
    var timestampAuthority: Party?
    var timestampTime: Date?

    /// Reads `cms` (a signature's /Contents, trailing zero padding allowed) and its signature
    /// timestamp; `nil` when it has no signer certificate.
    init?(cms bytes: [UInt8]) throws {
        guard let message = try? CMSMessage(der: bytes), message.isSignedData,
            let party = try Self.party(message)
        else {
            OpenSSL.clearErrors()
            return nil
        }
        signer = party
        if let token = message.signerInfos.first?.unsignedSequence(.signatureTimestampToken),
            let tokenMessage = try? CMSMessage(der: token)
        {
            timestampAuthority = try Self.party(tokenMessage)
            timestampTime = tokenMessage.eContent.flatMap { try? TSTInfo(der: $0) }?.time
        }
        OpenSSL.clearErrors()
    }

    /// A timestamp token given on its own (a document timestamp's /Contents).
    init?(token bytes: [UInt8]) throws {
        guard let message = try? CMSMessage(der: bytes), let party = try Self.party(message) else {
            OpenSSL.clearErrors()
            return nil
        }
        signer = party
        timestampTime = message.eContent.flatMap { try? TSTInfo(der: $0) }?.time
    }

    private static func party(_ message: CMSMessage) throws -> Party? {
        _ = try? message.attachSignerCertificates()
        OpenSSL.clearErrors()
        guard let certificate = try message.signerInfos.first?.signerCertificate() else { return nil }
        return Party(certificate: certificate, carried: try message.certificates())
    }
}
