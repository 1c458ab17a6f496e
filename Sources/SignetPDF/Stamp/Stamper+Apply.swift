import SignetCore

/// The stamps placed on an open document, not yet written: what `Stamper.apply` did.
package struct StampEdit: Sendable, Hashable {
    package var form: StampReport.Form
    package var perPage: [StampReport.PageStamp]
    /// Damage qpdf worked around and page oddities that were corrected, one sentence each.
    package var warnings: [String]
    /// Pages where an annotation above the stamp hides it.
    package var hidden: [StampReport.Hidden] = []
    /// The stamp's form XObject, the one every stamped page draws.
    package var formID: PDFObjectID?

    /// The stamp a signer showed as its new signature's appearance (see `Stamper.signaturePage`):
    /// on page `page` at `rect` (`[x0, y0, x1, y1]` in that page's default user space).
    package static func signature(page: Int, rect: [Double]) -> StampEdit {
        StampEdit(
            form: .signature, perPage: [.init(page: page, rectUserSpace: rect.map { PDFNumber.rounded($0) })],
            warnings: [])
    }

    /// The report of a run that wrote these stamps to `output`, `bytesAdded` bytes more than `input`.
    package func report(input: String, output: String, incremental: Bool, bytesAdded: Int) -> StampReport {
        StampReport(
            input: input, output: output, mode: incremental ? "incremental" : "rewrite", form: form,
            pagesStamped: perPage.count, bytesAdded: bytesAdded, perPage: perPage, warnings: warnings, hidden: hidden)
    }
}

extension Stamper {
    /// Checks `options` against `document` (a certification that forbids stamps, the page
    /// selection, every placement) before changing anything, then stamps every selected page in
    /// memory: as page content, or as Stamp annotations on a signed input or when asked (see
    /// `StampProtection`). `incremental` says the caller appends the changes as an incremental
    /// update (a signer always does); writing is the caller's. `text` is shown with the artwork
    /// (a signing pipeline's name and time), the two fitted together. `pageImage` renders pages
    /// for a free-area placement (`StampPlacer`). A stamp in the page content that an opaque
    /// annotation above it hides is reported (`StampEdit.hidden`, see `AnnotationBackground`).
    package static func apply(
        _ artwork: StampArtwork, text: SignatureText? = nil, options: StampOptions, to document: PDFDocument,
        incremental: Bool, pageImage: PageImage? = nil,
        progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampEdit {
        guard document.pageCount > 0 else { throw document.error(.noPages) }
        guard options.opacity > 0, options.opacity <= 1 else {
            throw document.error(.badPlacement("the opacity must be above 0 and at most 1"))
        }
        let protection = try StampProtection(document)
        try protection.check(options, document)
        let pages = try selectedPages(options, document)

        var warnings =
            document.wasReconstructed
            ? ["the file is damaged; qpdf reconstructed its cross-reference table, check the output"] : []
        // qpdf's own words for the reconstruction repeat that sentence; its details do not.
        warnings += document.warnings.filter { $0 != "file is damaged" && !$0.hasPrefix("Attempting to reconstruct") }
        let aspect = try StampForm.aspect(artwork, text: text)
        let placer = StampPlacer(document: document, pageImage: pageImage)
        var placed: [(page: PDFPage, geometry: PageGeometry, rect: Rect)] = []
        var notes: [(note: String, pages: [Int])] = []
        for number in pages {
            let page = try document.page(number)
            let geometry = try page.geometry()
            for note in geometry.notes {
                if let i = notes.firstIndex(where: { $0.note == note }) {
                    notes[i].pages.append(number)
                } else {
                    notes.append((note, [number]))
                }
            }
            placed.append(
                (page, geometry, try placer.rect(options.placement, page: number, geometry: geometry, aspect: aspect)))
        }
        warnings += notes.map { pageList($0.pages) + ": " + $0.note }

        document.appendsIncrementally = incremental
        let form = try StampForm.make(
            artwork, text: text, opacity: options.opacity, blend: options.blend, in: document)
        let kind = protection.form(options, incremental: incremental)
        let stampPage: (PDFPage, Rect, PageGeometry) throws -> Void
        if kind == .content {
            let stamper = PageStamper(document: document, form: form)
            stampPage = { try stamper.stamp($0, at: $1, geometry: $2) }
        } else {  // `protection.form` gives content or annotation; a signature's widget is the signer's
            let stamper = try AnnotationStamper(document: document, form: form)
            stampPage = { try stamper.stamp($0, at: $1, geometry: $2) }
        }
        var perPage: [StampReport.PageStamp] = []
        var hidden: [StampReport.Hidden] = []
        for (i, item) in placed.enumerated() {
            if kind == .content, let above = try opaqueAnnotation(over: item.rect, on: item.page, item.geometry) {
                hidden.append(above)
            }
            try stampPage(item.page, item.rect, item.geometry)
            let user = StampTransform.userRect(item.rect, on: item.geometry)
            perPage.append(
                .init(
                    page: item.page.number,
                    rectUserSpace: [user.minX, user.minY, user.maxX, user.maxY].map { PDFNumber.rounded($0) }))
            progress?(StampProgress(phase: .stamping, fraction: Double(i + 1) / Double(placed.count)))
        }
        return StampEdit(form: kind, perPage: perPage, warnings: warnings, hidden: hidden, formID: try form.object.id)
    }

    /// The page on which a signer appending to `document` shows the stamp as the appearance of its
    /// new signature's widget rather than as a Stamp annotation (see `StampProtection.signaturePage`),
    /// after the checks `apply` makes; nil when the stamp is to be `apply`'d.
    package static func signaturePage(_ options: StampOptions, in document: PDFDocument) throws -> Int? {
        guard document.pageCount > 0 else { throw document.error(.noPages) }
        let protection = try StampProtection(document)
        try protection.check(options, document)
        return protection.signaturePage(options, pages: try selectedPages(options, document))
    }

    /// The pages `options` selects in `document`, at most `options.maxPages` of them.
    private static func selectedPages(_ options: StampOptions, _ document: PDFDocument) throws -> [Int] {
        let pages: [Int]
        do { pages = try options.pages.pages(count: document.pageCount) } catch {
            switch error.kind {
            case .outOfRange(let page): throw document.error(.pageOutOfRange(page: page, count: document.pageCount))
            case .unreadable: throw document.error(.badPageSelection("'\(options.pages.text)'"))
            }
        }
        guard pages.count <= options.maxPages else {
            throw document.error(.tooManyPages(selected: pages.count, limit: options.maxPages))
        }
        return pages
    }

    /// The first annotation of `page` (before the stamp is added) whose opaque background lies
    /// over `rect` (displayed points).
    static func opaqueAnnotation(
        over rect: Rect, on page: PDFPage, _ geometry: PageGeometry
    ) throws
        -> StampReport.Hidden?
    {
        for item in try page.annotationBoxes(geometry) where item.box.intersection(rect) != nil {
            guard try AnnotationBackground.isOpaque(item.annotation) else { continue }
            let subtype = try item.annotation.value("/Subtype")?.nameValue().map { String($0.dropFirst()) }
            return StampReport.Hidden(
                page: page.number, annotation: subtype ?? "unnamed", object: try item.annotation.id?.number)
        }
        return nil
    }
}
