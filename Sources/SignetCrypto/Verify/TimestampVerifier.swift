import FoundationEssentials

/// What checking an RFC 3161 TimeStampToken found.
struct TimestampVerification {
    /// The summary a report shows (genTime, TSA, imprint, signature, trust, problems).
    var timestamp: TimestampCheck
    /// The token's own SignerInfo check: the TSA as signer, its certificate judged at the
    /// validation time; `digestMatches` is the imprint.
    var authority: CMSCheck
}

/// Checks an RFC 3161 TimeStampToken: a SignedData whose eContent is a TSTInfo, signed by a
/// certificate with the (critical) timeStamping extended key usage, whose messageImprint is the
/// hash of what it stamps (a signature value, or a document's signed byte ranges).
enum TimestampVerifier {
    /// How far a timestamp's genTime may lie after the verifier's own clock (`VerifyOptions.now`)
    /// and still be believed, in seconds: clocks of a TSA and a verifier differ by a little; a
    /// token from further in the future would move the validation time to where no one has been.
    package static let clockSkew: Double = 300

    /// `imprinted` hashes what the token stamps with the imprint's algorithm. The TSA
    /// certificate's chain and validity are judged at the time `judgedAt` gives for the token's
    /// genTime (with its source); the certificate must also have been valid at genTime. Throws
    /// `SignError.notASignature` when the token is unreadable.
    static func verify(
        token: [UInt8], context: String, imprinted: (DigestAlgorithm) throws -> [UInt8], options: VerifyOptions,
        judgedAt: (_ genTime: Date) -> (Date, TimeSource)
    ) throws -> TimestampVerification {
        let bag = "the timestamp token of \(context)"
        try CMSVerifier.boundCarried(in: token, context: bag)
        let cms: CMSMessage
        do {
            cms = try CMSMessage(der: token)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, .notASignature("its timestamp token is not CMS (\(failure.summary))"))
        }
        guard cms.isSignedData else {
            throw SignError(context, .notASignature("its timestamp token is not a CMS SignedData"))
        }
        guard cms.eContentType == .tstInfo else {
            throw SignError(
                context, .notASignature("its timestamp token holds \(cms.eContentType?.name ?? "?"), not a TSTInfo"))
        }
        guard let content = cms.eContent else {
            throw SignError(context, .notASignature("its timestamp token holds no TSTInfo"))
        }
        let info: TSTInfo
        do {
            info = try TSTInfo(der: content)
        } catch let failure as OpenSSLFailure {
            throw SignError(
                context, .notASignature("its timestamp token's TSTInfo cannot be read (\(failure.summary))"))
        }
        guard let genTime = info.time else {
            throw SignError(context, .notASignature("its timestamp token has no readable time"))
        }
        try cms.attachSignerCertificates()
        let carried = try CMSVerifier.carriedCertificates(cms, context: bag)
        guard let signerInfo = cms.signerInfos.first else {
            throw SignError(context, .notASignature("its timestamp token has no signer"))
        }
        var tokenProblems: [CMSProblem] = []
        if cms.signerInfos.count > 1 {
            tokenProblems.append(
                CMSProblem(
                    .structure, "its timestamp token has \(cms.signerInfos.count) signers; a token has exactly one"))
        }
        if genTime.timeIntervalSince(options.now) > clockSkew {
            tokenProblems.append(
                CMSProblem(
                    .structure,
                    "the timestamp's time \(DateText.utc(genTime)) is after this verification's clock \(DateText.utc(options.now)) by more than \(Int(clockSkew / 60)) minutes, so it cannot be believed"
                ))
        }

        let whose = "the timestamp authority's"
        var check = try SignerCheck(
            info: signerInfo, message: cms, usage: .timestamping, whose: whose, expectsContent: true, carried: carried,
            options: options
        ).run(contentDigest: { try $0.hash(content) })
        // The token's own message digest is part of its signature; digestMatches speaks of the imprint.
        let tokenSigned = check.digestMatches && check.signatureVerifies
        check.digestMatches = false
        var imprintProblems: [CMSProblem] = []
        if let algorithm = info.imprintAlgorithm.flatMap(DigestAlgorithm.init) {
            check.digestAlgorithm = algorithm.name
            check.refuse(
                AlgorithmPolicy.digestProblem(algorithm, role: "timestamp imprint"),
                allowWeak: options.allowWeakAlgorithms)
            check.digestMatches = info.imprint == (try imprinted(algorithm))
            if !check.digestMatches {
                imprintProblems.append(
                    CMSProblem(
                        .digest,
                        "the timestamp's message imprint does not match the \(algorithm.name) digest of what it stamps")
                )
            }
        } else {
            let name = info.imprintAlgorithm?.name ?? "?"
            check.unsupported = check.unsupported ?? "unsupported digest algorithm \(name)"
            imprintProblems.append(
                CMSProblem(.unsupported, "the timestamp's imprint algorithm \(name) is not one Signet can check"))
        }
        check.problems = tokenProblems + imprintProblems + check.problems
        (check.validationTime, check.validationTimeSource) = judgedAt(genTime)
        let tsa = try signerInfo.signerCertificate()
        var validAtGenTime = false
        if let tsa {
            let atGenTime = CertificateValidity(notBefore: tsa.notBefore, notAfter: tsa.notAfter, at: genTime)
            validAtGenTime = atGenTime == .valid
            if !validAtGenTime {
                check.problems.append(
                    CMSProblem(
                        .certificateValidity,
                        "\(whose) certificate \(atGenTime.phrase) at the timestamp's time \(DateText.utc(genTime))"))
            }
        }
        try CMSVerifier.judge(tsa, carried: carried, options: options, whose: whose, into: &check)
        let signatureVerifies =
            tokenSigned && check.unsupported == nil && check.policyProblems.isEmpty && validAtGenTime
        let timestamp = TimestampCheck(
            time: genTime, authority: tsa?.subject, imprintMatches: check.digestMatches,
            signatureVerifies: signatureVerifies,
            trust: check.trust, problems: check.problems.map(\.sentence), kinds: check.problems.map(\.kind))
        check.timestamp = timestamp
        return TimestampVerification(timestamp: timestamp, authority: check)
    }
}
