import SignetCore
import SignetCrypto
import SignetPDF

/// Where the signature's widget ended up.
struct PlacedWidget {
    let fieldName: String
    let page: Int
    let rect: Rect
    let visible: Bool
    /// The widget annotation (merged with its field, or the field's own).
    let widget: PDFObject
}

/// Adds the signature field to the document, or fills an existing empty one: field and widget
/// merged, `/V` pointing at the signature dictionary, the widget in the page's `/Annots`, the
/// field in `/AcroForm /Fields`, `/SigFlags 3`, no `/NeedAppearances`. Arrays and dictionaries
/// that may be shared are copied before they change.
struct SignatureFieldEditor {
    let document: PDFDocument
    let fields: [FormField]
    /// Places a visible signature's appearance as stamps are placed.
    let placer: StampPlacer

    /// A new field named after the existing ones ("Signature1", "Signature2", ...).
    func addField(signature: PDFObject, appearance: SignatureAppearance?) throws -> PlacedWidget {
        let names = Set(fields.map(\.name))
        let name = (1...).lazy.map { "Signature\($0)" }.first { !names.contains($0) }!
        let pageNumber = try resolvePage(appearance?.page)
        let page = try document.page(pageNumber)
        let widget = try document.makeIndirect(
            try document.parse("<< /Type /Annot /Subtype /Widget /FT /Sig /F 132 >>"))
        try widget.set("/T", try document.string(PDFText.bytes(name)))
        try widget.set("/V", signature)
        try widget.set("/P", page.object)
        var rect = Rect.zero
        if let appearance {
            let geometry = try page.geometry()
            let aspect = try StampForm.aspect(appearance.artwork, text: appearance.text)
            let displayed = try placer.rect(appearance.placement, page: pageNumber, geometry: geometry, aspect: aspect)
            let built = try normalAppearance(
                appearance.artwork, text: appearance.text, displayed: displayed, on: geometry)
            rect = built.rect
            try widget.set("/AP", built.ap)
        }
        try widget.set(
            "/Rect", try document.parse("[\(PDFNumber.format([rect.minX, rect.minY, rect.maxX, rect.maxY]))]"))
        var annotations = PageAnnotations(document: document)
        try annotations.append(widget, to: page)
        try updateForm(adding: widget)
        return PlacedWidget(
            fieldName: name, page: pageNumber, rect: rect, visible: appearance != nil, widget: widget)
    }

    /// Fills the empty signature field `name`; a visible appearance fits the artwork into the
    /// field's own rectangle (the placement options do not move an existing field), with `text`
    /// beside or below it when given.
    func fillField(
        _ name: String, signature: PDFObject, artwork: StampArtwork?, text: SignatureText? = nil
    ) throws -> PlacedWidget {
        guard let field = fields.first(where: { $0.name == name }) else {
            throw PDFSignError(
                document.path, .fieldNotFound(name: name, available: fields.filter(\.isSignature).map(\.name)))
        }
        guard field.isSignature else { throw PDFSignError(document.path, .fieldNotSignature(name: name)) }
        guard try field.signatureValue() == nil else {
            throw PDFSignError(document.path, .fieldAlreadySigned(name: name))
        }
        guard let widget = try field.widget() else {
            throw PDFError(
                document.path, .structure("signature field '\(name)' has no widget annotation to show it"))
        }
        try field.field.set("/V", signature)
        let rect =
            try widget.value("/Rect")?.numbers().flatMap {
                $0.count == 4 ? Rect(corners: Point(x: $0[0], y: $0[1]), Point(x: $0[2], y: $0[3])) : nil
            } ?? .zero
        let pageNumber = try pageHolding(widget) ?? document.pageCount
        if let artwork, !rect.isEmpty {
            let geometry = try document.page(pageNumber).geometry()
            guard let toDisplayed = geometry.displayToUser.inverted else {
                throw PDFError(document.path, .structure("page \(pageNumber) has a degenerate geometry"))
            }
            try widget.set(
                "/AP",
                try normalAppearance(artwork, text: text, displayed: toDisplayed.apply(rect), on: geometry).ap)
        }
        if try widget.id != field.field.id { try document.markChanged(widget) }
        try updateForm(adding: nil)
        return PlacedWidget(
            fieldName: name, page: pageNumber, rect: rect, visible: artwork != nil && !rect.isEmpty, widget: widget)
    }

    /// `/Perms /DocMDP` → the signature dictionary (certification).
    func certify(with signature: PDFObject) throws {
        let catalog = try document.catalog()
        if let perms = try catalog.value("/Perms") {
            try perms.set("/DocMDP", signature)
            if try perms.id == nil { try document.markChanged(catalog) }
        } else {
            let perms = try document.parse("<< >>")
            try perms.set("/DocMDP", signature)
            try catalog.set("/Perms", perms)
        }
    }

    /// The widget's `/AP`: the artwork upright in `displayed` (see `AnnotationAppearance`), and
    /// the widget's `/Rect`.
    private func normalAppearance(
        _ artwork: StampArtwork, text: SignatureText?, displayed: Rect, on geometry: PageGeometry
    ) throws -> (ap: PDFObject, rect: Rect) {
        let stamp = try StampForm.make(artwork, text: text, in: document)
        guard let id = try stamp.object.id else {
            throw PDFError(document.path, .structure("internal: stamp form is not indirect"))
        }
        let look = AnnotationAppearance(stampSize: stamp.size, stamp: id, displayed: displayed, on: geometry)
        return (try AnnotationAppearance.normal(try look.make(in: document), in: document), look.rect)
    }

    /// The form is changed where it is (indirect: its own object; direct: inside the catalog);
    /// `/Fields` likewise, since only the form refers to it.
    private func updateForm(adding widget: PDFObject?) throws {
        let catalog = try document.catalog()
        guard let form = try catalog.value("/AcroForm") else {
            let form = try document.makeIndirect(try document.parse("<< /Fields [] /SigFlags 3 >>"))
            if let widget { try form.value("/Fields")?.append(widget) }
            try catalog.set("/AcroForm", form)
            return
        }
        if let widget {
            if let list = try form.value("/Fields"), try list.kind == .array {
                try list.append(widget)
                if try list.id == nil, try form.id != nil { try document.markChanged(form) }
            } else {
                let list = try document.parse("[]")
                try list.append(widget)
                try form.set("/Fields", list)
            }
        }
        let flags = try form.value("/SigFlags")?.intValue() ?? 0
        try form.set("/SigFlags", try document.integer(flags | 3))
        if try form.value("/NeedAppearances") != nil { try form.remove("/NeedAppearances") }
        if try form.id == nil { try document.markChanged(catalog) }
    }

    private func resolvePage(_ requested: Int?) throws -> Int {
        let count = document.pageCount
        guard count > 0 else { throw PDFError(document.path, .noPages) }
        let number = requested.map { $0 < 0 ? count + 1 + $0 : $0 } ?? count
        guard number >= 1, number <= count else {
            throw PDFError(document.path, .pageOutOfRange(page: requested ?? number, count: count))
        }
        return number
    }

    /// The page whose `/Annots` holds `widget` (its `/P` first).
    private func pageHolding(_ widget: PDFObject) throws -> Int? {
        guard let target = try widget.id else { return nil }
        for number in stride(from: 1, through: document.pageCount, by: 1) {
            let annots = try document.page(number).object.value("/Annots")?.items() ?? []
            for annot in annots where try annot.id == target { return number }
        }
        return nil
    }
}
