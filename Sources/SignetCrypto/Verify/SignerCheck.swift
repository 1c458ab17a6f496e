import FoundationEssentials

/// Checks one SignerInfo of a SignedData (a signature's, or a timestamp token's): digest,
/// signature, algorithm policy, certificate usage and the CMS structure around them.
///
/// Structure violations (content-type attribute ≠ eContentType, a signing-certificate attribute
/// naming another certificate, content where none belongs) are cryptographic failures: they set
/// `signatureVerifies` to false with a sentence saying which rule was broken.
struct SignerCheck {
    let info: SignerInfo
    let message: CMSMessage
    let usage: CertificateUsage
    /// Whose key and certificate the messages name ("the signer's", "the timestamp authority's").
    let whose: String
    /// A timestamp token encapsulates its TSTInfo; a detached signature encapsulates nothing.
    let expectsContent: Bool
    let carried: [Certificate]
    let options: VerifyOptions

    func run(contentDigest: (DigestAlgorithm) throws -> [UInt8]) throws -> CMSCheck {
        var check = CMSCheck.unchecked(at: options.now)
        let allowWeak = options.allowWeakAlgorithms
        let signer = try info.signerCertificate()
        var key: PrivateKey?
        if let signer {
            check.signer = SignerSummary(signer)
            check.signerName = signer.commonName ?? signer.subject
            do {
                key = try signer.publicKey()
            } catch is OpenSSLFailure {
                check.unsupported = "unsupported public key algorithm in \(whose) certificate"
            }
            for problem in try usage.problems(signer, whose: whose) { check.refuse(problem, as: .keyUsage) }
        }
        check.signatureAlgorithm = AlgorithmPolicy.signatureName(info.signatureAlgorithm, key: key)
        check.refuse(AlgorithmPolicy.signatureAlgorithmProblem(info.signatureAlgorithm), allowWeak: allowWeak)
        if let key {
            check.refuse(AlgorithmPolicy.keyProblem(key, whose: whose), allowWeak: allowWeak)
            if let defect = key.defect {
                check.refuse("\(whose) \(key.algorithm) key is refused: \(defect)", as: .algorithm)
            }
        }
        guard let identifier = info.digestAlgorithm, let algorithm = DigestAlgorithm(identifier),
            !algorithm.name.uppercased().hasPrefix("SHAKE")
        else {
            let name = info.digestAlgorithm?.name ?? "?"
            check.unsupported = check.unsupported ?? "unsupported digest algorithm \(name)"
            check.problems.append(CMSProblem(.unsupported, "the digest algorithm \(name) is not one Signet can check"))
            return check
        }
        check.digestAlgorithm = algorithm.name
        check.refuse(AlgorithmPolicy.digestProblem(algorithm), allowWeak: allowWeak)
        // OpenSSL verifies with the digest algorithm and ignores the hash a signature algorithm
        // names (sha512WithRSAEncryption over a SHA-256 digest verifies): two answers, so neither.
        if let signature = info.signatureAlgorithm, let named = signature.signatureDigest, named != identifier {
            check.refuse(
                "the signature algorithm \(signature.name) names \(named.shortName ?? named.dotted), but the digest algorithm is \(algorithm.name)",
                as: .algorithm)
        }
        let digest = try contentDigest(algorithm)
        if info.hasSignedAttributes {
            let signed = info.messageDigest
            check.digestMatches = signed == digest
            if signed == nil {
                check.problems.append(CMSProblem(.digest, "the signed attributes hold no message digest"))
            }
            check.claimedSigningTime = info.signingTime
            if let key, check.unsupported == nil { verifySignedAttributes(key: key, into: &check) }
            if check.signatureVerifies, try !info.signedAttributesInDEROrder() {
                // OpenSSL verifies over the attributes in the order they came; RFC 5652 §5.4 signs their
                // DER encoding, whose SET OF is sorted, so a signature over another order is not over it.
                check.signatureVerifies = false
                check.problems.append(
                    CMSProblem(
                        .signatureValue,
                        "the signature value does not verify over the DER encoding of the signed attributes: they are not in DER order (a SET OF sorted, RFC 5652 §5.4), and only that order is what is signed"
                    ))
            }
        } else if let key, check.unsupported == nil {
            // No signed attributes: the signature is made over the content digest itself.
            if AlgorithmPolicy.wholeMessageKeys.contains(key.algorithm) {
                check.unsupported = "unsupported algorithm \(check.signatureAlgorithm) without signed attributes"
            } else if let signature = info.signatureValue {
                check.signatureVerifies = try KeyContext(key).verify(
                    signature: signature, digest: digest, algorithm: algorithm)
                check.digestMatches = check.signatureVerifies
            }
        }
        if !check.digestMatches {
            check.problems.append(
                CMSProblem(
                    .digest,
                    "the signed content was changed: its \(algorithm.name) digest does not match the signed one"))
        }
        if !check.signatureVerifies, check.unsupported == nil, signer != nil,
            !check.problems.contains(where: { $0.kind == .signatureValue })
        {
            check.problems.append(
                CMSProblem(.signatureValue, "the signature value does not verify with \(whose) public key"))
        }
        check.valueVerifies = check.signatureVerifies
        if let signer { try checkStructure(signer: signer, into: &check) }
        return check
    }

    /// The signature over the signed attributes: OpenSSL's CMS check, or for EdDSA our own over
    /// the attributes' DER (OpenSSL 3.0's CMS code asks EdDSA for a digest it refuses to take).
    private func verifySignedAttributes(key: PrivateKey, into check: inout CMSCheck) {
        if AlgorithmPolicy.wholeMessageKeys.contains(key.algorithm) {
            do {
                guard let signature = info.signatureValue else { return }
                check.signatureVerifies = try key.verifiesWholeMessage(signature, over: try info.signedAttributesDER())
            } catch {
                check.unsupported = "unsupported algorithm \(check.signatureAlgorithm) (\(error))"
            }
            return
        }
        let (status, reason) = info.verifySignedAttributes()
        check.signatureVerifies = status == 1
        if status < 0, !AlgorithmPolicy.verifiedByOpenSSL.contains(key.algorithm) {
            check.unsupported = "unsupported algorithm \(check.signatureAlgorithm) (\(reason))"
        }
    }

    /// Content-type attribute, signing-certificate attributes and encapsulated content.
    private func checkStructure(signer: Certificate, into check: inout CMSCheck) throws {
        var broken: [String] = []
        let content = message.eContent
        if expectsContent, content == nil { broken.append("it encapsulates no content") }
        if !expectsContent, let content {
            broken.append("it encapsulates \(content.count) bytes of content, but a detached signature carries none")
        }
        if info.hasSignedAttributes {
            if let attribute = info.contentTypeAttribute {
                if attribute != message.eContentType {
                    broken.append(
                        "its signed content-type attribute (\(attribute.name)) differs from the type of the signed content (\(message.eContentType?.name ?? "?"))"
                    )
                }
            } else {
                broken.append("its signed attributes hold no content type")
            }
            broken += try signingCertificateProblems(signer: signer, into: &check)
        }
        guard !broken.isEmpty else { return }
        check.signatureVerifies = false
        check.problems += broken.map { CMSProblem(.structure, "the signature's structure is not valid: \($0)") }
    }

    /// ESS signing-certificate (v1, SHA-1) and signing-certificate-v2: when present, their first
    /// entry must name the signer's certificate (RFC 2634 §5.4, RFC 5035: the first certificate
    /// identifies the signer; the others, the signer again or its CAs, may limit the path and are
    /// not checked). A timestamp token must carry one (RFC 3161 §2.4.2).
    private func signingCertificateProblems(signer: Certificate, into check: inout CMSCheck) throws -> [String] {
        let v1Bytes = info.signedSequence(.signingCertificate)
        let v2Bytes = info.signedSequence(.signingCertificateV2)
        check.hasSigningCertificateV2 = v2Bytes != nil
        guard v1Bytes != nil || v2Bytes != nil else {
            return usage == .timestamping ? ["its signed attributes hold no signing-certificate attribute"] : []
        }
        let v1: ESSSigningCertificate?
        let v2: ESSSigningCertificateV2?
        do {
            v1 = try v1Bytes.map { try ESSSigningCertificate(der: SigningCertificateCheck.firstEntry(of: $0)) }
            v2 = try v2Bytes.map { try ESSSigningCertificateV2(der: SigningCertificateCheck.firstEntry(of: $0)) }
        } catch let failure as OpenSSLFailure {
            return ["its signing-certificate attribute cannot be read (\(failure.summary))"]
        }
        guard try SigningCertificateCheck.matches(v1: v1, v2: v2, chain: [signer]) else {
            return ["its signing-certificate attribute names another certificate than \(whose)"]
        }
        return []
    }
}
