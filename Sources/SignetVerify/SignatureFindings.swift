import FoundationEssentials
import SignetCrypto

/// Everything the checks of one signature (or document timestamp, or detached signature) found:
/// the only input of its verdict (`Judge.report`). Checks add to it; nothing else decides.
package struct SignatureFindings: Sendable, Hashable {
    /// 1-based position among the file's signatures, oldest first.
    var index: Int
    var kind: SignatureReport.Kind
    var field: String?
    var subFilter: String?
    var byteRange: [Int]?
    /// The revision whose end the signature covers.
    var revision: Int?
    var coverage: SignatureReport.Coverage
    /// Every change after the signature, each with its level.
    var changes: [Change] = []
    /// The DocMDP `/P` when this signature certifies the document.
    var docmdp: Int?
    /// The highest level a change after the signature may reach.
    var allowed: ModificationLevel = .annotations
    /// What checking the CMS (or timestamp token) found; `nil` when it was not read.
    var cms: CMSCheck?
    /// The container's own claim of the signing time (a PDF's `/M`).
    var claimedTime: Date?
    /// What the container and the document checks found wrong (coverage, structure, overlays …).
    var problems: [Problem] = []
    /// The handwriting evidence the signature carries, as read without the examiner's key.
    var evidence: EvidenceReport?
    /// What could not be checked and does not change the verdict.
    var notes: [String] = []

    /// Every later change is one the signature allows.
    var permitted: Bool { changes.allSatisfy { $0.level <= allowed } }
}
