/// One terminal field of the AcroForm tree.
package struct FormField {
    /// Full name: the partial names (`/T`) from the root down, joined by ".".
    package let name: String
    /// The field type, own or inherited (`/Sig`, `/Tx`, ...).
    package let type: String?
    /// The field dictionary (often the widget annotation too, merged).
    package let field: PDFObject

    package var isSignature: Bool { type == "/Sig" }

    /// The signature dictionary (`/V`) of a signed signature field.
    package func signatureValue() throws -> PDFObject? {
        guard isSignature, let v = try field.value("/V"), try v.kind == .dictionary else { return nil }
        return v
    }

    /// The widget annotation that shows the field: the field itself when merged, else its first widget kid.
    package func widget() throws -> PDFObject? {
        if try field.value("/Subtype")?.nameValue() == "/Widget" { return field }
        for kid in try field.value("/Kids")?.items() ?? [] where try kid.value("/Subtype")?.nameValue() == "/Widget" {
            return kid
        }
        return nil
    }
}

/// Walks `/AcroForm /Fields` and its `/Kids` with a visited set and depth and count limits,
/// so loops and huge forms cannot hang it. A form past the limits is refused rather than read in
/// part: `verify` must not miss a signature field that comes after the first 100,000 nodes.
package enum FormFields {
    package static let maxNodes = 100_000
    package static let maxDepth = 32

    /// Every terminal field, in tree order.
    package static func all(in document: PDFDocument) throws -> [FormField] {
        guard let fields = try document.catalog().value("/AcroForm")?.value("/Fields") else { return [] }
        var found: [FormField] = []
        var seen: Set<PDFObjectID> = []
        var visited = 0
        func walk(_ node: PDFObject, prefix: String, inheritedType: String?, depth: Int) throws {
            visited += 1
            guard depth < maxDepth, visited <= maxNodes else {
                throw document.error(
                    .structure(
                        "its form has more than \(maxNodes) fields and widgets, or fields nested more than \(maxDepth) levels deep"
                    ))
            }
            guard try node.kind == .dictionary else { return }
            if let id = try node.id, !seen.insert(id).inserted { return }
            let partial = try node.value("/T")?.textValue()
            let name = [prefix, partial ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            let type = try node.value("/FT")?.nameValue() ?? inheritedType
            var children: [PDFObject] = []
            // Kids without a name or type are this field's widgets, not fields of their own.
            for kid in try node.value("/Kids")?.items() ?? []
            where try kid.value("/T") != nil || kid.value("/FT") != nil || kid.value("/Kids") != nil {
                children.append(kid)
            }
            guard !children.isEmpty else {
                found.append(FormField(name: name, type: type, field: node))
                return
            }
            for child in children { try walk(child, prefix: name, inheritedType: type, depth: depth + 1) }
        }
        for root in try fields.items() { try walk(root, prefix: "", inheritedType: nil, depth: 0) }
        return found
    }
}
