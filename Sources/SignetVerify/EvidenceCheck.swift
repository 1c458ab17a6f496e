import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// What `verify` can say of the handwriting evidence a signature carries without the examiner's
/// key: who it is sealed for, and whether its binding names the revision the signature covers and
/// the appearance its widget shows. The envelope's GCM tag and the binding's seal are checked only
/// by the examiner (`signet evidence extract`): without the key they are read, not proven.
public struct EvidenceReport: Sendable, Hashable, Codable {
    /// What the binding says against the document.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Bound to the revision the signature covers and to the appearance it shows.
        case bound
        /// Bound to another document revision.
        case otherDocument = "other_document"
        /// Bound to another appearance than the one the widget shows.
        case otherAppearance = "other_appearance"
        /// The envelope or its binding cannot be read.
        case unreadable
    }

    /// What the binding says against the document.
    public let status: Status
    /// The examiner's certificate subject the binding names, when readable.
    public let examiner: String?
    /// The envelope's recipients (issuer and serial number).
    package let recipients: [String]
    /// Why it is unreadable.
    package let detail: String?

    /// One line for the report.
    package var line: String {
        switch status {
        case .bound:
            return
                "biometric evidence present, sealed for \(examiner ?? "?"), bound to this revision and to the appearance shown (only the examiner's key checks the envelope itself)"
        case .otherDocument:
            return
                "biometric evidence present, sealed for \(examiner ?? "?"), but bound to another document than the revision this signature covers: it is not this signature's"
        case .otherAppearance:
            return
                "biometric evidence present, sealed for \(examiner ?? "?"), but bound to another appearance than the one this signature shows: it is not this signature's"
        case .unreadable:
            return "biometric evidence present but unreadable: \(detail ?? "not what Signet writes")"
        }
    }
}

enum EvidenceCheck {
    /// The report of the evidence associated with `widget`, or nil when it carries none. `revision`
    /// is the one the signature covers: the evidence must be bound to the bytes before it.
    static func run(
        widget: PDFObject?, revision: Int?, revisions: [Revision], file: any ByteSource
    ) -> EvidenceReport? {
        guard let widget else { return nil }
        let sealed: SealedEvidence
        do {
            guard let read = try EvidenceAttachment.read(from: widget) else { return nil }
            sealed = read
        } catch {
            return EvidenceReport(status: .unreadable, examiner: nil, recipients: [], detail: "\(error)")
        }
        let inspection: EvidenceInspection
        do {
            inspection = try EvidenceSeal.inspect(sealed, context: "the evidence")
        } catch let error as EvidenceError {
            return EvidenceReport(status: .unreadable, examiner: nil, recipients: [], detail: error.message)
        } catch {
            return EvidenceReport(status: .unreadable, examiner: nil, recipients: [], detail: "\(error)")
        }
        let binding = inspection.binding
        func report(_ status: EvidenceReport.Status) -> EvidenceReport {
            EvidenceReport(status: status, examiner: binding.examiner, recipients: inspection.recipients, detail: nil)
        }
        guard let revision, revision >= 2,
            (try? documentDigests(before: revisions[revision - 2], file: file).contains(binding.documentDigest)) == true
        else { return report(.otherDocument) }
        guard (try? EvidenceAttachment.appearanceDigest(of: widget)) == binding.appearanceDigest else {
            return report(.otherAppearance)
        }
        return report(.bound)
    }

    /// SHA-256 of the document as `previous` left it: up to its end, and (when the update began with
    /// the line end a file without one lacked) up to just past its `%%EOF`.
    static func documentDigests(before previous: Revision, file: any ByteSource) throws -> [[UInt8]] {
        try Set([previous.end, previous.eofEnd]).map {
            try ContentDigest.compute(file, ranges: [0..<$0], algorithm: .sha256)
        }
    }
}
