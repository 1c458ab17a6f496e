import FoundationEssentials

/// What `signet verify` found for one signature (one object of its `--json` output).
public struct SignatureReport: Sendable, Hashable, Codable {
    /// How much of the file the signature covers.
    public enum Coverage: String, Sendable, Hashable, Codable {
        /// Everything but its own /Contents.
        case wholeFile = "whole-file"
        /// A complete earlier revision; later incremental updates follow it.
        case earlierRevision = "earlier-revision"
        /// The ByteRange leaves bytes out, or does not start at 0, or runs past the end.
        case incomplete
        /// A detached signature over a whole separate file.
        case detachedContent = "detached-content"
    }

    /// Where the time the certificate was judged at came from.
    public enum TimeSource: String, Sendable, Hashable, Codable {
        case signedAttribute = "signed-attribute"
        case pdfDictionary = "pdf-M"
        case verificationTime = "verification-time"
    }

    /// 1-based position among the file's signatures.
    public var index: Int
    /// The PDF signature field's full name.
    public var field: String?
    public var subFilter: String?
    public var byteRange: [Int]?
    public var coverage: Coverage
    /// What later revisions changed besides adding signatures (annotations, form fields, pages, other).
    public var laterChanges: [String]
    public var digestAlgorithm: String
    public var digestMatches: Bool
    public var signatureVerifies: Bool
    public var signer: SignerSummary?
    public var signingTime: String?
    public var signingTimeSource: TimeSource?
    public var certificateValidity: CertificateValidity?
    public var trust: TrustStatus
    public var trustDetail: String?
    /// Covered bytes unchanged and nothing but signatures added after them.
    public var intact: Bool
    /// Intact, the signature verifies, the certificate was valid, and the chain is not untrusted.
    public var valid: Bool
    public var problems: [String]

    enum CodingKeys: String, CodingKey {
        case index, field, coverage, signer, trust, intact, valid, problems
        case subFilter = "sub_filter"
        case byteRange = "byte_range"
        case laterChanges = "later_changes"
        case digestAlgorithm = "digest_algorithm"
        case digestMatches = "digest_matches"
        case signatureVerifies = "signature_verifies"
        case signingTime = "signing_time"
        case signingTimeSource = "signing_time_source"
        case certificateValidity = "certificate_validity"
        case trustDetail = "trust_detail"
    }

    /// Combines the CMS check with what the container (PDF or detached file) says.
    init(
        index: Int, field: String? = nil, subFilter: String? = nil, byteRange: [Int]? = nil, coverage: Coverage,
        laterChanges: [String] = [], containerProblems: [String] = [], check: CMSCheck, fallbackTime: Date,
        fallbackSource: TimeSource
    ) {
        self.index = index
        self.field = field
        self.subFilter = subFilter
        self.byteRange = byteRange
        self.coverage = coverage
        self.laterChanges = laterChanges
        digestAlgorithm = check.digestAlgorithm
        digestMatches = check.digestMatches
        signatureVerifies = check.signatureVerifies
        signer = check.signer
        signingTime = DateText.utc(check.signingTimeAttribute ?? fallbackTime)
        signingTimeSource = check.signingTimeAttribute != nil ? .signedAttribute : fallbackSource
        certificateValidity = check.certificateValidity
        trust = check.trust
        trustDetail = check.trustDetail
        problems = containerProblems + check.problems
        intact = coverage != .incomplete && laterChanges.isEmpty && check.digestMatches
        valid = intact && check.signatureVerifies && check.certificateValidity == .valid && check.trust != .untrusted
    }

    /// A signature whose CMS could not even be read (corrupt /Contents).
    init(index: Int, field: String?, subFilter: String?, byteRange: [Int]?, coverage: Coverage, unreadable reason: String) {
        self.index = index
        self.field = field
        self.subFilter = subFilter
        self.byteRange = byteRange
        self.coverage = coverage
        laterChanges = []
        digestAlgorithm = "unknown"
        digestMatches = false
        signatureVerifies = false
        trust = .noCAGiven
        intact = false
        valid = false
        problems = [reason]
    }
}
