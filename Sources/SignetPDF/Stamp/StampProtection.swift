/// What an input's signatures and certification let a stamp do.
///
/// - An approval signature (or usage rights) allows annotations to be added, not page content changed: on a signed
///   input that is appended to, the stamp becomes a Stamp annotation.
/// - A certification (DocMDP) says the same by its `/P`: 3 allows annotations; 1 (no changes)
///   and 2 (form filling and signing only) allow no stamp at all, unless the user accepts to
///   break the certification.
struct StampProtection {
    /// The DocMDP `/P` of a certified document.
    var docMDP: Int?
    /// A signature field holds a value, or the document is certified or carries usage rights
    /// (a /UR3 signature, which page content changes break as well).
    var isSigned: Bool

    init(_ document: PDFDocument) throws {
        let permissions = try SignatureScanner.permissions(of: document)
        docMDP = permissions.isCertified ? permissions.docMDP ?? 2 : nil
        isSigned =
            permissions.isCertified || permissions.hasUsageRights
            ? true : try SignatureScanner.fields(of: document).contains { $0.isSigned }
    }

    /// Refuses a stamp on a document certified with P=1 or P=2, unless `breakSignatures`.
    func check(_ options: StampOptions, _ document: PDFDocument) throws {
        if let p = docMDP, p < 3, !options.breakSignatures { throw document.error(.certifiedAgainstStamps(docMDP: p)) }
    }

    /// The page whose new signature widget shows the stamp, when a signer appends to a signed
    /// input: one page, no annotation asked for, full opacity and normal blending (what a widget
    /// shows); nil otherwise. A difference analysis that knows annotations only as form-field
    /// widgets (pyHanko's default policy) then finds a new signature field, not an unexplained
    /// Stamp annotation, after the earlier signatures.
    func signaturePage(_ options: StampOptions, pages: [Int]) -> Int? {
        guard isSigned, docMDP == nil, !options.asAnnotation, options.opacity == 1, options.blend == .normal,
            pages.count == 1
        else { return nil }
        return pages[0]
    }

    /// An annotation when asked, or when a signed input is appended to; else page content.
    func form(_ options: StampOptions, incremental: Bool) -> StampReport.Form {
        options.asAnnotation || (incremental && isSigned) ? .annotation : .content
    }
}
