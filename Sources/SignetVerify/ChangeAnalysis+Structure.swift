import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// The catalog, pages, annotation lists, the form and its field list, key by key.
extension ChangeAnalysis {
    /// Catalog keys signing and archiving legitimately touch.
    static let ltaCatalogKeys: Set<String> = ["/DSS", "/Extensions", "/Metadata", "/Version"]

    mutating func catalogChanged(_ a: PDFObject, _ b: PDFObject) throws {
        for key in try Self.differingKeys(a, b) {
            switch key {
            case _ where Self.ltaCatalogKeys.contains(key):
                add(
                    .ltaUpdates, "the catalog's \(key) \(try a.entry(key) == nil ? "added" : "updated")",
                    object: old.root?.number)
            case "/AcroForm":
                let x = try a.value(key), y = try b.value(key)
                if let x, let y, try x.id == nil && y.id == nil || x.id == y.id {
                    try formChanged(x, y)
                } else if let y, let x {
                    if try y.id != nil, try x.id != y.id {
                        add(.other, "the catalog's /AcroForm now points at another form (object \(try y.id!.number))")
                    }
                    try formChanged(x, y)
                } else {
                    add(.other, "the catalog's /AcroForm \(try b.entry(key) == nil ? "removed" : "added")")
                }
            case "/OpenAction", "/AA":
                let javascript = try b.value(key).map(Self.mentionsJavaScript) ?? false
                add(
                    .other,
                    "\(javascript ? "JavaScript " : "")\(key) \(try a.entry(key) == nil ? "added to" : "changed in") the catalog"
                )
            case "/Names":
                add(.other, "the catalog's /Names changed (named destinations, JavaScript or embedded files)")
            case "/Pages":
                add(.other, "the catalog's /Pages now points at another page tree")
            case "/Perms":
                add(.other, "the catalog's /Perms (certification or usage rights) changed")
            default:
                add(.other, "the catalog's \(key) changed")
            }
        }
    }

    static func mentionsJavaScript(_ action: PDFObject) throws -> Bool {
        if try action.value("/S")?.nameValue() == "/JavaScript" { return true }
        for key in try action.keys() where key != "/Next" {
            if let value = try action.value(key), try value.kind == .dictionary,
                try value.value("/S")?.nameValue() == "/JavaScript"
            {
                return true
            }
        }
        return false
    }

    mutating func pageChanged(_ page: Int, _ number: Int, _ a: PDFObject, _ b: PDFObject) throws {
        for key in try Self.differingKeys(a, b) {
            switch key {
            case "/Annots":
                let x = try a.value(key), y = try b.value(key)
                // The list object itself is judged on its own.
                if let y, try y.id != nil, try x?.id == y.id { continue }
                try annotationListChanged(page, x, y)
            case "/Contents":
                add(
                    .other, "page \(page) content changed (its /Contents now \(try describeContents(b)))", page: page,
                    object: number)
            default:
                // A value written out that means what the page had (its inherited /MediaBox made
                // explicit, /Resources moved into an equal object) changes nothing.
                if try equivalent(Self.pageValue(a, key), Self.pageValue(b, key)) { continue }
                add(.other, "page \(page) \(key) changed", page: page, object: number)
            }
        }
    }

    private func describeContents(_ page: PDFObject) throws -> String {
        guard let contents = try page.entry("/Contents") else { return "absent" }
        if let id = try contents.id { return "object \(id.number)" }
        let ids = try contents.items().compactMap { try $0.id?.number }
        return ids.isEmpty ? "a direct value" : "objects " + ids.map(String.init).joined(separator: ", ")
    }

    /// The annotations of a page before and after: each added or removed one judged by what it is.
    /// Readers draw them in list order, later ones on top, so those kept in another order are
    /// `annotations` and compared with the page as signed: swapping two opaque stamps over the price
    /// showed the one beneath.
    mutating func annotationListChanged(_ page: Int, _ a: PDFObject?, _ b: PDFObject?) throws {
        let before = try (a?.items() ?? []).map { try Self.token($0) }
        var remaining = Array(before.indices)
        var kept: [(token: [UInt8], item: PDFObject)] = []
        for item in try b?.items() ?? [] {
            let token = try Self.token(item)
            if let i = remaining.firstIndex(where: { before[$0] == token }) {
                remaining.remove(at: i)
                kept.append((token, item))
                continue
            }
            try annotationAdded(item, page: page)
        }
        let items = try a?.items() ?? []
        for i in remaining { try annotationRemoved(items[i], page: page) }
        let gone = Set(remaining)
        let keptBefore = before.indices.filter { !gone.contains($0) }.map { before[$0] }
        guard keptBefore != kept.map(\.token) else { return }
        add(.annotations, "the annotations of page \(page) are listed, so drawn, in another order", page: page)
        for (position, entry) in kept.enumerated() where keptBefore[position] != entry.token {
            let subtype = try entry.item.value("/Subtype")?.nameValue().map { " \($0.dropFirst())" } ?? ""
            let label = try entry.item.id.map { " (object \($0.number))" } ?? ""
            try overlay(entry.item, onPage: page, what: "the\(subtype) annotation\(label) drawn in another order")
        }
    }

    /// A markup annotation taken off a page is `annotations`, and the overlay check compares where
    /// it was (a signed "CANCELLED" stamp taken off shows the page otherwise than signed, as hiding
    /// it does); a widget (a field's, a signature's own) is `other`: the field, or the signature's
    /// appearance, no longer shows where it was signed.
    private mutating func annotationRemoved(_ item: PDFObject, page: Int) throws {
        let subtype = try item.value("/Subtype")?.nameValue()
        guard subtype == "/Widget" else {
            add(.annotations, "an annotation removed from page \(page)", page: page)
            let label = try item.id.map { " (object \($0.number))" } ?? ""
            let kind = subtype.map { " \($0.dropFirst())" } ?? ""
            return try overlay(item, onPage: page, what: "the removal of the\(kind) annotation\(label)")
        }
        let number = try item.id?.number
        guard let number, let (name, field) = old.field(containing: number) else {
            return add(
                .other, "a widget annotation\(number.map { " (object \($0))" } ?? "") removed from page \(page)",
                page: page, object: number)
        }
        add(
            .other,
            "the widget of \(field.type == "/Sig" ? "signature field" : "field") \(name) removed from page \(page)",
            page: page, object: number, field: name)
    }

    /// The form dictionary: fields added or removed, and the keys filling and signing touch.
    mutating func formChanged(_ a: PDFObject, _ b: PDFObject) throws {
        for key in try Self.differingKeys(a, b) {
            switch key {
            case "/Fields":
                let x = try a.value(key), y = try b.value(key)
                if let y, try y.id != nil, try x?.id == y.id { continue }
                try fieldListChanged(x, y)
            case "/SigFlags":
                add(.formFilling, "the form's \(key) changed")
            case "/DR":
                try formResourcesChanged(a.value(key), b.value(key))
            case "/DA", "/NeedAppearances":
                try redrawn(because: "the form's \(key) changed")
            default:
                add(.other, "the form's \(key) changed")
            }
        }
    }

    /// A change to what viewers regenerate field appearances from (/DA, /DR, /NeedAppearances) is
    /// form filling of every field that is not a signature field, so FieldMDP locks apply to it.
    /// With /NeedAppearances true, readers (poppler among them) draw each field from its value
    /// instead of its appearance stream, so the widgets of fields whose value stayed what was signed
    /// are compared with the page as signed: a signed appearance reading "100 EUR" over a value of
    /// "900 EUR" shows 900 once the flag is set.
    mutating func redrawn(because reason: String) throws {
        let names = new.fields.filter { $0.value.type != "/Sig" }.keys.sorted()
        guard !names.isEmpty else { return add(.formFilling, reason) }
        let regenerated =
            try after.catalog().value("/AcroForm")?.value("/NeedAppearances")?.boolValue() == true
        for name in names {
            add(.formFilling, "\(reason), so viewers may redraw field \(name)", field: name)
            guard regenerated, try !valueChanged(name) else { continue }
            for widget in new.fields[name]?.widgets ?? [] {
                try overlay(
                    number: widget, page: nil, what: "the widget of field \(name), redrawn by readers as \(reason),")
            }
        }
    }

    mutating func fieldListChanged(_ a: PDFObject?, _ b: PDFObject?) throws {
        let before = try (a?.items() ?? []).map { try Self.token($0) }
        var remaining = before
        for item in try b?.items() ?? [] {
            let token = try Self.token(item)
            if let i = remaining.firstIndex(of: token) {
                remaining.remove(at: i)
                continue
            }
            guard let id = try item.id, !reported.contains(id.number) else { continue }
            try fieldAdded(item, number: id.number, page: nil)
        }
        for _ in remaining { add(.other, "a form field removed") }
    }
}
