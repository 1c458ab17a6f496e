import SignetFiles
import SignetPDF
import SignetPDFSigning

/// What a signature's own incremental update changed besides signing: handwriting evidence is
/// bound to the revision before the update, so the update must not change what that revision
/// shows. `ChangeAnalysis` compares the two revisions; what signing a field makes is allowed: the
/// field added or signed (its widget, appearance, the page's and the form's lists), the form's
/// flags, the document's information, and objects nothing but those reach (the evidence's files).
/// When the evidence is on a page stamp, adding that stamp is allowed too (`StampAddition`).
enum SigningUpdate {
    /// The first change `revision` (the update of the signature of field `field`, whose evidence
    /// `carrier` holds in the revision) made besides signing it, in words, or nil. `signed` is
    /// the document as `revision` left it (`nil`: it is the last revision, `final`).
    static func unrelatedChange(
        field: String, carrier: EvidenceCarrier, revision: Revision, previous: Revision, signed: PDFDocument?,
        final: PDFDocument, mapped: MappedFile, password: Secret?
    ) throws -> String? {
        let before = try PDFDocument(mapped: mapped, prefix: previous.end, password: password)
        let after = signed ?? final
        let stamp = try StampAddition(carrier, before: before)
        let old = try DocumentMap(before)
        let new = try DocumentMap(after, updating: old, before: before, revision: revision)
        var analysis = ChangeAnalysis(
            before: before, after: after, old: old, new: new, revision: revision,
            coveredRevision: { _ in revision.index })
        let signing = [
            "signature field \(field) added", "signature field \(field) signed", "the form's /SigFlags",
            "the form's /Fields",
        ]
        return try analysis.run().first { change in
            if try stamp?.allows(change) == true { return false }
            if change.what == "the catalog's /AcroForm added" { return try !formOnlySigns(field, in: after) }
            return change.level > .formFilling
                || (change.level == .formFilling && !signing.contains { change.what.hasPrefix($0) })
        }?.what
    }

    /// The keys a form made to hold a signature has.
    static let signingFormKeys: Set<String> = ["/Fields", "/SigFlags", "/DA", "/DR"]

    /// `document`'s form, new in the signing update, holds only `field` and what a signature needs.
    private static func formOnlySigns(_ field: String, in document: PDFDocument) throws -> Bool {
        guard let form = try document.catalog().value("/AcroForm"),
            try Set(form.keys()).isSubset(of: signingFormKeys)
        else { return false }
        return try FormFields.all(in: document).map(\.name) == [field]
    }
}
