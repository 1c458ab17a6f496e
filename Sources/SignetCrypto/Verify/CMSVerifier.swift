import FoundationEssentials

/// Checks a CMS SignedData whose content is hashed by the caller (streamed ranges of a file):
/// message digest, signature, algorithm policy, certificate usage, CMS structure, an attached
/// signature timestamp, signer certificate validity at the validation time, and the chain.
package enum CMSVerifier {
    /// The most certificates one CMS (a signature or a timestamp token) may carry. A signer's chain
    /// is a handful, but every carried certificate named like an issuer is a candidate that path
    /// building tries: a bag of 2,000 look-alikes of the root took 0.55 s to verify, and the
    /// 16 MiB a signature may hold has room for about 40,000, once per signature of a file.
    package static let maxCarriedCertificates = 256
    /// The most CRLs a signature (or its timestamp token) may carry in its `crls` field: a signer's
    /// chain needs one per CA, and the `/DSS` reads at most 1,000 of a kind for a whole document.
    package static let maxCarriedCRLs = 256

    /// `contentDigest` hashes the signed content with the algorithm the signer chose.
    /// `claimedTime` is the container's own claim (a PDF's /M), used only for
    /// `ValidationTime.claimed` when the CMS has no signing-time attribute. Throws
    /// `SignError.notASignature` when `bytes` is not a SignedData with a signer.
    ///
    /// A valid signature timestamp (id-aa-signatureTimeStampToken) moves the signer's validation
    /// time to its genTime (source `.timestamp`) unless a fixed time was given (`.at`).
    ///
    /// `revocationData` is what the container holds besides the CMS (a PDF's DSS): with the CRLs
    /// inside the CMS it is used to judge each chain certificate's revocation status (see
    /// `RevocationJudge`); `crls` holds those CRLs once parsed, for the other signatures of the file.
    package static func check(
        cms bytes: [UInt8], context: String, contentDigest: (DigestAlgorithm) throws -> [UInt8],
        options: VerifyOptions, claimedTime: Date?, revocationData: ValidationMaterial = ValidationMaterial(),
        crls: RevocationListCache = RevocationListCache(), protectedAt: Date? = nil
    ) throws -> CMSCheck {
        try withoutActuallyEscaping(contentDigest) { digest in
            try check(
                cms: bytes, context: context, content: .detached(digest), options: options, claimedTime: claimedTime,
                revocationData: revocationData, crls: crls, protectedAt: protectedAt)
        }
    }

    /// A SignedData that encapsulates, as its content, the SHA-1 digest of the signed bytes (a PDF's
    /// `adbe.pkcs7.sha1`): the signature is checked over that content, which must equal `digest`;
    /// SHA-1 is judged by the algorithm policy as the document's digest. Otherwise as `check`.
    package static func check(
        cms bytes: [UInt8], context: String, encapsulatedDigest digest: [UInt8], options: VerifyOptions,
        claimedTime: Date?, revocationData: ValidationMaterial = ValidationMaterial(),
        crls: RevocationListCache = RevocationListCache(), protectedAt: Date? = nil
    ) throws -> CMSCheck {
        try check(
            cms: bytes, context: context, content: .encapsulatedSHA1(digest), options: options,
            claimedTime: claimedTime, revocationData: revocationData, crls: crls, protectedAt: protectedAt)
    }

    /// What a signature signs: detached content hashed by the caller, or a digest it encapsulates.
    private enum SignedContent {
        case detached((DigestAlgorithm) throws -> [UInt8])
        case encapsulatedSHA1([UInt8])
    }

    private static func check(
        cms bytes: [UInt8], context: String, content: SignedContent, options: VerifyOptions, claimedTime: Date?,
        revocationData: ValidationMaterial, crls: RevocationListCache, protectedAt: Date?
    ) throws -> CMSCheck {
        let cms = try signedData(bytes, context: context)
        try cms.attachSignerCertificates()
        let carried = try carriedCertificates(cms, context: context)
        let infos = cms.signerInfos
        guard let info = infos.first else { throw SignError(context, .notASignature("it has no signer")) }
        let signer = SignerCheck(
            info: info, message: cms, usage: .documentSigning, whose: "the signer's",
            expectsContent: { if case .encapsulatedSHA1 = content { true } else { false } }(), carried: carried,
            options: options)
        var check: CMSCheck
        switch content {
        case .detached(let contentDigest):
            check = try signer.run(contentDigest: contentDigest)
        case .encapsulatedSHA1(let digest):
            let encapsulated = cms.eContent ?? []
            check = try signer.run(contentDigest: { try $0.hash(encapsulated) })
            check.refuse(
                AlgorithmPolicy.digestProblem(.sha1, role: "document digest"), allowWeak: options.allowWeakAlgorithms)
            if encapsulated != digest {
                check.digestMatches = false
                check.problems.append(
                    CMSProblem(
                        .digest, "the signed content was changed: its SHA-1 digest is not the one the signature holds"))
            }
        }
        // PAdES allows one SignerInfo, and a second one could be broken or another signer's: refused.
        if infos.count > 1 {
            check.problems.append(
                CMSProblem(.structure, "it has \(infos.count) signers; a signature must have exactly one"))
        }
        // A document signature signs data (id-data); a timestamp token's TSTInfo, say, is no signature of a document.
        if cms.eContentType != .data {
            check.problems.append(
                CMSProblem(
                    .structure,
                    "its signed content type is \(cms.eContentType?.name ?? "?"), not id-data: it is not a document signature"
                ))
        }
        var time = baseTime(options, claimed: check.claimedSigningTime ?? claimedTime)
        // A later document timestamp proves the token existed at `protectedAt`: its authority is judged then.
        let tokenTime = protectedAt.map { ($0, TimeSource.documentTimestamp) } ?? time
        if let timestamp = signatureTimestamp(info, context: context, options: options, time: tokenTime) {
            check.timestamp = timestamp
            if timestamp.valid {
                if case .at = options.validationTime {} else { time = (timestamp.time, .timestamp) }
            } else {
                check.problems.append(timestamp.failure)
            }
        }
        (check.validationTime, check.validationTimeSource) = time
        try judge(try info.signerCertificate(), carried: carried, options: options, whose: "the signer's", into: &check)
        if let parties = try SignedParties(cms: bytes) {
            var data = revocationData
            data.add(crls: try cms.crls())
            let judge = RevocationJudge(
                file: data, crls: crls, anchors: options.anchors?.certificates ?? [], mode: options.revocation,
                online: options.online, now: options.now)
            var chains = [
                try judge.judge(
                    parties.signer.certificate, carried: carried, at: check.validationTime, as: .signer)
            ]
            if let authority = parties.timestampAuthority, let timestamp = check.timestamp, timestamp.valid {
                chains.append(
                    try judge.judge(
                        authority.certificate, carried: authority.carried, at: timestamp.time,
                        as: .timestampAuthority))
            }
            check.record(chains)
        }
        return check
    }

    /// Checks a document timestamp (`/Type /DocTimeStamp`, `/SubFilter /ETSI.RFC3161`): `token` is
    /// the RFC 3161 TimeStampToken of its /Contents, and `contentDigest` hashes its ByteRange with
    /// the imprint's algorithm. `digestMatches` is the imprint, `signer` the TSA, `timestamp` the
    /// token's summary; the TSA certificate is judged at the validation time of `options` (a
    /// document timestamp does not vouch for its own time; `claimed` takes the token's genTime as
    /// its claim, as a signature's signing-time is) and must allow timestamping. `crls` as for `check`.
    package static func checkDocumentTimestamp(
        token: [UInt8], context: String, contentDigest: (DigestAlgorithm) throws -> [UInt8], options: VerifyOptions,
        revocationData: ValidationMaterial = ValidationMaterial(), crls: RevocationListCache = RevocationListCache(),
        protectedAt: Date? = nil
    ) throws -> CMSCheck {
        // `claimed` judges the authority at the token's own time, as a signature is judged at its claim.
        var time = (options.now, TimeSource.now)
        let verification = try TimestampVerifier.verify(
            token: token, context: context, imprinted: contentDigest, options: options,
            judgedAt: { genTime in
                time = protectedAt.map { ($0, .documentTimestamp) } ?? baseTime(options, claimed: genTime)
                return time
            })
        var check = verification.authority
        if let parties = try SignedParties(token: token) {
            let judge = RevocationJudge(
                file: revocationData, crls: crls, anchors: options.anchors?.certificates ?? [],
                mode: options.revocation,
                online: options.online, now: options.now)
            // The token's own time: data gathered after the timestamp speaks for it.
            check.record([
                try judge.judge(
                    parties.signer.certificate, carried: parties.signer.carried,
                    at: parties.timestampTime ?? time.0, as: .timestampAuthority)
            ])
        }
        return check
    }

    /// The time the options ask for, before any timestamp. `claimed` falls back to now.
    static func baseTime(_ options: VerifyOptions, claimed: Date?) -> (Date, TimeSource) {
        switch options.validationTime {
        case .now: return (options.now, .now)
        case .at(let date): return (date, .given)
        case .claimed: return (claimed ?? options.now, .claimed)
        }
    }

    /// Refuses the CMS in `bytes` (about `context`) when its framing shows more than
    /// `maxCarriedCertificates` certificates (`tooManyCertificates`) or `maxCarriedCRLs` CRLs
    /// (`tooManyCRLs`), or is not that of a SignedData (`notASignature`):
    /// before OpenSSL decodes them, which takes time and memory in proportion (20,000
    /// certificates took 2.5 s; 30,000 CRLs of 200 bytes took 180 MB), also for encodings OpenSSL
    /// reads and no signer writes (nine length octets) or for another content type.
    static func boundCarried(in bytes: [UInt8], context: String) throws {
        guard let counts = DER.carriedCounts(inSignedData: bytes) else {
            throw SignError(context, .notASignature("it is not framed as a CMS SignedData in DER or BER"))
        }
        try bound(counts.certificates, context: context)
        guard counts.crls <= maxCarriedCRLs else {
            throw SignError(context, .tooManyCRLs(count: counts.crls, limit: maxCarriedCRLs))
        }
    }

    /// The certificates `cms` carries, refused as `boundCarried` does.
    static func carriedCertificates(_ cms: CMSMessage, context: String) throws -> [Certificate] {
        let carried = try cms.certificates()
        try bound(carried.count, context: context)
        return carried
    }

    private static func bound(_ count: Int, context: String) throws {
        guard count > maxCarriedCertificates else { return }
        throw SignError(context, .tooManyCertificates(count: count, limit: maxCarriedCertificates))
    }

    /// Parses a SignedData or throws `notASignature` with the reason.
    private static func signedData(_ bytes: [UInt8], context: String) throws -> CMSMessage {
        try boundCarried(in: bytes, context: context)
        let cms: CMSMessage
        do {
            cms = try CMSMessage(der: bytes)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, .notASignature(failure.summary))
        }
        guard cms.isSignedData else {
            throw SignError(context, .notASignature("it is a CMS message but not SignedData"))
        }
        return cms
    }

    /// The attached signature timestamp, checked against the signature value; `nil` when none.
    private static func signatureTimestamp(
        _ info: SignerInfo, context: String, options: VerifyOptions, time: (Date, TimeSource)
    ) -> TimestampCheck? {
        guard let token = info.unsignedSequence(.signatureTimestampToken) else {
            guard info.hasUnsigned(.signatureTimestampToken) else { return nil }
            return TimestampCheck(
                time: time.0, authority: nil, imprintMatches: false, signatureVerifies: false, trust: .notJudged,
                problems: ["its timestamp attribute does not hold exactly one token"])
        }
        let value = info.signatureValue ?? []
        do {
            return try TimestampVerifier.verify(
                token: token, context: context, imprinted: { try $0.hash(value) }, options: options,
                judgedAt: { _ in time }
            ).timestamp
        } catch {
            let reason = (error as? SignError)?.message ?? "\(error)"
            return TimestampCheck(
                time: time.0, authority: nil, imprintMatches: false, signatureVerifies: false, trust: .notJudged,
                problems: ["its timestamp token cannot be read (\(reason))"])
        }
    }

    /// A signer (or TSA) certificate: validity at `check.validationTime`, the algorithms of its
    /// chain (`AlgorithmPolicy.chainProblems`) and the chain to the anchors.
    static func judge(
        _ signer: Certificate?, carried: [Certificate], options: VerifyOptions, whose: String,
        into check: inout CMSCheck
    ) throws {
        guard let signer else {
            check.problems.append(CMSProblem(.signatureValue, "\(whose) certificate is not included in the signature"))
            check.signatureVerifies = false
            return
        }
        check.signer = SignerSummary(signer)
        check.signerName = signer.commonName ?? signer.subject
        let time = check.validationTime
        let validity = CertificateValidity(notBefore: signer.notBefore, notAfter: signer.notAfter, at: time)
        check.certificateValidity = validity
        if validity != .valid {
            check.problems.append(
                CMSProblem(
                    .certificateValidity,
                    "\(whose) certificate \(validity.phrase) at the validation time \(DateText.utc(time))"))
        }
        let anchorCertificates = options.anchors?.certificates ?? []
        // The algorithms are judged on the chain the trust rests on.
        let (chain, outcome) = try CertificateChain.judged(
            signer, pool: carried, anchors: anchorCertificates, at: time)
        let (weak, defects) = AlgorithmPolicy.chainProblems(chain, anchors: anchorCertificates)
        for problem in weak { check.refuse(problem, allowWeak: options.allowWeakAlgorithms) }
        for problem in defects { check.refuse(problem, as: .algorithm) }
        guard options.requireTrust else { return }
        switch outcome {
        case nil:
            check.trust = .untrusted
            check.trustDetail = "no trust anchors were given"
        case .untrusted(let reason):
            check.trust = .untrusted
            check.trustDetail = reason
            let problem = "the certificate chain of \(whose.dropLast(2)) does not lead to a trust anchor (\(reason))"
            check.problems.append(CMSProblem(.trust, problem))
        case .trusted:
            check.trust = .trusted
        }
    }
}
