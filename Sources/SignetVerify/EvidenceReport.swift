import SignetCrypto

/// What `verify` can say of the handwriting evidence a signature carries without the examiner's
/// key: who it is sealed for, and whether the signature covers it and its binding names the
/// revision the signature signs, the appearance its widget shows and its signer. The envelope's
/// GCM tag and the binding's seal are checked only by the examiner (`signet evidence extract`):
/// without the key they are read, not proven.
public struct EvidenceReport: Sendable, Hashable, Codable {
    /// What the binding says against the document.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Covered by the signature, and bound to the revision it signs, the appearance it shows
        /// and its signer, in an update that changed nothing else.
        case bound
        /// Added or changed after the signature: the signature does not cover it.
        case notCovered = "not_covered"
        /// Bound to another document revision.
        case otherDocument = "other_document"
        /// Bound to another appearance than the one the widget shows.
        case otherAppearance = "other_appearance"
        /// Bound to another signer's certificate.
        case otherSigner = "other_signer"
        /// Covered, but the signature's update also changed the document, so the revision the
        /// binding names is not what the signature shows (`detail` says what).
        case notBound = "not_bound"
        /// The envelope or its binding cannot be read.
        case unreadable
    }

    /// What the binding says against the document.
    public let status: Status
    /// The examiner the envelope is sealed for, as its recipients name them (issuer and serial
    /// number); the binding's own label is not trusted for it.
    public let examiner: String?
    /// The envelope's recipients (issuer and serial number).
    package let recipients: [String]
    /// Why it is unreadable, not covered or not bound.
    package let detail: String?
    /// The envelope and binding as the file shows them, when they read (what `extract` opens
    /// once they are bound); not part of the report's JSON.
    package var sealed: SealedEvidence? = nil
    /// The pages (1-based) that show the handwriting, when bound; not part of the report's JSON.
    package var shownOn: Set<Int> = []

    private enum CodingKeys: String, CodingKey {
        case status, examiner, recipients, detail
    }

    init(status: Status, recipients: [String], detail: String?, sealed: SealedEvidence? = nil) {
        self.sealed = sealed
        self.status = status
        self.examiner = recipients.isEmpty ? nil : recipients.joined(separator: " and ")
        self.recipients = recipients
        self.detail = detail
    }

    init(unreadable error: any Error) {
        var detail = "\(error)"
        if let error = error as? EvidenceError {
            if case .unreadable(let why) = error.reason { detail = why } else { detail = error.message }
        }
        self.init(status: .unreadable, recipients: [], detail: detail)
    }

    /// This report, or "not bound" when it is bound and one of `changes` is an annotation that
    /// hides signed content on a page showing the handwriting (the overlay check, run after the
    /// evidence check): the appearance sealed may no longer be what the page shows.
    func hidden(by changes: [Change]) -> EvidenceReport {
        guard status == .bound,
            let hiding = changes.first(where: { $0.hides != nil && $0.page.map(shownOn.contains) ?? true })
        else { return self }
        return EvidenceReport(
            status: .notBound, recipients: recipients, detail: "a later update changed what shows it: \(hiding.what)",
            sealed: sealed)
    }

    /// One line for the report.
    package var line: String {
        let sealed = "biometric evidence present" + (examiner.map { ", sealed for \($0)" } ?? "")
        switch status {
        case .bound:
            return
                "\(sealed), bound to this revision, this signer and the appearance shown (only the examiner's key checks the envelope itself)"
        case .notCovered:
            return "\(sealed), but \(detail ?? "changed after the signature"), not covered: it is not this signature's"
        case .otherDocument:
            return
                "\(sealed), but bound to another document than the revision this signature covers: it is not this signature's"
        case .otherAppearance:
            return
                "\(sealed), but bound to another appearance than the one this signature shows: it is not this signature's"
        case .otherSigner:
            return "\(sealed), but bound to another signer: it is not this signature's"
        case .notBound:
            return "\(sealed), but not bound to what this signature shows: \(detail ?? "")"
        case .unreadable:
            return "biometric evidence present but unreadable: \(detail ?? "not what Signet writes")"
        }
    }
}
