import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

enum EvidenceCheck {
    /// What one signature's evidence check needs: the signature, the file and who signed.
    struct Signed {
        /// The signature's field name.
        var field: String
        /// Its widget in the document as the file ends.
        var widget: PDFObject?
        /// The revision its bytes cover.
        var revision: Int?
        /// SHA-256 of the signer's certificate, when its CMS was read.
        var signer: [UInt8]?
        /// The changes made after the signature (as the change analysis judged them, before any
        /// signature's permissions raised them).
        var after: [Change] = []
    }

    /// The report of the evidence associated with `signed`'s widget, or nil when it carries none.
    ///
    /// The evidence is read from the revision the signature covers (the bytes it signs), and must
    /// be the same in the file as it ends; its binding must name the revision before (the document
    /// signed), the appearance the widget showed when signed and shows now, and the signer; and the
    /// signature's own update may change nothing but the signature's field, its widget and
    /// appearance, the form and page entries that list them, and the evidence: otherwise the
    /// revision the binding names is not the document the signature shows.
    ///
    /// The evidence of a signature made with a page stamp (`pipeline`, `capture --pdf`) is on a
    /// form XObject its own update wrote (``EvidenceCarrier/find(widget:written:)``); its appearance is
    /// the stamp and where pages draw it, and the update may also add the stamp (see `SigningUpdate`).
    static func run(
        _ signed: Signed, revisions: [Revision], file: any ByteSource, mapped: MappedFile, password: Secret?
    ) -> EvidenceReport? {
        guard let widget = signed.widget else { return nil }
        let written =
            signed.revision.flatMap { revisions.indices.contains($0 - 1) ? revisions[$0 - 1] : nil }.map { revision in
                revision.added.map { PDFObjectID(number: $0, generation: revision.entries[$0]?.generation ?? 0) }
            } ?? []
        do {
            guard let carrier = try EvidenceCarrier.find(widget: widget, written: written) else { return nil }
            // Unreadable now is judged against what the signature covers: it may have been changed since.
            let shown = Result { try EvidenceAttachment.read(from: carrier) }
            return try check(
                signed, shown: shown, carrier: carrier, revisions: revisions, file: file, mapped: mapped,
                password: password)
        } catch {
            return EvidenceReport(unreadable: error)
        }
    }

    private static func check(
        _ signed: Signed, shown: Result<SealedEvidence?, any Error>, carrier: EvidenceCarrier, revisions: [Revision],
        file: any ByteSource, mapped: MappedFile, password: Secret?
    ) throws -> EvidenceReport {
        let showing = try? shown.get()
        var recipients = showing.flatMap { try? EvidenceSeal.inspect($0, context: "the evidence").recipients } ?? []
        func report(_ status: EvidenceReport.Status, _ detail: String? = nil) -> EvidenceReport {
            EvidenceReport(status: status, recipients: recipients, detail: detail, sealed: showing)
        }
        guard let revision = signed.revision, revision >= 1, revision <= revisions.count else {
            return report(.notCovered, "its signature covers no revision of the file")
        }
        guard revision >= 2 else {
            return report(
                .notBound,
                "its signature covers the file's first revision, so no document signed before it can be the one the evidence is bound to"
            )
        }
        let signedDocument =
            revision == revisions.count
            ? nil : try PDFDocument(mapped: mapped, prefix: revisions[revision - 1].end, password: password)
        let signedCarrier = try signedDocument.map { try carrier.counterpart(in: $0, field: signed.field) } ?? carrier
        guard let signedCarrier, let sealed = try EvidenceAttachment.read(from: signedCarrier) else {
            return report(.notCovered, "added after the signature")
        }
        guard sealed == showing else { return report(.notCovered, "changed after the signature") }
        let inspection = try EvidenceSeal.inspect(sealed, context: "the evidence")
        recipients = inspection.recipients
        guard
            try documentDigests(before: revisions[revision - 2], file: file).contains(inspection.binding.documentDigest)
        else { return report(.otherDocument) }
        guard signed.signer == inspection.binding.signerDigest else { return report(.otherSigner) }
        let appearance = inspection.binding.appearanceDigest
        guard try signedCarrier.appearanceDigest() == appearance, try carrier.appearanceDigest() == appearance
        else { return report(.otherAppearance) }
        if let change = try SigningUpdate.unrelatedChange(
            field: signed.field, carrier: signedCarrier, revision: revisions[revision - 1],
            previous: revisions[revision - 2], signed: signedDocument, final: carrier.document, mapped: mapped,
            password: password)
        {
            return report(.notBound, "its signature's own update also made another change: \(change)")
        }
        let pages = try pages(showing: carrier)
        if let change = laterChange(signed.after, on: pages) {
            return report(.notBound, "a later update changed what shows it: \(change)")
        }
        var bound = report(.bound)
        bound.shownOn = pages
        return bound
    }

    /// The first change in `after` beyond annotations and form filling (content, resources, page
    /// boxes, the catalog, optional content…) made to one of `pages` (those showing the evidence's
    /// carrier), or to no page in
    /// particular, in words, or nil. The appearance digest covers the widget or the stamp and
    /// where it is drawn, not what a page draws around it: such a change can clip it, paint over
    /// it, crop it away or put it in hidden optional content, so the appearance sealed is no
    /// longer known to be what the page shows.
    static func laterChange(_ after: [Change], on pages: Set<Int>) -> String? {
        after.first { change in change.level == .other && (change.page.map(pages.contains) ?? true) }?.what
    }

    /// The pages (1-based) that show `carrier` in its document.
    private static func pages(showing carrier: EvidenceCarrier) throws -> Set<Int> {
        switch carrier {
        case .stamp(let form):
            let placements = try StampPlacements(of: form)
            return Set(placements.drawn.map(\.page) + placements.annotated.map(\.page))
        case .widget(let widget):
            let document = widget.document
            guard let id = try widget.id, document.pageCount > 0 else { return [] }
            return try Set(
                (1...document.pageCount).filter { number in
                    try document.page(number).object.value("/Annots")?.items().contains { try $0.id == id } ?? false
                })
        }
    }

    /// SHA-256 of the document as `previous` left it: up to its end, and (when the update began with
    /// the line end a file without one lacked) up to just past its `%%EOF`.
    static func documentDigests(before previous: Revision, file: any ByteSource) throws -> [[UInt8]] {
        try Set([previous.end, previous.eofEnd]).map {
            try ContentDigest.compute(file, ranges: [0..<$0], algorithm: .sha256)
        }
    }
}
