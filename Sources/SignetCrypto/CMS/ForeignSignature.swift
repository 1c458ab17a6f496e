import FoundationEssentials

/// A CMS signature made elsewhere for a digest Signet computed (two-step signing: `signet sign
/// --prepare`, then `--complete --cms SIG.der`): what it is, and a signature timestamp added to it.
package enum ForeignSignature {
    /// What a CMS made elsewhere is, against the digest it must sign.
    package struct Finding: Sendable, Hashable {
        /// It encapsulates no content (a detached signature, as a PDF signature must be).
        package var detached: Bool
        /// Its messageDigest attribute is the prepared digest.
        package var digestMatches: Bool
        /// Its signature value verifies with its signer's certificate.
        package var signatureVerifies: Bool
        /// Its signer's subject, when it carries the signer's certificate.
        package var signer: String?
        /// Its signer's name as a signature shows it (the common name, else the subject).
        package var signerName: String?
        /// Why it does not verify, from the verifier (empty when it does).
        package var problems: [String]
        /// What makes `signet verify` call it invalid whoever trusts its signer: more than one
        /// signer, signed content other than id-data, an algorithm or key usage the policy refuses.
        package var unacceptable: [String]
    }

    /// Looks at `bytes` (DER) as a signature of the SHA-256 digest `digest`. Trust is not judged
    /// here (that is `signet verify`'s business): only structure, digest and signature value.
    /// - Throws: ``SignError/Reason/notASignature(_:)`` when `bytes` is no SignedData with a signer.
    package static func inspect(_ bytes: [UInt8], digest: [UInt8], context: String, now: Date) throws -> Finding {
        let message: CMSMessage
        do {
            message = try CMSMessage(der: bytes)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, .notASignature(failure.summary))
        }
        guard message.isSignedData else { throw SignError(context, .notASignature("it is not a SignedData")) }
        var otherDigest = false
        let check: CMSCheck
        do {
            check = try CMSVerifier.check(
                cms: bytes, context: context,
                contentDigest: { algorithm in
                    otherDigest = algorithm.name != CMSSigner.digest.name
                    return digest
                }, options: VerifyOptions(now: now, requireTrust: false), claimedTime: nil)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
        let signers = message.signerInfos.count
        let unacceptable =
            (signers > 1 ? ["it has \(signers) signers, and a PDF signature has exactly one"] : [])
            + (message.signsData ? [] : ["its signed content type is not id-data"]) + check.policyProblems
        return Finding(
            detached: message.eContent == nil, digestMatches: check.digestMatches && !otherDigest,
            signatureVerifies: check.signatureVerifies, signer: check.signer?.subject,
            signerName: check.signerName, problems: check.failures.map(\.sentence), unacceptable: unacceptable)
    }

    /// The certificates `bytes` carries (DER), to build chains with for its validation data;
    /// none when it cannot be read (`inspect` says why).
    package static func carriedCertificates(_ bytes: [UInt8]) -> [[UInt8]] {
        guard let message = try? CMSMessage(der: bytes), let certificates = try? message.certificates() else {
            OpenSSL.clearErrors()
            return []
        }
        return certificates.compactMap { try? $0.der }
    }

    /// `bytes` with a timestamp from `authority` over its signature value, added as the unsigned
    /// attribute id-aa-signatureTimeStampToken (PAdES B-T), as `CMSSigner` adds one.
    package static func addingTimestamp(
        to bytes: [UInt8], from authority: TimestampAuthority, context: String
    ) throws
        -> [UInt8]
    {
        do {
            let message = try CMSMessage(der: bytes)
            guard let signer = message.signerInfos.first, let value = signer.signatureValue else {
                throw SignError(context, .notASignature("it has no signer"))
            }
            try signer.addUnsigned(.signatureTimestampToken, value: try authority.token(over: value))
            return try message.der
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
    }
}
