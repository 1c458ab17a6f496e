import SignetCore
import SignetFiles

/// One stamping run: open, choose the output mode, place the stamp on every selected page
/// (all placements are checked before anything is written), write atomically.
public enum Stamper {
    public static func stamp(
        input: String, password: String? = nil, artwork: StampArtwork, options: StampOptions = StampOptions(),
        output: String, progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampReport {
        let document = try PDFDocument(path: input, password: password)
        guard document.pageCount > 0 else { throw document.error(.noPages) }
        guard options.opacity > 0, options.opacity <= 1 else {
            throw document.error(.badPlacement("the opacity must be above 0 and at most 1"))
        }
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
        let incremental = try chooseIncremental(document, options)
        let writer = try incremental ? incrementalWriter(document, options) : nil

        var warnings = document.wasReconstructed
            ? ["the file is damaged; qpdf reconstructed its cross-reference table, check the output"] : []
        // qpdf's own words for the reconstruction repeat that sentence; its details do not.
        warnings += document.warnings.filter { $0 != "file is damaged" && !$0.hasPrefix("Attempting to reconstruct") }
        let aspect = artwork.naturalSize.width / artwork.naturalSize.height
        var placed: [(page: PDFPage, geometry: PageGeometry, rect: Rect)] = []
        var notes: [(note: String, pages: [Int])] = []
        for number in pages {
            let page = try document.page(number)
            let geometry = try page.geometry()
            for note in geometry.notes {
                if let i = notes.firstIndex(where: { $0.note == note }) { notes[i].pages.append(number) } else { notes.append((note, [number])) }
            }
            do {
                placed.append((page, geometry, try options.placement.rect(on: geometry, aspect: aspect)))
            } catch {
                throw document.error(.stampDoesNotFit(page: number, detail: error.detail))
            }
        }

        document.appendsIncrementally = incremental
        warnings += notes.map { Self.pageList($0.pages) + ": " + $0.note }

        let form = try StampForm.make(artwork, opacity: options.opacity, blend: options.blend, in: document)
        let stamper = PageStamper(document: document, form: form)
        var perPage: [StampReport.PageStamp] = []
        for (i, item) in placed.enumerated() {
            try stamper.stamp(item.page, at: item.rect, geometry: item.geometry)
            let user = StampTransform.userRect(item.rect, on: item.geometry)
            perPage.append(.init(page: item.page.number, rectUserSpace: [user.minX, user.minY, user.maxX, user.maxY].map { PDFNumber.rounded($0) }))
            progress?(StampProgress(phase: .stamping, fraction: Double(i + 1) / Double(placed.count)))
        }

        let out = try AtomicOutput(path: output)
        let written: Int
        let report: ((Double) -> Void)? = progress.map { p in { p(StampProgress(phase: .writing, fraction: $0)) } }
        if let writer {
            written = try writer.write(to: out, progress: report).totalLength
        } else {
            written = try RewriteWriter.write(document, to: out, progress: report)
        }
        try out.commit()
        return StampReport(
            input: input, output: output, mode: incremental ? "incremental" : "rewrite", pagesStamped: placed.count,
            bytesAdded: written - document.fileSize, perPage: perPage, warnings: warnings)
    }

    /// `page 4`, or `12 pages (4, 9, 16, 23, 30, …)` for a note that repeats.
    static func pageList(_ pages: [Int]) -> String {
        guard pages.count > 1 else { return "page \(pages[0])" }
        let shown = pages.prefix(5).map(String.init).joined(separator: ", ")
        return "\(pages.count) pages (\(shown)\(pages.count > 5 ? ", …" : ""))"
    }

    /// Incremental when asked, or when the input is signed, certified or carries usage rights.
    static func chooseIncremental(_ document: PDFDocument, _ options: StampOptions) throws -> Bool {
        let protected = try SignatureScanner.needsIncrementalUpdate(document)
        switch options.mode {
        case .incremental: return true
        case .automatic: return protected
        case .rewrite:
            if protected && !options.breakSignatures { throw document.error(.rewriteBreaksSignatures) }
            return false
        }
    }

    private static func incrementalWriter(_ document: PDFDocument, _ options: StampOptions) throws -> IncrementalWriter {
        do { return try IncrementalWriter(document: document) } catch let error as PDFError {
            guard case .incrementalImpossible(let why) = error.reason else { throw error }
            let advice = options.mode == .automatic
                ? "the file is signed, certified or carries usage rights, so a full rewrite would invalidate that — add --rewrite --break-signatures to stamp it anyway"
                : "drop --incremental to rewrite the file instead"
            throw document.error(.incrementalImpossible(why + "; " + advice))
        }
    }
}
