import FoundationEssentials
import SignetCore
import SignetCrypto

/// What `signet verify` found for one signature or document timestamp (one object of the
/// `signatures` array of its `--json` output). Made only by `Judge.report` from the signature's
/// findings; every property is a constant, so no later step can change a verdict.
public struct SignatureReport: Sendable, Hashable, Codable {
    /// A signature, or a document timestamp.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An approval or certification signature.
        case signature
        /// `/Type /DocTimeStamp`, `/SubFilter /ETSI.RFC3161`: an RFC 3161 token over the document.
        case documentTimestamp = "document-timestamp"
    }

    /// Whether the bytes the signature covers are the bytes it signed.
    public enum Integrity: String, Sendable, Hashable, Codable {
        /// The covered bytes' digest matches the signed one and the signature value verifies.
        case ok
        /// The digest does not match, the signature value does not verify, or the coverage leaves
        /// bytes out (`integrityFailures` says which).
        case broken
        /// Not checked: the signature could not be read, or is of a kind Signet does not check.
        case notChecked = "not-checked"
    }

    /// How much of the file the signature covers.
    public enum Coverage: String, Sendable, Hashable, Codable {
        /// Everything but its own /Contents.
        case entireFile = "entire-file"
        /// A complete earlier revision; later incremental updates follow it.
        case earlierRevision = "earlier-revision"
        /// The ByteRange leaves bytes out, does not start at 0, or does not end a revision.
        case partial
        /// A detached signature over a whole separate file.
        case detachedContent = "detached-content"
    }

    /// The verdict on one signature.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// Intact, verifying, allowed algorithms, certificate usable and trusted (unless trust was
        /// not asked for), and every later change permitted.
        case valid
        /// All of that but trust: the signer's chain leads to no trust anchor (what pdfsig and
        /// pyHanko call intact but untrusted).
        case intactButUntrusted = "intact-but-untrusted"
        /// Something is wrong: `problems` says what, the most serious first.
        case invalid
        /// Not checked: Signet does not verify signatures of its sub-filter.
        case notChecked = "not-checked"
    }

    /// 1-based position among the file's signatures, oldest first.
    package let index: Int
    /// The PDF signature field's full name.
    public let field: String?
    /// The field's name holds a bidirectional control or a zero-width character
    /// (`HiddenCharacters`); the text report shows them escaped (`<U+200B>`).
    package let fieldHasControls: Bool
    /// A signature, or a document timestamp.
    public let kind: Kind
    /// The `/SubFilter`.
    package let subFilter: String?
    /// The `/ByteRange`: offset and length pairs of the bytes covered.
    package let byteRange: [Int]?
    /// The revision (1-based, see `RevisionReport`) whose end the signature covers.
    package let revision: Int?
    /// Whether the covered bytes are the bytes signed.
    public let integrity: Integrity
    /// What failed when `integrity` is `broken`: `digest`, `signature-value`, `coverage`.
    package let integrityFailures: [String]
    /// How much of the file the signature covers.
    public let coverage: Coverage
    /// The most far-reaching change after the signature (`none` when nothing changed).
    public let modificationLevel: ModificationLevel
    /// Every later change is within what this signature (and certification) allows.
    public let permitted: Bool
    /// The highest level a change after this signature may reach: `lta-updates` under a P=1
    /// certification, `form-filling` under P=2, `annotations` otherwise.
    package let permittedLevel: ModificationLevel
    /// The DocMDP `/P` of a certification signature (1, 2 or 3), `nil` for an approval signature.
    package let docmdp: Int?
    /// Every change after the signature, each with its level.
    package let changes: [Change]
    /// The digest algorithm, such as `sha256`.
    package let digestAlgorithm: String
    /// The signature algorithm, such as `rsa` or `ecdsa-with-SHA256`.
    package let signatureAlgorithm: String
    /// The signer's certificate, when the signature names one.
    public let signer: SignerSummary?
    /// What the signature claims as its signing time (signing-time attribute, else `/M`): reported, not trusted.
    public let claimedSigningTime: String?
    /// The signature timestamp token (or, for a document timestamp, the token itself).
    public let timestamp: TimestampCheck?
    /// The time the signer's certificate was judged at.
    package let validationTime: String?
    /// Where the validation time came from.
    package let validationTimeSource: TimeSource?
    /// The signer's certificate at the validation time.
    package let certificateValidity: CertificateValidity?
    /// Whether the signer's chain ends at a trust anchor.
    public let trust: TrustStatus
    /// Why the chain is not trusted, in words.
    package let trustDetail: String?
    /// Each chain certificate's revocation status (the signer's chain, then its timestamp authority's).
    package let revocation: [CertificateRevocation]
    /// What could not be checked, in words ("no revocation data in the file for …"): not problems.
    package let notes: [String]
    /// The PAdES baseline level the signature reaches (`none` for adbe.pkcs7.detached or an invalid one).
    public let padesLevel: PAdESLevel
    /// Everything wrong with the signature, one sentence each, the most serious first; empty for a valid one.
    public let problems: [String]
    /// The kind of each of `problems`, in the same order.
    package let problemKinds: [Problem.Kind]
    /// The verdict.
    public let verdict: Verdict
    /// The most serious problem, in one sentence (`nil` for a valid signature).
    public let reason: String?
    /// The handwriting evidence sealed into the signature, as read without the examiner's key
    /// (it does not change the verdict); `nil` when it carries none.
    public let evidence: EvidenceReport?
    /// `verdict` is `valid`.
    public let valid: Bool
    /// `verdict` is `intactButUntrusted` (the exit code stays 3).
    public let intactButUntrusted: Bool

    /// Each problem with its kind, the most serious first.
    public var problemList: [Problem] { zip(problemKinds, problems).map { Problem($0, $1) } }

    enum CodingKeys: String, CodingKey {
        case index, field, kind, revision, integrity, coverage, permitted, docmdp, changes, signer, timestamp, trust
        case problems, valid, revocation, notes, verdict, reason, evidence
        case intactButUntrusted = "intact_but_untrusted"
        case fieldHasControls = "field_has_controls"
        case integrityFailures = "integrity_failures"
        case problemKinds = "problem_kinds"
        case padesLevel = "pades_level"
        case subFilter = "sub_filter"
        case byteRange = "byte_range"
        case modificationLevel = "modification_level"
        case permittedLevel = "permitted_level"
        case digestAlgorithm = "digest_algorithm"
        case signatureAlgorithm = "signature_algorithm"
        case claimedSigningTime = "claimed_signing_time"
        case validationTime = "validation_time"
        case validationTimeSource = "validation_time_source"
        case certificateValidity = "certificate_validity"
        case trustDetail = "trust_detail"
    }

    /// The report of `findings` judged as `judgement` says; only `Judge.report` calls it.
    init(_ f: SignatureFindings, _ judgement: Judge.Judgement) {
        index = f.index
        field = f.field
        fieldHasControls = f.field.map(HiddenCharacters.found) ?? false
        kind = f.kind
        subFilter = f.subFilter
        byteRange = f.byteRange
        revision = f.revision
        integrity = judgement.integrity
        integrityFailures = judgement.integrityFailures
        coverage = f.coverage
        modificationLevel = f.changes.map(\.level).max() ?? .none
        permitted = f.permitted
        permittedLevel = f.allowed
        docmdp = f.docmdp
        changes = f.changes
        digestAlgorithm = f.cms?.digestAlgorithm ?? "unknown"
        signatureAlgorithm = f.cms?.signatureAlgorithm ?? "unknown"
        signer = f.cms?.signer
        claimedSigningTime = (f.cms?.claimedSigningTime ?? f.claimedTime).map(DateText.utc)
        timestamp = f.cms?.timestamp
        validationTime = f.cms.map { DateText.utc($0.validationTime) }
        validationTimeSource = f.cms?.validationTimeSource
        certificateValidity = f.cms?.certificateValidity
        trust = f.cms?.trust ?? .notJudged
        trustDetail = f.cms?.trustDetail
        revocation = f.cms?.revocation ?? []
        notes = f.notes + (f.cms?.notes ?? [])
        evidence = f.evidence
        padesLevel = judgement.level
        problems = judgement.problems.map(\.sentence)
        problemKinds = judgement.problems.map(\.kind)
        verdict = judgement.verdict
        reason = judgement.problems.first?.sentence
        valid = judgement.verdict == .valid
        intactButUntrusted = judgement.verdict == .intactButUntrusted
    }
}
