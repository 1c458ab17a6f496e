import SignetPDF
import SignetPDFSigning

/// What a signing update may change to add the page stamp that carries its evidence, as Signet
/// stamps: on a page that draws the stamp in its content, `/Contents` becoming streams of `q`
/// alone, then the page's own streams unchanged and in order, then the streams drawing the stamp
/// (``StampPlacements``); its resources gaining `/XObject` names for the stamp's form and
/// changing nothing else; and Stamp annotations showing the form added. Anything else the update
/// changed on those pages stays a change.
struct StampAddition {
    let placements: StampPlacements
    let before: PDFDocument
    let after: PDFDocument
    let form: PDFObjectID

    /// The stamp addition of `carrier` (in the document as the signing update left it) to
    /// `before`, or nil when the evidence is on the signature's widget.
    init?(_ carrier: EvidenceCarrier, before: PDFDocument) throws {
        guard case .stamp(let form) = carrier, let id = try form.id else { return nil }
        (self.placements, self.before, self.after, self.form) = (
            try StampPlacements(of: form), before, form.document, id
        )
    }

    /// `change` is part of adding the stamp.
    func allows(_ change: Change) throws -> Bool {
        guard let page = change.page else { return false }
        if change.what.hasPrefix("Stamp annotation added on page \(page)"), let object = change.object {
            return try placements.annotated.contains { try $0.annotation.id?.number == object }
        }
        let streams = try placements.drawn.filter { $0.page == page }.compactMap { try $0.stream.id }
        guard !streams.isEmpty else { return false }
        if change.what.hasPrefix("page \(page) content changed ") { return try wraps(page, drawing: Set(streams)) }
        if change.what == "page \(page) /Resources changed" { return try namesForm(page) }
        return false
    }

    /// The page's content is `q` streams, its content before, and streams among `drawing`.
    private func wraps(_ page: Int, drawing: Set<PDFObjectID>) throws -> Bool {
        let old = try Self.contents(before.page(page)), new = try Self.contents(after.page(page))
        guard
            let start = new.indices.first(where: {
                $0 + old.count <= new.count && Array(new[$0..<$0 + old.count]) == old
            })
        else { return false }
        for id in new[..<start] {
            guard let id, let data = try after.object(id)?.boundedData(limit: 64).bytes,
                data.split(whereSeparator: { [0x20, 0x0A, 0x0D, 0x09].contains($0) }).allSatisfy({
                    $0.elementsEqual([0x71])
                })
            else { return false }
        }
        return new[(start + old.count)...].allSatisfy { $0.map(drawing.contains) ?? false }
    }

    /// The content streams of `page`, by object (a direct one has none, and stops the comparison).
    private static func contents(_ page: PDFPage) throws -> [PDFObjectID?] {
        guard let contents = try page.object.value("/Contents") else { return [] }
        return try (contents.kind == .array ? contents.items() : [contents]).map { try $0.id }
    }

    /// The page's resources are those before, with `/XObject` names for the stamp's form added.
    private func namesForm(_ page: Int) throws -> Bool {
        func resources(_ page: PDFPage) throws -> PDFObject? {
            try page.object.value("/Resources") ?? page.inherited("/Resources")?.value
        }
        let old = try resources(before.page(page)), new = try resources(after.page(page))
        guard let new else { return false }
        func entries(_ dictionary: PDFObject?) throws -> [String: [UInt8]] {
            guard let dictionary, try dictionary.kind == .dictionary else { return [:] }
            var entries: [String: [UInt8]] = [:]
            for key in try dictionary.keys() { entries[key] = try dictionary.entry(key)?.unparsed() }
            return entries
        }
        var was = try entries(old), now = try entries(new)
        let oldNames = try entries(old?.value("/XObject")), newNames = try entries(new.value("/XObject"))
        (was["/XObject"], now["/XObject"]) = (nil, nil)
        guard was == now else { return false }
        for (name, value) in newNames where oldNames[name] != value {
            guard oldNames[name] == nil, try new.value("/XObject")?.value(name)?.id == form else { return false }
        }
        return oldNames.keys.allSatisfy { newNames[$0] != nil }
    }
}
