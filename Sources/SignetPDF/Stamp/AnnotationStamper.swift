import SignetCore

/// Puts one shared stamp form on pages as Stamp annotations, leaving every page's content as it
/// was: the way to stamp a signed document, whose approval signatures allow annotations but not
/// content changes.
///
/// Each stamped page gets a `/Type /Annot /Subtype /Stamp` in its `/Annots` (a shared array is
/// copied first, see `PageAnnotations`): printable (`/F 4`), `/P` the page, a unique `/NM`, and a
/// normal appearance that draws the shared form upright in the placed rectangle (see
/// `AnnotationAppearance`). Pages whose stamps land alike share one appearance stream. No
/// `/M` or `/CreationDate`: the library never reads the clock, and the output stays reproducible.
package final class AnnotationStamper {
    package let document: PDFDocument
    package let form: StampForm
    private let formID: PDFObjectID
    private var annotations: PageAnnotations
    private var appearances: [AnnotationAppearance: PDFObject] = [:]

    /// The `/NM` names start with this, followed by the page number and a counter.
    package static let namePrefix = "signet-stamp-"

    package init(document: PDFDocument, form: StampForm) throws {
        guard let id = try form.object.id else {
            throw document.error(.structure("internal: stamp form is not indirect"))
        }
        self.document = document
        self.form = form
        self.formID = id
        self.annotations = PageAnnotations(document: document)
    }

    /// Adds the stamp annotation to `page` in the displayed rectangle `displayed` (points,
    /// top-left origin); returns its `/Rect` (default user space).
    @discardableResult
    package func stamp(_ page: PDFPage, at displayed: Rect, geometry: PageGeometry) throws -> Rect {
        let look = AnnotationAppearance(stampSize: form.size, stamp: formID, displayed: displayed, on: geometry)
        let stream = try appearances[look] ?? look.make(in: document)
        appearances[look] = stream
        let annotation = try document.makeIndirect(
            try document.parse(
                "<< /Type /Annot /Subtype /Stamp /F 4 /Rect \(look.rectSyntax) >>"))
        try annotation.set("/P", page.object)
        try annotation.set("/NM", try document.string(Array(try uniqueName(on: page).utf8)))
        try annotation.set("/AP", try AnnotationAppearance.normal(stream, in: document))
        try annotations.append(annotation, to: page)
        return look.rect
    }

    /// `signet-stamp-<page>-<n>`, the first `n` no annotation of the page already uses as `/NM`.
    private func uniqueName(on page: PDFPage) throws -> String {
        var taken: Set<String> = []
        for annotation in try page.object.value("/Annots")?.items() ?? [] where try annotation.kind == .dictionary {
            if let name = try annotation.value("/NM")?.textValue() { taken.insert(name) }
        }
        let stem = Self.namePrefix + "\(page.number)-"
        return (1...).lazy.map { stem + String($0) }.first { !taken.contains($0) }!
    }
}
