import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// Annotations and form fields: added, changed, signed.
extension ChangeAnalysis {
    /// Markup annotations (ISO 32000-2 12.5.6.1) a reader commenting on the document may add under P=3 or an approval signature.
    static let markup: Set<String> = [
        "/Text", "/FreeText", "/Line", "/Square", "/Circle", "/Polygon", "/PolyLine", "/Highlight", "/Underline",
        "/Squiggly", "/StrikeOut", "/Stamp", "/Caret", "/Ink", "/Popup", "/Redact",
    ]
    /// Signature-field keys that signing, or regenerating the widget, may change.
    static let signingKeys: Set<String> = ["/V", "/AP", "/AS", "/MK", "/F", "/Lock", "/SV"]
    /// Field keys form filling changes.
    static let fillingKeys: Set<String> = ["/V", "/AP", "/AS", "/MK", "/DA", "/DV"]

    mutating func annotationAdded(_ item: PDFObject, page: Int) throws {
        let number = try item.id?.number
        if let number { guard reported.insert(number).inserted else { return } }
        let subtype = try item.value("/Subtype")?.nameValue() ?? "/(no subtype)"
        let label = number.map { " (object \($0))" } ?? ""
        if subtype == "/Widget" {
            guard let number, let (name, field) = new.field(containing: number) else {
                return add(
                    .other, "a widget annotation that belongs to no form field added on page \(page)\(label)",
                    page: page, object: number)
            }
            if old.fields[name] != nil {
                return add(
                    .other, "a widget added to the existing field \(name) on page \(page)", page: page, object: number)
            }
            return try fieldAdded(name: name, field, page: page)
        }
        if try Self.hasActions(item) {
            return add(
                .other, "a \(subtype.dropFirst()) annotation with actions added on page \(page)\(label)", page: page,
                object: number)
        }
        guard Self.markup.contains(subtype) else {
            return add(
                .other, "a \(subtype.dropFirst()) annotation added on page \(page)\(label)", page: page, object: number)
        }
        add(.annotations, "\(subtype.dropFirst()) annotation added on page \(page)\(label)", page: page, object: number)
        try overlay(item, page: page, what: "the \(subtype.dropFirst()) annotation added")
    }

    static func hasActions(_ annotation: PDFObject) throws -> Bool {
        try annotation.entry("/A") != nil || annotation.entry("/AA") != nil
    }

    /// A field object that appears in the form's field list.
    mutating func fieldAdded(_ item: PDFObject, number: Int, page: Int?) throws {
        guard let (name, field) = new.field(containing: number) else {
            return add(.other, "a form node that is no field added (object \(number))", object: number)
        }
        if old.fields[name] != nil {
            if old.fields[name]?.object != field.object {
                add(.other, "the form field \(name) was replaced (object \(number))", object: number)
            }
            return
        }
        try fieldAdded(name: name, field, page: page)
    }

    /// A new terminal field: a signature signed right here, an empty one, or another kind.
    mutating func fieldAdded(name: String, _ field: DocumentMap.FieldEntry, page: Int?) throws {
        reported.insert(field.object)
        reported.formUnion(field.widgets)
        let pageText = page.map { " on page \($0)" } ?? ""
        // A field that is itself an annotation must be a widget: a FreeText tagged /FT /Sig is drawn
        // as what it is, whatever its field type says.
        let subtype = try after.object(PDFObjectID(number: field.object))?.value("/Subtype")?.nameValue()
        if let subtype, subtype != "/Widget" {
            return add(
                .other, "form field \(name) added\(pageText) is a \(subtype.dropFirst()) annotation, not a widget",
                page: page, object: field.object)
        }
        guard field.type == "/Sig" else {
            return add(
                .other, "form field \(name) (\(field.type?.dropFirst() ?? "no type")) added\(pageText)", page: page,
                object: field.object)
        }
        for number in field.widgets {
            guard let widget = try after.object(PDFObjectID(number: number)) else { continue }
            try overlay(widget, page: new.pageOf[number] ?? page, what: "the widget of signature field \(name) added")
        }
        if let value = field.signatureValue {
            return try signatureAppeared(name: name, value: value, added: true, page: page)
        }
        if let rect = try visibleRect(of: field) {
            add(
                .annotations, "signature field \(name) added\(pageText) at [\(rect)], unsigned, visible", page: page,
                object: field.object)
        } else {
            add(
                .formFilling, "empty signature field \(name) added\(pageText), invisible", page: page,
                object: field.object)
        }
    }

    /// A signature value given to a field in this revision: it must be a signature made in this
    /// revision (its ByteRange covering it), never an earlier signature's dictionary reused or copied.
    mutating func signatureAppeared(name: String, value: Int, added: Bool, page: Int?) throws {
        let covered = coveredRevision(value)
        let reused = old.roles(of: value).contains(.signature)
        guard let covered, covered >= revision.index, !reused else {
            forged(name)
            let whose =
                reused
                ? "reuses an earlier signature's dictionary (object \(value))"
                : covered.map {
                    "is a signature of revision \($0), which does not cover the revision that gave it to the field"
                }
                    ?? "is not a readable signature of this revision"
            return add(
                .other, "field \(name) shows a signature it does not hold: its value \(whose)", page: page,
                object: value)
        }
        let isTimestamp = try after.object(PDFObjectID(number: value))?.value("/Type")?.nameValue() == "/DocTimeStamp"
        let visible = try new.fields[name].flatMap(visibleRect(of:)) != nil
        if isTimestamp, !visible {
            return add(.ltaUpdates, "document timestamp added (field \(name))", page: page, object: value)
        }
        if isTimestamp {
            return add(
                .formFilling,
                "document timestamp added in a visible field \(name)\(page.map { " on page \($0)" } ?? "")", page: page,
                object: value)
        }
        let verb =
            added
            ? "signature field \(name) added\(page.map { " on page \($0)" } ?? "") and signed"
            : "signature field \(name) signed"
        add(.formFilling, "\(verb) in this revision", page: page, object: value)
        // An existing field the signer saw drawing nothing may now paint over what was signed.
        if !added, let field = old.fields[name], try !field.widgets.contains(where: drewBefore) {
            for widget in new.fields[name]?.widgets ?? [] {
                try overlay(
                    number: widget, page: page,
                    what: "the widget of signature field \(name), which drew nothing before it was signed,")
            }
        }
    }

    /// Widget `number` showed something in the revision before the span.
    private func drewBefore(_ number: Int) throws -> Bool {
        try before.object(PDFObjectID(number: number)).map { try Self.visibleRect($0) != nil } ?? false
    }

    /// The rectangle of the field's first widget that a viewer shows (every widget is judged, so a
    /// second one cannot hide behind an invisible first), as `visibleRect` finds it.
    func visibleRect(of field: DocumentMap.FieldEntry) throws -> String? {
        for number in field.widgets {
            if let widget = try after.object(PDFObjectID(number: number)), let rect = try Self.visibleRect(widget) {
                return rect
            }
        }
        return nil
    }

    /// The widget's rectangle when a viewer shows it on screen or on paper: non-empty, not Hidden,
    /// not NoView unless Print is also set (hidden on screen, printed), and with something to draw —
    /// a normal appearance, or an /MK background, border colour or caption that viewers draw a box
    /// for, or (`drawnFromValue`) the field's value that viewers draw themselves.
    static func visibleRect(_ widget: PDFObject, drawnFromValue: Bool = false) throws -> String? {
        guard let rect = try widget.value("/Rect")?.numbers(), rect.count == 4 else { return nil }
        let flags = try widget.value("/F")?.intValue() ?? 0
        let (hidden, print, noView) = (flags & 2 != 0, flags & 4 != 0, flags & 32 != 0)
        guard abs(rect[2] - rect[0]) > 0, abs(rect[3] - rect[1]) > 0, !hidden, !noView || print,
            try drawnFromValue || draws(widget)
        else { return nil }
        return PDFNumber.format(rect)
    }

    /// The widget has an /AP /N appearance, or an /MK background, border colour or caption.
    private static func draws(_ widget: PDFObject) throws -> Bool {
        if try widget.value("/AP")?.value("/N") != nil { return true }
        guard let mk = try widget.value("/MK") else { return false }
        for key in ["/BG", "/BC"] where try mk.value(key)?.items().isEmpty == false { return true }
        return try mk.value("/CA")?.textValue()?.isEmpty == false
    }

    /// An existing annotation, field, field value or appearance redefined.
    mutating func annotationOrFieldChanged(
        _ number: Int, _ a: PDFObject, _ b: PDFObject, page: Int?, roles: Set<DocumentMap.Role>
    ) throws {
        let on = page.map { " on page \($0)" } ?? ""
        if let (name, field) = new.field(containing: number) ?? old.field(containing: number) {
            return try fieldChanged(name, field, number, a, b, page: page)
        }
        let owner = old.ownerOf[number] ?? new.ownerOf[number]
        if let owner, let (name, field) = new.field(containing: owner) ?? old.field(containing: owner) {
            if field.type == "/Sig" {
                let signed = field.signatureValue != nil
                // Signing an empty field in place may give the field's own appearance object the
                // signature's look (pyHanko's form-update-override-appearance-stream.pdf): form filling.
                let signedHere =
                    old.fields[name]?.signatureValue == nil
                    && field.signatureValue.flatMap(coveredRevision).map { $0 >= revision.index } == true
                if signedHere {
                    return add(
                        .formFilling,
                        "signature field \(name) signed in this revision shows its signature through its appearance (object \(number))",
                        page: page, object: number, field: name)
                }
                if !signed {
                    try overlay(
                        number: owner, page: page, what: "the widget of unsigned signature field \(name) changed")
                }
                // Files associated with the appearance (its handwriting evidence) are not what it draws.
                let file = try ["/EmbeddedFile", "/Filespec"].contains(b.value("/Type")?.nameValue() ?? "")
                let part = file ? "a file associated with the appearance (handwriting evidence)" : "the appearance"
                return add(
                    signed ? .other : .annotations,
                    "\(part) of \(signed ? "signed" : "unsigned") signature field \(name) changed (object \(number))",
                    page: page, object: number, field: name)
            }
            let what =
                roles.contains(.fieldValue)
                ? "field \(name): its value (object \(number)) changed"
                : "the appearance of field \(name) regenerated (object \(number))"
            // An appearance redrawn while the field's value stays what was signed has nothing new
            // to show: what it shows now is compared with the page as signed.
            if !roles.contains(.fieldValue), try !valueChanged(name) {
                try overlay(
                    number: owner, page: page, what: "the widget of field \(name), redrawn with its value unchanged,")
            }
            if !roles.contains(.fieldValue) {
                try overlayOthersDrawing(number, owner: owner, page: page)
                try overlayIfDrewNothing(name, widget: owner, page: page)
            }
            return add(.formFilling, what, page: page, object: number, field: name)
        }
        if let owner, owner != number {
            if let annotation = try after.object(PDFObjectID(number: owner)) {
                let subtype = try annotation.value("/Subtype")?.nameValue()?.dropFirst() ?? "(no subtype)"
                try overlay(annotation, page: page, what: "the \(subtype) annotation whose appearance changed")
            }
            try overlayOthersDrawing(number, owner: owner, page: page)
            return add(
                .annotations, "the appearance of annotation \(owner)\(on) changed (object \(number))", page: page,
                object: number)
        }
        // The annotation itself: what it is and what it does may not change.
        let subtype = try b.value("/Subtype")?.nameValue() ?? "/(no subtype)"
        let keys = try Self.differingKeys(a, b)
        if let key = keys.first(where: { ["/Subtype", "/A", "/AA", "/FS", "/Dest", "/Parent", "/FT"].contains($0) }) {
            return add(.other, "annotation \(number)\(on): its \(key) changed", page: page, object: number)
        }
        guard Self.markup.contains(subtype) else {
            return add(.other, "\(subtype.dropFirst()) annotation \(number)\(on) changed", page: page, object: number)
        }
        add(.annotations, "\(subtype.dropFirst()) annotation \(number)\(on) changed", page: page, object: number)
        try overlay(b, page: page, what: "the \(subtype.dropFirst()) annotation changed")
    }

    /// Every annotation but `owner` whose appearance draws object `number` too shows its change, and
    /// is compared (the walk names one owner per object: the first it met); when more may draw it
    /// than were recorded, the change is `other`.
    private mutating func overlayOthersDrawing(_ number: Int, owner: Int, page: Int?) throws {
        guard let drawers = annotationsDrawing(number, owner: owner) else {
            return add(
                .other,
                "object \(number), drawn in the appearance of annotation \(owner), changed, and more annotations may "
                    + "draw it than can be compared", page: page, object: number)
        }
        for drawer in drawers.dropFirst() {
            guard let annotation = try after.object(PDFObjectID(number: drawer)) else { continue }
            let subtype = try annotation.value("/Subtype")?.nameValue()?.dropFirst() ?? "(no subtype)"
            try overlay(annotation, page: nil, what: "the \(subtype) annotation whose appearance changed")
        }
    }

    /// The annotations (`owner` first) whose appearances draw object `number`, found up the
    /// referrers both maps recorded; `nil` when an object on the way has as many referrers as a map
    /// records (more may draw it).
    func annotationsDrawing(_ number: Int, owner: Int) -> [Int]? {
        var pending = [number], seen: Set<Int> = [number, owner], found = [owner]
        while let next = pending.popLast() {
            let referrers = [old.referrers(of: next), new.referrers(of: next)]
            if referrers.contains(where: { $0.count >= DocumentMap.referrersRecorded }) { return nil }
            for referrer in referrers.joined() where seen.insert(referrer).inserted {
                let roles = old.roles(of: referrer).union(new.roles(of: referrer))
                if roles.contains(.annotation) {
                    found.append(referrer)
                } else if roles.contains(.appearance) {
                    pending.append(referrer)
                }
            }
        }
        return found
    }

    /// The field `name`'s /V differs between the revision before the span and after it.
    func valueChanged(_ name: String) throws -> Bool {
        let x = try old.fields[name].flatMap { try before.object(PDFObjectID(number: $0.object)) }
        let y = try new.fields[name].flatMap { try after.object(PDFObjectID(number: $0.object)) }
        return try x?.value("/V")?.unparsed() != y?.value("/V")?.unparsed()
    }

    private mutating func fieldChanged(
        _ name: String, _ field: DocumentMap.FieldEntry, _ number: Int, _ a: PDFObject, _ b: PDFObject, page: Int?
    ) throws {
        let keys = try Self.differingKeys(a, b)
        if field.type == "/Sig" {
            return try signatureFieldChanged(name, number, a, keys: keys, page: page)
        }
        for key in keys {
            guard Self.fillingKeys.contains(key) else {
                add(.other, "field \(name): \(key) changed", page: page, object: number)
                continue
            }
            if key == "/V" {
                add(
                    .formFilling,
                    "field \(name): value \(try Self.show(a.value("/V"))) → \(try Self.show(b.value("/V")))",
                    page: page, object: number,
                    field: name)
            } else {
                if !keys.contains("/V"), try !valueChanged(name) {
                    try overlay(b, page: page, what: "the widget of field \(name), redrawn with its value unchanged,")
                }
                add(
                    .formFilling, "field \(name): appearance regenerated (\(key))", page: page, object: number,
                    field: name)
            }
        }
        if keys.contains(where: { $0 != "/V" && Self.fillingKeys.contains($0) }), field.widgets.contains(number) {
            try overlayIfDrewNothing(name, widget: number, page: page)
        }
        // A widget without an appearance stream is drawn by readers from the value itself.
        if keys.contains("/V") {
            for widget in field.widgets {
                guard let now = try after.object(PDFObjectID(number: widget)), try !Self.hasNormalStream(now) else {
                    continue
                }
                try overlayIfDrewNothing(name, widget: widget, page: page)
            }
        }
    }

    /// A field empty when signed — no value (or only spaces), or a widget `number` that drew
    /// nothing (`AnnotationBackground.paintsNothing`) — whose widget draws now: what it covers is
    /// compared with the page as signed. Filling such a field may cover signed content under it (a
    /// field placed over signed text, empty when signed, filled after an approval signature with
    /// "The buyer pays 900 EUR." on white, or with white boxes over the digits only); filling it
    /// over blank space, or with text alone, covers no signed ink. A field that showed a value is
    /// not compared: that value's own pixels would count as covered. A widget without an
    /// appearance stream shows its field's value as readers draw it (poppler and MuPDF print it in
    /// its /Rect): it drew nothing when the value was empty, and draws when there is one.
    private mutating func overlayIfDrewNothing(_ name: String, widget number: Int, page: Int?) throws {
        guard let was = try before.object(PDFObjectID(number: number)),
            let now = try after.object(PDFObjectID(number: number)),
            try Self.visibleRect(now, drawnFromValue: !Self.hasNormalStream(now)) != nil,
            try fieldWasEmpty(name) || !drewValue(name, was) && AnnotationBackground.paintsNothing(was),
            // With its value unchanged it is compared as redrawn already.
            try valueChanged(name)
        else { return }
        try overlay(now, page: page, what: "the widget of field \(name), empty when signed,")
    }

    /// Readers drew the value of field `name` in `widget` themselves, and it showed: the widget has
    /// no normal appearance stream, the field is no button (whose state, not its value, is drawn),
    /// and its default appearance (/DA of the widget, the field or the form) leaves a mark when it
    /// prints text (`AppearanceMarks`; a white /DA leaves none). Its size is not judged: 0 is auto.
    private func drewValue(_ name: String, _ widget: PDFObject) throws -> Bool {
        guard try !Self.hasNormalStream(widget), let entry = old.fields[name], entry.type != "/Btn" else {
            return false
        }
        let field = try before.object(PDFObjectID(number: entry.object))
        let form = try before.catalog().value("/AcroForm")
        let da = try [widget, field, form].lazy.compactMap { try $0?.value("/DA")?.stringBytes() }.first ?? []
        return try AppearanceMarks.leavesMark(da + Array(" BT 12 Tf (x) Tj ET".utf8), resources: nil)
    }

    /// The field `name` had no value in the revision before the span, or one that shows no text:
    /// spaces only, an array of such strings (a list box), or — in a field that is no button,
    /// whose value is a state name — no string at all (a name or a number, which poppler does not
    /// print).
    private func fieldWasEmpty(_ name: String) throws -> Bool {
        guard let entry = old.fields[name], let field = try before.object(PDFObjectID(number: entry.object)) else {
            return false
        }
        guard let value = try field.value("/V") else { return true }
        func blank(_ value: PDFObject) throws -> Bool {
            if let text = try value.textValue() { return text.allSatisfy(\.isWhitespace) }
            if try value.kind == .array { return try value.items().allSatisfy(blank) }
            return entry.type != "/Btn"
        }
        return try blank(value)
    }

    /// A signature field (or its widget) redefined: being signed here is form filling; a signed
    /// field's value or widget changing is `other`; an unsigned one's widget, `annotations`.
    private mutating func signatureFieldChanged(
        _ name: String, _ number: Int, _ a: PDFObject, keys: [String], page: Int?
    ) throws {
        let hadValue = old.fields[name]?.signatureValue != nil
        let value = new.fields[name]?.signatureValue
        if keys.contains("/V") {
            guard !hadValue, let value else {
                return add(
                    .other, "the signature value of field \(name) was replaced or removed", page: page, object: number)
            }
            try signatureAppeared(name: name, value: value, added: false, page: page)
        }
        for key in keys where !Self.signingKeys.contains(key) {
            add(.other, "signature field \(name): \(key) changed", page: page, object: number)
        }
        guard keys.contains(where: { $0 != "/V" && Self.signingKeys.contains($0) }) else { return }
        let signedHere = !hadValue && value.flatMap(coveredRevision).map { $0 >= revision.index } == true
        if hadValue {
            add(.other, "signed signature field \(name): its widget changed", page: page, object: number)
        } else if !signedHere {
            add(.annotations, "unsigned signature field \(name): its widget changed", page: page, object: number)
            try overlay(number: number, page: page, what: "the widget of unsigned signature field \(name) changed")
        }
    }

    static func show(_ value: PDFObject?) throws -> String {
        guard let value else { return "(empty)" }
        if let text = try value.textValue() { return "\"\(text.prefix(60))\"" }
        if let name = try value.nameValue() { return name }
        return String(decoding: try value.unparsed().prefix(60), as: UTF8.self)
    }
}
