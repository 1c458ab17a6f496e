import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// What a signature allows after it: DocMDP certification (P=1, 2, 3) and FieldMDP locks,
/// read from its `/Reference` transforms (and, for DocMDP, the catalog's `/Perms`).
struct SignaturePermissions: Hashable {
    /// The DocMDP `/P` when this signature certifies the document.
    var docMDP: Int?
    /// FieldMDP: `All`, `Include` or `Exclude`, and the field names it lists.
    var lockAction: String?
    var lockedFields: [String] = []

    init(dictionary: PDFObject, certifier: PDFObjectID?) throws {
        for reference in try dictionary.value("/Reference")?.items() ?? [] {
            let method = try reference.value("/TransformMethod")?.nameValue()
            let params = try reference.value("/TransformParams")
            if method == "/DocMDP", try dictionary.id == certifier {
                docMDP = try DocumentPermissions.docMDPLevel(params)
            } else if method == "/FieldMDP" {
                lockAction = try params?.value("/Action")?.nameValue()
                lockedFields = try (params?.value("/Fields")?.items() ?? []).compactMap { try $0.textValue() }
            }
        }
    }

    /// The highest level a change may reach under a certification of `p`.
    static func allowed(docMDP p: Int?) -> ModificationLevel {
        switch p {
        case 1?: return .ltaUpdates
        case 2?: return .formFilling
        default: return .annotations
        }
    }

    /// A change to field `name` is locked by this signature.
    func locks(_ name: String) -> Bool {
        switch lockAction {
        case "/All"?: return true
        case "/Include"?: return lockedFields.contains(name)
        case "/Exclude"?: return !lockedFields.contains(name)
        default: return false
        }
    }
}

extension SignaturePermissions {
    /// A form-filling change to a field this signature locks is, for this signature, `other`.
    func escalated(_ change: Change) -> Change {
        guard change.level == .formFilling, let field = change.field, locks(field) else { return change }
        var locked = change
        locked.level = .other
        locked.what += " (the field is locked by this signature)"
        return locked
    }
}
