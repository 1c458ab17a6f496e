import SignetCrypto

/// Everything `signet verify IN.pdf` found (its `--json` output, less the input's name). Made only
/// by `Judge.report`; every property is a constant.
public struct VerificationReport: Sendable, Hashable, Codable {
    /// Every signature and document timestamp is valid.
    public let valid: Bool
    /// Signatures and document timestamps, oldest first.
    public let signatures: [SignatureReport]
    /// Every timestamp token the file holds: signature timestamps and document timestamps.
    package let timestamps: [TimestampEntry]
    /// Every revision of the file, oldest first.
    package let revisions: [RevisionReport]
    /// Whether annotations and signature widgets added after a signature were compared with the
    /// page as signed (see docs/verify.md, "Overlays").
    public let overlayCheck: OverlayCheckStatus

    enum CodingKeys: String, CodingKey {
        case valid, signatures, timestamps, revisions
        case overlayCheck = "overlay_check"
    }

    init(
        valid: Bool, signatures: [SignatureReport], timestamps: [TimestampEntry], revisions: [RevisionReport],
        overlayCheck: OverlayCheckStatus
    ) {
        (self.valid, self.signatures, self.timestamps, self.revisions, self.overlayCheck) =
            (valid, signatures, timestamps, revisions, overlayCheck)
    }
}

/// Whether `signet verify` compared what was added after each signature with the page as signed.
public enum OverlayCheckStatus: String, Sendable, Hashable, Codable {
    /// No annotation or signature widget was added (or changed) after a signature whose later
    /// changes are otherwise permitted.
    case notNeeded = "not-needed"
    /// There is something to compare, and no page renderer was given (`PageRendering.unavailable`):
    /// each signature concerned has a problem and is not valid.
    case notRun = "not-run"
    /// Compared; a signature whose signed content is hidden has a change of level `other`.
    case done
    /// Not compared, as asked (`PageRendering.skipped`, `signet verify --allow-overlays`); each
    /// signature concerned has a note.
    case skipped
    /// The pages could not be rendered, or a bound on rendering was reached; each signature
    /// concerned has a problem and is not valid.
    case failed
}

/// A timestamp token of the file, and what it stamps.
package struct TimestampEntry: Sendable, Hashable, Codable {
    /// Which timestamp this is.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// id-aa-signatureTimeStampToken of a signature: stamps that signature's value.
        case signatureTimestamp = "signature-timestamp"
        /// A document timestamp: stamps the revision it covers.
        case documentTimestamp = "document-timestamp"
    }

    /// Which timestamp this is.
    package var kind: Kind
    /// The `index` of the signature (or document timestamp) in `signatures`.
    package var signature: Int
    /// What was checked and found.
    package var check: TimestampCheck

    enum CodingKeys: String, CodingKey {
        case kind, signature, check = "token"
    }
}

/// One revision of the file: the bytes of one save and what its cross-reference section did.
package struct RevisionReport: Sendable, Hashable, Codable {
    /// 1-based, oldest first.
    package var index: Int
    /// Byte span: `start` up to (not including) `end`.
    package var start: Int
    /// Where it ends in the file (after its `%%EOF`).
    package var end: Int
    /// Object numbers the revision defines for the first time, redefines, and frees.
    package var added: [Int]
    /// The objects it redefined.
    package var changed: [Int]
    /// The objects it freed.
    package var freed: [Int]
    /// The `index` of every signature whose signed bytes include this revision.
    package var coveredBy: [Int]
    /// Syntax problems of this revision, one sentence each.
    package var problems: [String]

    enum CodingKeys: String, CodingKey {
        case index, start, end, added, changed, freed, problems
        case coveredBy = "covered_by"
    }

    package init(
        index: Int, start: Int, end: Int, added: [Int], changed: [Int], freed: [Int], coveredBy: [Int],
        problems: [String]
    ) {
        (self.index, self.start, self.end, self.added, self.changed, self.freed, self.coveredBy, self.problems) =
            (index, start, end, added, changed, freed, coveredBy, problems)
    }
}
