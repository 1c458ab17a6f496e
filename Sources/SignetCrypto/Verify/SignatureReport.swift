import FoundationEssentials

/// What `signet verify` found for one signature or document timestamp (one object of the
/// `signatures` array of its `--json` output).
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
        /// The digest and the signature value verify.
        case ok
        /// The digest or the signature value does not verify.
        case broken
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

    /// 1-based position among the file's signatures, oldest first.
    package var index: Int
    /// The PDF signature field's full name.
    public var field: String?
    /// A signature, or a document timestamp.
    public var kind: Kind
    /// The `/SubFilter`.
    package var subFilter: String?
    /// The `/ByteRange`: offset and length pairs of the bytes covered.
    package var byteRange: [Int]?
    /// The revision (1-based, see `RevisionReport`) whose end the signature covers.
    package var revision: Int?
    /// Whether the covered bytes are the bytes signed.
    public var integrity: Integrity
    /// How much of the file the signature covers.
    public var coverage: Coverage
    /// The most far-reaching change after the signature (`none` when nothing changed).
    public var modificationLevel: ModificationLevel
    /// Every later change is within what this signature (and certification) allows.
    public var permitted: Bool
    /// The highest level a change after this signature may reach: `lta-updates` under a P=1
    /// certification, `form-filling` under P=2, `annotations` otherwise.
    package var permittedLevel: ModificationLevel
    /// The DocMDP `/P` of a certification signature (1, 2 or 3), `nil` for an approval signature.
    package var docmdp: Int?
    /// Every change after the signature, each with its level.
    package var changes: [Change]
    /// The digest algorithm, such as `sha256`.
    package var digestAlgorithm: String
    /// The signature algorithm, such as `rsa` or `ecdsa-with-SHA256`.
    package var signatureAlgorithm: String
    /// The signer's certificate, when the signature names one.
    public var signer: SignerSummary?
    /// What the signature claims as its signing time (signing-time attribute, else `/M`): reported, not trusted.
    public var claimedSigningTime: String?
    /// The signature timestamp token (or, for a document timestamp, the token itself).
    public var timestamp: TimestampCheck?
    /// The time the signer's certificate was judged at, and where it came from.
    package var validationTime: String?
    /// Where the validation time came from.
    package var validationTimeSource: TimeSource?
    /// The signer's certificate at the validation time.
    package var certificateValidity: CertificateValidity?
    /// Whether the signer's chain ends at a trust anchor.
    public var trust: TrustStatus
    /// Why the chain is not trusted, in words.
    package var trustDetail: String?
    /// Each chain certificate's revocation status (the signer's chain, then its timestamp authority's).
    package var revocation: [CertificateRevocation]
    /// What could not be checked, in words ("no revocation data in the file for …"): not problems.
    package var notes: [String]
    /// The PAdES baseline level the signature reaches (`none` for adbe.pkcs7.detached or an invalid one).
    public var padesLevel: PAdESLevel
    /// What the level is computed from (not encoded).
    package var levelFacts = LevelFacts()
    /// Everything wrong with the signature, in words; empty for a valid one.
    public var problems: [String]
    /// Intact, verifies, allowed algorithms, certificate usable and trusted (unless trust was
    /// not asked for), and every later change permitted.
    public var valid: Bool
    /// Not valid only because its signer's chain leads to no trust anchor: intact, verifying, every
    /// later change permitted (what pdfsig and pyHanko call intact but untrusted; the exit code stays 3).
    public var intactButUntrusted = false

    enum CodingKeys: String, CodingKey {
        case index, field, kind, revision, integrity, coverage, permitted, docmdp, changes, signer, timestamp, trust
        case problems, valid, revocation, notes
        case intactButUntrusted = "intact_but_untrusted"
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

    /// Combines the CMS check with what the container (PDF or detached file) says.
    package init(
        index: Int, kind: Kind = .signature, field: String? = nil, subFilter: String? = nil, byteRange: [Int]? = nil,
        revision: Int? = nil, coverage: Coverage, changes: [Change] = [], docmdp: Int? = nil,
        allowed: ModificationLevel = .annotations,
        containerProblems: [String] = [], check: CMSCheck, claimedTime: Date?, requireTrust: Bool
    ) {
        self.init(
            index: index, kind: kind, field: field, subFilter: subFilter, byteRange: byteRange, revision: revision,
            coverage: coverage, changes: changes, docmdp: docmdp, allowed: allowed)
        permitted = changes.allSatisfy { $0.level <= allowed }
        integrity = coverage != .partial && check.digestMatches ? .ok : .broken
        digestAlgorithm = check.digestAlgorithm
        signatureAlgorithm = check.signatureAlgorithm
        signer = check.signer
        claimedSigningTime = (check.claimedSigningTime ?? claimedTime).map(DateText.utc)
        timestamp = check.timestamp
        validationTime = DateText.utc(check.validationTime)
        validationTimeSource = check.validationTimeSource
        certificateValidity = check.certificateValidity
        trust = check.trust
        trustDetail = check.trustDetail
        problems = containerProblems + check.problems
        revocation = check.revocation
        notes = check.notes
        levelFacts = LevelFacts(
            signingCertificateV2: check.hasSigningCertificateV2, signingTimeAttribute: check.claimedSigningTime != nil,
            revocationCovered: check.revocationCovered)
        let trusted = !requireTrust || check.trust == .trusted
        // Any problem makes the signature invalid; what does not change the verdict is a note.
        valid =
            integrity == .ok && permitted && check.cryptographicallyValid && trusted
            && check.revocationProblems.isEmpty && problems.isEmpty
        intactButUntrusted =
            !valid && integrity == .ok && permitted && check.cryptographicallyValid && check.trust == .untrusted
            && check.revocationProblems.isEmpty && problems.allSatisfy { $0 == check.trustProblem }
    }

    /// A signature whose CMS could not even be read (corrupt /Contents, unknown sub-filter).
    package init(
        index: Int, kind: Kind = .signature, field: String?, subFilter: String?, byteRange: [Int]?,
        revision: Int? = nil,
        coverage: Coverage, changes: [Change] = [], docmdp: Int? = nil, allowed: ModificationLevel = .annotations,
        unreadable reason: String
    ) {
        self.init(
            index: index, kind: kind, field: field, subFilter: subFilter, byteRange: byteRange, revision: revision,
            coverage: coverage, changes: changes, docmdp: docmdp, allowed: allowed)
        problems = [reason]
    }

    /// What the container says, and nothing checked yet: broken, not permitted, not valid.
    private init(
        index: Int, kind: Kind, field: String?, subFilter: String?, byteRange: [Int]?, revision: Int?,
        coverage: Coverage, changes: [Change], docmdp: Int?, allowed: ModificationLevel
    ) {
        self.index = index
        self.kind = kind
        self.field = field
        self.subFilter = subFilter
        self.byteRange = byteRange
        self.revision = revision
        self.coverage = coverage
        self.changes = changes
        self.docmdp = docmdp
        modificationLevel = changes.map(\.level).max() ?? .none
        permittedLevel = allowed
        permitted = false
        integrity = .broken
        digestAlgorithm = "unknown"
        signatureAlgorithm = "unknown"
        trust = .notJudged
        valid = false
        problems = []
        revocation = []
        notes = []
        padesLevel = .none
    }
}

/// A PAdES baseline level (ETSI EN 319 142-1), as `signet verify` reports it; ordered.
public enum PAdESLevel: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Not a PAdES signature (adbe.pkcs7.detached, a document timestamp), or not a valid one.
    case none
    /// ETSI.CAdES.detached with an ESS signing-certificate-v2 attribute and no signing-time attribute.
    case bb = "B-B"
    /// B-B and a valid signature timestamp, or a valid document timestamp over the signature.
    case bt = "B-T"
    /// B-T and revocation data for every certificate of the signer's and the timestamp authority's chains in the file.
    case blt = "B-LT"
    /// B-LT and a valid document timestamp over the validation material.
    case blta = "B-LTA"

    /// Orders levels from `none` to `B-LTA`.
    /// - Parameters:
    ///   - a: One level.
    ///   - b: The other level.
    public static func < (a: PAdESLevel, b: PAdESLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What a signature's CMS says that its PAdES level depends on (`SignatureReport.levelFacts`).
package struct LevelFacts: Sendable, Hashable {
    package var signingCertificateV2 = false
    package var signingTimeAttribute = false
    /// Every chain certificate below its root (signer's, timestamp authority's) has usable data in the file.
    package var revocationCovered = false
}

/// How far a change after a signature reaches, as pyHanko names the levels; ordered.
public enum ModificationLevel: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Nothing changed.
    case none
    /// Long-term validation material: DSS/VRI, document timestamps, /Info and XMP metadata, bookkeeping.
    case ltaUpdates = "lta-updates"
    /// Values and appearances of form fields; signing (or adding invisible) signature fields.
    case formFilling = "form-filling"
    /// Markup annotations added, changed or removed; visible unsigned signature fields.
    case annotations
    /// Anything else: content, resources, page tree, catalog, actions, freed objects, bad syntax.
    case other

    /// Orders levels from `none` (least) to `other` (most).
    /// - Parameters:
    ///   - a: One level.
    ///   - b: The other level.
    public static func < (a: ModificationLevel, b: ModificationLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One change made after a signature, in words a person can act on.
package struct Change: Sendable, Hashable, Codable {
    /// The revision (1-based) that made the change.
    package var revision: Int
    /// How far the change goes.
    package var level: ModificationLevel
    /// One sentence: "page 1 content stream replaced (object 12)".
    package var what: String
    /// The page it concerns, when one.
    package var page: Int?
    /// The object number it concerns, when one.
    package var object: Int?
    /// The form field it concerns, when one.
    package var field: String?

    package init(
        revision: Int, level: ModificationLevel, what: String, page: Int? = nil, object: Int? = nil,
        field: String? = nil
    ) {
        (self.revision, self.level, self.what, self.page, self.object, self.field) = (
            revision, level, what, page, object, field
        )
    }
}
