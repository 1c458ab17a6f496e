import COpenSSL
import FoundationEssentials

/// Checks a CMS SignedData whose content is hashed by the caller (streamed ranges of a file):
/// message digest, signature, signer certificate validity at the validation time, and the chain.
enum CMSVerifier {
    /// `contentDigest` hashes the signed content with the algorithm the signer chose.
    /// `claimedTime` is the container's own claim (a PDF's /M), used only for
    /// `--validation-time claimed` when the CMS has no signing-time attribute. Throws
    /// `SignError.notASignature` when `bytes` is not a SignedData with a signer.
    static func check(
        cms bytes: [UInt8], context: String, contentDigest: (DigestAlgorithm) throws -> [UInt8],
        options: VerifyOptions, claimedTime: Date?
    ) throws -> CMSCheck {
        let cms: CMSMessage
        do {
            cms = try CMSMessage(der: bytes)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, .notASignature(failure.summary))
        }
        guard cms.isSignedData else { throw SignError(context, .notASignature("it is a CMS message but not SignedData")) }
        // Attach each signer's certificate from those carried in the message.
        _ = CMS_set1_signers_certs(cms.pointer, nil, 0)
        OpenSSL.clearErrors()
        let carried = try cms.certificates()
        return try cms.withSignerInfos { infos in
            guard let info = infos.first else { throw SignError(context, .notASignature("it has no signer")) }
            var check = try checkSigner(info, contentDigest: contentDigest)
            if infos.count > 1 { check.problems.append("it has \(infos.count) signers; only the first is checked") }
            let time: (Date, TimeSource)
            switch options.validationTime {
            case .now: time = (options.now, .now)
            case .at(let date): time = (date, .given)
            case .claimed: time = (check.claimedSigningTime ?? claimedTime ?? options.now, .claimed)
            }
            (check.validationTime, check.validationTimeSource) = time
            try judgeCertificate(info, carried: carried, options: options, into: &check)
            return check
        }
    }

    /// Digest and signature of one SignerInfo.
    private static func checkSigner(_ info: OpaquePointer, contentDigest: (DigestAlgorithm) throws -> [UInt8]) throws -> CMSCheck {
        var digestAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(info, nil, nil, &digestAlgorithm, nil)
        var oid: OpaquePointer?
        X509_ALGOR_get0(&oid, nil, nil, digestAlgorithm)
        var check = CMSCheck(
            digestAlgorithm: "unknown", signatureAlgorithm: "unknown", digestMatches: false, signatureVerifies: false,
            unsupported: nil, signer: nil, claimedSigningTime: nil, timestamp: nil, validationTime: Date(timeIntervalSince1970: 0),
            validationTimeSource: .now, certificateValidity: nil, trust: .notJudged, trustDetail: nil, policyProblems: [],
            problems: [])
        guard let oid, let algorithm = DigestAlgorithm(object: oid) else {
            check.problems.append("the digest algorithm is not one OpenSSL knows")
            return check
        }
        check.digestAlgorithm = algorithm.name
        let digest = try contentDigest(algorithm)
        if CMS_signed_get_attr_count(info) >= 0 {
            let signed = octets(CMS_signed_get0_data_by_OBJ(info, OBJ_nid2obj(NID_pkcs9_messageDigest), -3, V_ASN1_OCTET_STRING))
            check.digestMatches = signed == digest
            if signed == nil { check.problems.append("the signed attributes hold no message digest") }
            check.signatureVerifies = CMS_SignerInfo_verify(info) == 1
            OpenSSL.clearErrors()
            check.claimedSigningTime = signingTime(info)
        } else {
            // No signed attributes: the signature is made over the content digest itself.
            var key: OpaquePointer?
            CMS_SignerInfo_get0_algs(info, &key, nil, nil, nil)
            if let key, let signature = octets(CMS_SignerInfo_get0_signature(info)) {
                let publicKey = try PrivateKey(retaining: key)
                check.signatureVerifies = try KeyContext(publicKey).verify(signature: signature, digest: digest, algorithm: algorithm)
                check.digestMatches = check.signatureVerifies
            }
        }
        if !check.digestMatches { check.problems.append("the signed content was changed: its \(algorithm.name) digest does not match the signed one") }
        if !check.signatureVerifies { check.problems.append("the signature value does not verify with the signer's public key") }
        return check
    }

    /// Signer certificate: validity at the validation time and the chain to the anchors.
    private static func judgeCertificate(
        _ info: OpaquePointer, carried: [Certificate], options: VerifyOptions, into check: inout CMSCheck
    ) throws {
        var signerPointer: OpaquePointer?
        CMS_SignerInfo_get0_algs(info, nil, &signerPointer, nil, nil)
        guard let signerPointer else {
            check.problems.append("the signer's certificate is not included in the signature")
            check.signatureVerifies = false
            return
        }
        let signer = try Certificate(retaining: signerPointer)
        check.signer = SignerSummary(signer)
        let time = check.validationTime
        let validity = CertificateValidity(notBefore: signer.notBefore, notAfter: signer.notAfter, at: time)
        check.certificateValidity = validity
        if validity != .valid {
            check.problems.append("the signer certificate \(validity.phrase) at the validation time \(DateText.utc(time))")
        }
        guard options.requireTrust else { return }
        guard let anchors = options.anchors, !anchors.certificates.isEmpty else {
            check.trust = .untrusted
            check.trustDetail = "no trust anchors were given"
            return
        }
        let store = try TrustStore(anchors: anchors.certificates)
        if let reason = try store.verify(signer, intermediates: carried, at: time) {
            check.trust = .untrusted
            check.trustDetail = reason
            check.problems.append("the certificate chain does not lead to a trust anchor (\(reason))")
        } else {
            check.trust = .trusted
        }
    }

    private static func signingTime(_ info: OpaquePointer) -> Date? {
        let object = OBJ_nid2obj(NID_pkcs9_signingTime)
        defer { OpenSSL.clearErrors() }
        for type in [V_ASN1_UTCTIME, V_ASN1_GENERALIZEDTIME] {
            if let raw = CMS_signed_get0_data_by_OBJ(info, object, -3, type) {
                return Certificate.date(raw.assumingMemoryBound(to: ASN1_TIME.self))
            }
        }
        return nil
    }

    /// The bytes of a borrowed ASN1_OCTET_STRING.
    private static func octets(_ raw: UnsafeMutableRawPointer?) -> [UInt8]? {
        guard let raw else {
            OpenSSL.clearErrors()
            return nil
        }
        let string = raw.assumingMemoryBound(to: ASN1_STRING.self)
        guard let data = ASN1_STRING_get0_data(string) else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(string))))
    }

    private static func octets(_ string: UnsafeMutablePointer<ASN1_STRING>?) -> [UInt8]? {
        octets(string.map { UnsafeMutableRawPointer($0) })
    }
}
