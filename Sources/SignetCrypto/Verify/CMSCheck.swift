import FoundationEssentials

/// What checking one CMS SignedData (a signature, or a timestamp token) against its content found.
package struct CMSCheck: Sendable, Hashable {
    /// The digest algorithm the signer used ("SHA256").
    package var digestAlgorithm: String
    /// The signature algorithm ("RSA", "RSASSA-PSS", "ECDSA", "Ed25519" …).
    package var signatureAlgorithm: String
    /// The content's digest equals the signed message-digest attribute (or a timestamp's imprint).
    package var digestMatches: Bool
    /// The signature over the signed attributes (or the digest) verifies with the signer's key.
    package var signatureVerifies: Bool
    /// The signature value itself verifies, whatever the SignedData's structure (which
    /// `signatureVerifies` also answers for).
    package var valueVerifies = false
    /// Set when an algorithm is one Signet cannot check: neither verified nor refuted.
    package var unsupported: String?
    package var signer: SignerSummary?
    /// The name a signature shows for its signer, as `signet sign` shows it: the certificate
    /// subject's common name, else the whole subject.
    package var signerName: String? = nil
    /// The signing-time attribute, when the signature carries one (the signer's claim).
    package var claimedSigningTime: Date?
    /// The signature timestamp token (id-aa-signatureTimeStampToken), when one is attached;
    /// for a document timestamp, the token itself.
    package var timestamp: TimestampCheck?
    /// The time the signer's certificate was judged at, and where it came from.
    package var validationTime: Date
    package var validationTimeSource: TimeSource
    /// Validity of the signer certificate at `validationTime`.
    package var certificateValidity: CertificateValidity?
    package var trust: TrustStatus
    /// Why the chain is untrusted (OpenSSL's reason), or why it was not judged.
    package var trustDetail: String?
    /// Each failed check, in words, with its kind (policy problems included); see `failures` for all of them.
    package var problems: [CMSProblem]
    /// Weak algorithms or keys that the policy would refuse, accepted because
    /// `VerifyOptions.allowWeakAlgorithms` was set (reported, not refused).
    package var acceptedWeaknesses: [String] = []
    /// The signed attributes hold an ESS signing-certificate-v2 (PAdES B-B asks for it).
    package var hasSigningCertificateV2 = false
    /// Each chain certificate's revocation status (signer's chain, then the timestamp authority's).
    package var revocation: [CertificateRevocation] = []
    /// What could not be judged, in words (not problems: the signature may still be valid).
    package var notes: [String] = []
    /// Every chain certificate below its root has usable revocation data in the file (B-LT).
    package var revocationCovered = false

    /// Records the revocation findings of the chains judged (the signer's first).
    mutating func record(_ chains: [ChainRevocation]) {
        revocation = chains.flatMap(\.certificates)
        notes += chains.flatMap(\.notes)
        revocationCovered = chains.allSatisfy(\.coveredByFile)
        // Certificates revoked at or before the time they are judged at: the signature is invalid.
        problems += chains.flatMap(\.problems).map { CMSProblem(.revocation, $0) }
    }

    /// Algorithm, key-size and key-usage findings that make the signature unacceptable (what
    /// `refuse` recorded).
    package var policyProblems: [String] {
        problems.filter { $0.kind == .algorithm || $0.kind == .keyUsage }.map(\.sentence)
    }

    /// Every failed check as a problem: `problems`, and a sentence for each failed fact that no
    /// problem states (an algorithm Signet cannot check, a signature value that did not verify),
    /// so that a verdict made from problems alone misses nothing.
    package var failures: [CMSProblem] {
        var all = problems
        func has(_ kind: CMSProblem.Kind) -> Bool { all.contains { $0.kind == kind } }
        if let unsupported, !has(.unsupported) { all.append(CMSProblem(.unsupported, unsupported)) }
        if !digestMatches, !has(.digest), !has(.unsupported) {
            all.append(CMSProblem(.digest, "the digest of the signed content does not match the signed one"))
        }
        if !signatureVerifies, !has(.signatureValue), !has(.unsupported), !has(.structure) {
            all.append(CMSProblem(.signatureValue, "the signature value does not verify"))
        }
        if certificateValidity != .valid, !has(.certificateValidity), !has(.signatureValue) {
            all.append(CMSProblem(.certificateValidity, "the signer's certificate was not judged valid"))
        }
        return all
    }

    /// Nothing checked yet: every check starts out failed.
    static func unchecked(at time: Date) -> CMSCheck {
        CMSCheck(
            digestAlgorithm: "unknown", signatureAlgorithm: "unknown", digestMatches: false, signatureVerifies: false,
            unsupported: nil, signer: nil, claimedSigningTime: nil, timestamp: nil, validationTime: time,
            validationTimeSource: .now, certificateValidity: nil, trust: .notJudged, trustDetail: nil, problems: [])
    }

    /// Records a policy finding (in `problems`), or only notes it when weak
    /// algorithms are allowed.
    mutating func refuse(_ finding: String?, allowWeak: Bool) {
        guard let finding else { return }
        if allowWeak {
            acceptedWeaknesses.append(finding)
        } else {
            refuse(finding, as: .algorithm)
        }
    }

    /// A finding no option waives (key usage, extended key usage, a defective key).
    mutating func refuse(_ finding: String, as kind: CMSProblem.Kind) {
        problems.append(CMSProblem(kind, finding))
    }
}

/// What a verified RFC 3161 timestamp token says.
public struct TimestampCheck: Sendable, Hashable, Codable {
    /// `genTime` of the token.
    public var time: Date
    /// The TSA certificate's subject.
    public var authority: String?
    /// The message imprint equals the digest of what it stamps (a signature value, or the
    /// document's signed byte ranges).
    package var imprintMatches: Bool
    /// The token's own signature verifies, its certificate is a timestamping one, valid at `time`.
    package var signatureVerifies: Bool
    /// Whether the timestamp authority's chain ends at a trust anchor.
    public var trust: TrustStatus
    /// Everything wrong with the token, in words.
    public var problems: [String]
    /// The kind of each of `problems` (not encoded).
    package var kinds: [CMSProblem.Kind] = []

    /// Imprint and signature hold, nothing is wrong, and the TSA is trusted (or trust was not
    /// asked for: `notJudged`): the time can be relied on.
    public var valid: Bool { imprintMatches && signatureVerifies && trust != .untrusted && problems.isEmpty }

    /// Why the token is not valid, as a problem of the signature it stamps: of kind `trust` when
    /// the authority's chain is all that fails (the time could be relied on with that anchor),
    /// else `timestamp`. Never an empty reason.
    package var failure: CMSProblem {
        let intact = imprintMatches && signatureVerifies
        if intact, trust == .untrusted, kinds.allSatisfy({ $0 == .trust }) {
            let why = problems.first ?? "the timestamp authority's certificate chain leads to no trust anchor"
            return CMSProblem(.trust, "its signature timestamp is not trusted: \(why)")
        }
        let why = problems.isEmpty ? "its token does not verify" : problems.joined(separator: "; ")
        // Only its authority's certificate dates (at the validation time): ranked as a certificate's dates are.
        let datesOnly = intact && !kinds.isEmpty && kinds.allSatisfy { $0 == .certificateValidity || $0 == .trust }
        return CMSProblem(datesOnly ? .certificateValidity : .timestamp, "its signature timestamp is not valid: \(why)")
    }

    enum CodingKeys: String, CodingKey {
        case time, authority, trust, problems, valid
        case imprintMatches = "imprint_matches"
        case signatureVerifies = "signature_verifies"
    }

    package init(
        time: Date, authority: String?, imprintMatches: Bool, signatureVerifies: Bool, trust: TrustStatus,
        problems: [String], kinds: [CMSProblem.Kind] = []
    ) {
        (self.time, self.authority, self.imprintMatches, self.signatureVerifies, self.trust, self.problems) =
            (time, authority, imprintMatches, signatureVerifies, trust, problems)
        self.kinds = kinds
    }

    /// Encodes the check with its time in ISO 8601 and its `valid` verdict.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(DateText.utc(time), forKey: .time)
        try c.encodeIfPresent(authority, forKey: .authority)
        try c.encode(imprintMatches, forKey: .imprintMatches)
        try c.encode(signatureVerifies, forKey: .signatureVerifies)
        try c.encode(trust, forKey: .trust)
        try c.encode(problems, forKey: .problems)
        try c.encode(valid, forKey: .valid)
    }

    /// Decodes a check encoded by `encode(to:)`.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .time)
        guard let date = DateText.parseUTC(text) else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: c, debugDescription: "not a UTC time: \(text)")
        }
        time = date
        authority = try c.decodeIfPresent(String.self, forKey: .authority)
        imprintMatches = try c.decode(Bool.self, forKey: .imprintMatches)
        signatureVerifies = try c.decode(Bool.self, forKey: .signatureVerifies)
        trust = try c.decode(TrustStatus.self, forKey: .trust)
        problems = try c.decode([String].self, forKey: .problems)
    }
}

/// Where the time a certificate was judged at came from.
package enum TimeSource: String, Sendable, Hashable, Codable {
    /// The time of the check (default).
    case now
    /// A time the user gave (`--validation-time`).
    case given
    /// The signer's own claim (`--validation-time claimed`): signing-time attribute or /M.
    case claimed
    /// A verified signature timestamp token.
    case timestamp
    /// A timestamp's authority judged at the time of a later valid document timestamp, which proves
    /// the token existed then (PAdES long-term validation).
    case documentTimestamp = "document-timestamp"
}
