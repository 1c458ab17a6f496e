import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// The form's default resources (`/DR`): what viewers regenerate field appearances from, which
/// Adobe and other writers add to or rewrite on every signature.
///
/// A resource added under a new name (a /DR where there was none included) is form filling of
/// every field a viewer may redraw with it; an XObject replaced or removed is form filling too,
/// since no field is drawn from /DR's XObjects; a font or other resource replaced or removed under
/// its name (a font program swapped so that the same value draws other glyphs) is `other`. None of
/// this is harmless when a page already draws with /DR: an annotation appearance that shows
/// something and has no /Resources of its own is drawn by viewers with the form's, so any /DR
/// change may change the signed page, and is `other`.
extension ChangeAnalysis {
    /// The form's /DR before (`a`) and after (`b`), either absent.
    mutating func formResourcesChanged(_ a: PDFObject?, _ b: PDFObject?) throws {
        for value in [a, b] where try value.map({ try $0.kind != .dictionary }) == true {
            return add(.other, "the form's /DR was replaced by something that is not a dictionary")
        }
        guard let b else {
            let names = try a.map(Self.resourceNames) ?? []
            return try resourcesReplaced(names, removed: true, what: "the form's /DR was removed")
        }
        var added: [String] = [], replaced: [String] = []
        for category in try a.map({ try Self.differingKeys($0, b) }) ?? b.keys() {
            try categoryChanged(category, a?.value(category), b.value(category), added: &added, replaced: &replaced)
        }
        try resourcesReplaced(replaced, removed: false, what: nil)
        try resourcesAdded(added, created: a == nil)
    }

    /// One category dictionary of /DR (`/Font`, `/XObject`…) redefined as an object of its own.
    mutating func formResourceObjectChanged(_ number: Int, _ a: PDFObject, _ b: PDFObject) throws {
        for document in [after, before] {
            guard let resources = try document.catalog().value("/AcroForm")?.value("/DR") else { continue }
            if try resources.id?.number == number { return try formResourcesChanged(a, b) }
            for category in try resources.keys() where try resources.entry(category)?.id?.number == number {
                var added: [String] = [], replaced: [String] = []
                try categoryChanged(category, a, b, added: &added, replaced: &replaced)
                try resourcesReplaced(replaced, removed: false, what: nil)
                return try resourcesAdded(added, created: false)
            }
        }
        add(.other, "the form's default resource object \(number) changed", object: number)
    }

    /// Names added to (`added`) or replaced or removed from (`replaced`) one category, as
    /// "/Font /Helv"; a category that is not a dictionary is `other` at once.
    private mutating func categoryChanged(
        _ category: String, _ x: PDFObject?, _ y: PDFObject?, added: inout [String], replaced: inout [String]
    ) throws {
        guard Self.resourceCategories.contains(category) else {
            // No content or appearance names anything under another key (Cryptolog writes a blank
            // form XObject as /DR /DSz), and /ProcSet is obsolete: viewers read neither.
            return add(.formFilling, "the form's /DR \(category), which no viewer draws with, changed")
        }
        guard try x?.kind ?? .dictionary == .dictionary, try y?.kind ?? .dictionary == .dictionary else {
            return add(.other, "the form's /DR \(category) was replaced by something that is not a dictionary")
        }
        let names = try x.flatMap { x in try y.map { try Self.differingKeys(x, $0) } } ?? (x ?? y)?.keys() ?? []
        for name in names {
            if try x?.entry(name) == nil {
                added.append("\(category) \(name)")
            } else {
                replaced.append("\(category) \(name)")
            }
        }
    }

    /// The resource categories content and appearances name resources from (ISO 32000-2 7.8.3),
    /// and Adobe's /Encoding, which viewers regenerating a field read from /DR.
    static let resourceCategories: Set<String> = [
        "/ExtGState", "/ColorSpace", "/Pattern", "/Shading", "/XObject", "/Font", "/Properties", "/Encoding",
    ]

    /// Every "category name" of a /DR dictionary.
    private static func resourceNames(_ resources: PDFObject) throws -> [String] {
        try resources.keys().filter(resourceCategories.contains).flatMap { category in
            try (resources.value(category)?.keys() ?? []).map { "\(category) \($0)" }
        }
    }

    private mutating func resourcesAdded(_ added: [String], created: Bool) throws {
        guard created || !added.isEmpty else { return }
        let what =
            created
            ? "the form's /DR was added\(added.isEmpty ? "" : " with \(added.joined(separator: ", "))")"
            : "the form's /DR gained \(added.joined(separator: ", "))"
        if let drawn = try pageDrawsWithFormResources() { return add(.other, "\(what), and \(drawn)") }
        try redrawn(because: what)
    }

    /// XObjects replaced or removed are form filling (no field is drawn from them); anything else is `other`.
    private mutating func resourcesReplaced(_ names: [String], removed: Bool, what: String?) throws {
        guard !names.isEmpty || what != nil else { return }
        let drawn = try pageDrawsWithFormResources()
        let verb = removed ? "was removed" : "was replaced or removed"
        let harmless = drawn == nil && names.allSatisfy { $0.hasPrefix("/XObject ") }
        guard !harmless else {
            return add(
                .formFilling,
                what
                    ?? names.map { "the form's /DR \($0) \(verb), an XObject no field is drawn with" }.joined(
                        separator: "; "))
        }
        for name in names.isEmpty ? [""] : names {
            let text = what ?? "the form's /DR \(name) \(verb)"
            add(.other, drawn.map { "\(text), and \($0)" } ?? text)
        }
    }

    /// A sentence naming an annotation of the signed pages whose normal appearance draws something
    /// and has no /Resources of its own (so viewers draw it with the form's /DR); `nil` when none does.
    private func pageDrawsWithFormResources() throws -> String? {
        for index in stride(from: 1, through: before.pageCount, by: 1) {
            for annotation in try before.page(index).object.value("/Annots")?.items() ?? [] {
                guard let rect = try annotation.value("/Rect")?.numbers(), rect.count == 4,
                    rect[2] != rect[0], rect[3] != rect[1], let normal = try annotation.value("/AP")?.value("/N")
                else { continue }
                let streams = try normal.kind == .stream ? [normal] : normal.keys().compactMap { try normal.value($0) }
                for stream in streams
                where try stream.kind == .stream && stream.value("/Resources") == nil
                    && !stream.streamData(decoded: false).isEmpty
                {
                    let number = try annotation.id.map { " (object \($0.number))" } ?? ""
                    return
                        "the appearance of an annotation on page \(index)\(number) draws with the form's /DR (it has no resources of its own)"
                }
            }
        }
        return nil
    }
}
