import SignetPDF

/// One terminal field of the AcroForm tree whose type (own or inherited) is `/Sig`.
struct SignatureField {
    /// Full name: the partial names (`/T`) from the root down, joined by ".".
    let name: String
    /// The field dictionary (often the widget annotation too, merged).
    let field: PDFObject
    /// The signature dictionary (`/V`), when the field is signed.
    let value: PDFObject?
}

/// Walks `/AcroForm /Fields` and its `/Kids`, with loop and size limits.
enum SignatureFields {
    static let maxNodes = 200_000
    static let maxDepth = 64

    static func all(in document: PDFDocument) throws -> [SignatureField] {
        guard let fields = try document.catalog().value("/AcroForm")?.value("/Fields") else { return [] }
        var found: [SignatureField] = []
        var seen: Set<PDFObjectID> = []
        var visited = 0
        func walk(_ node: PDFObject, prefix: String, inheritedType: String?, depth: Int) throws {
            visited += 1
            guard depth <= maxDepth, visited <= maxNodes else { return }
            if let id = try node.id, !seen.insert(id).inserted { return }
            let partial = try node.value("/T")?.textValue()
            let name = [prefix, partial ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            let type = try node.value("/FT")?.nameValue() ?? inheritedType
            let kids = try node.value("/Kids")?.items() ?? []
            var fieldKids: [PDFObject] = []
            for kid in kids where try kid.value("/T") != nil || kid.value("/Kids") != nil { fieldKids.append(kid) }
            if fieldKids.isEmpty {
                if type == "/Sig" { found.append(SignatureField(name: name, field: node, value: try signatureValue(node))) }
                return
            }
            for kid in fieldKids { try walk(kid, prefix: name, inheritedType: type, depth: depth + 1) }
        }
        for root in try fields.items() { try walk(root, prefix: "", inheritedType: nil, depth: 0) }
        return found
    }

    /// `/V` when it is a dictionary (a signature), else `nil`.
    private static func signatureValue(_ field: PDFObject) throws -> PDFObject? {
        guard let v = try field.value("/V"), try v.kind == .dictionary else { return nil }
        return v
    }
}
