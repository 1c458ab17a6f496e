/// `capture --pdf`: a PDF page in the browser, the signer draws in its box, the strokes are stamped
/// there and the document signed, as `pipeline` does. The document is read once, as bytes: those
/// bytes are laid out, shown and signed, so a file changed on disk while the signer draws changes
/// nothing.
extension SignetAPI {
    /// Lays out the page `signet capture --pdf` shows, on page `page` (`nil`: the last). The ink box
    /// has `placement`'s size (`CaptureSheet.defaultAspect` when only a width or nothing is given);
    /// with `text` (a signature's name and time) the text goes below or beside it as the stamp will
    /// show it, and `placement`'s point and anchor place the whole stamp, as for `signet pipeline`.
    /// The whole stamp must stay on the page. A document that reads two ways — as `signet verify`
    /// judges the bytes a signature covers: a key defined twice with different values, an object no
    /// cross-reference section lists, an offset not written in digits, bytes after the last
    /// `%%EOF`, and, with a renderer in `rendering`, an object poppler resolves otherwise than qpdf —
    /// is refused: the page one reader shows might not be what another one signs.
    /// - Parameters:
    ///   - pdf: The PDF's bytes, the ones that will be shown and signed.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - name: The document's name for the page and for messages.
    ///   - page: The page to sign, from 1; `nil` for the last.
    ///   - placement: Where the ink box goes and its size, as `signet stamp` places a stamp.
    ///   - text: The signature's text when signing with one; `nil` when only the strokes are stamped.
    ///   - signer: The signer's name for the page; `nil` when the document is only stamped.
    ///   - rendering: The renderer whose reading of `pdf` (``PageRenderer/readObjects(ends:)``) is
    ///     compared with qpdf's; `.unavailable` or `.skipped` compares nothing (the byte scans still run).
    /// - Returns: The page's layout.
    /// - Throws: ``PDFError`` when the PDF cannot be read, reads two ways, has no such page, or the box misses the page.
    public static func captureSheet(
        pdf: [UInt8], password: Secret? = nil, name: String, page: Int?, placement: StampPlacement,
        text: SignatureText?, signer: String?, rendering: PageRendering = .unavailable
    ) throws -> CaptureSheet {
        let source = MemorySource(pdf, name: name)
        let document = try PDFDocument(source: source, password: password)
        if let why = try AmbiguousReading.ambiguity(of: source, document: document, rendering: rendering) {
            throw PDFError(name, .readsTwoWays(why))
        }
        guard document.pageCount > 0 else { throw PDFError(name, .noPages) }
        let number = page ?? document.pageCount
        guard (1...document.pageCount).contains(number) else {
            throw PDFError(name, .pageOutOfRange(page: number, count: document.pageCount))
        }
        let geometry = try document.page(number).geometry()
        func placed(_ placement: StampPlacement, aspect: Double) throws -> Rect {
            do { return try placement.rect(on: geometry, aspect: aspect) } catch {
                throw PDFError(name, .stampDoesNotFit(page: number, detail: error.detail))
            }
        }
        var ink = try placed(placement, aspect: CaptureSheet.defaultAspect)
        var stamp = ink
        if let text, let layout = try StampForm.layout(artworkSize: ink.size, text: text) {
            // The whole stamp goes where the placement's anchor is; the layout (y-up, its own units)
            // says where the ink box sits in it.
            let anchor = placement.effectiveAnchor
            let k = ink.width / layout.artwork.width
            let block = StampPlacement(
                at: StampPlacement.point(anchor, of: ink),
                size: Size(width: layout.size.width * k, height: layout.size.height * k),
                anchor: anchor)
            stamp = try placed(block, aspect: 1)
            ink = Rect(
                x: stamp.minX + layout.artwork.minX * k, y: stamp.minY + (layout.size.height - layout.artwork.maxY) * k,
                width: ink.width, height: ink.height)
        }
        return CaptureSheet(
            fileName: name, page: number, pageCount: document.pageCount, pageSize: geometry.displayedSize,
            inkBox: ink, stampBox: stamp, signer: signer)
    }

    /// `signet capture --pdf IN.pdf -o OUT.pdf`: serves the signing page with `pageImage` (the page
    /// as displayed, a PNG) and the box of `sheet`; on the signer's Done stamps the strokes as vector
    /// ink into the ink box, as drawn, and signs with `signing` when given — one incremental update,
    /// as ``pipeline(_:pdf:password:options:signing:)`` does (it is what runs, on `pdf`, with `password`). `options` gives
    /// the pen, opacity, blend and output mode; the page, placement, artwork (vector) and canvas (not
    /// cropped) come from `sheet`. `signing` is called at Done, so the signing time is then. The
    /// server's rules are `capture(to:writing:options:listening:)`'s; only `output` is written, once
    /// everything succeeded.
    /// - Parameters:
    ///   - pdf: The PDF's bytes: the ones `sheet` was laid out on and `pageImage` shows.
    ///   - name: The document's name in messages and reports (its path, say).
    ///   - password: The PDF's password, when it is encrypted.
    ///   - output: The PDF to write.
    ///   - sheet: The page and box from ``captureSheet(pdf:password:name:page:placement:text:signer:rendering:)``.
    ///   - pageImage: The page as displayed, as a PNG (`signet-preview` renders it).
    ///   - options: The options of every stage (see above for what `sheet` overrides).
    ///   - signing: Makes the identity and options to sign with, at Done; `nil` only stamps.
    ///   - capture: Token, port and time limits of the server.
    ///   - listening: Called once with the page's address, before the wait.
    ///   - renderer: Makes a page renderer of the PDF at a path, as for ``pipeline(_:pdfAt:password:to:options:signing:renderer:)``:
    ///     on an input that holds a signature, the stamp is judged through it before anything is written.
    /// - Returns: What every stage did.
    /// - Throws: ``CaptureError`` on timeout, interruption or a server failure (nothing written); the
    ///   error of a stage that failed for a reason other than the submission.
    @discardableResult
    public static func capture(
        intoPDF pdf: [UInt8], named name: String, password: Secret? = nil, to output: String, sheet: CaptureSheet,
        pageImage: [UInt8],
        options: PipelineOptions = PipelineOptions(), signing: (() throws -> PipelineSigning)? = nil,
        capture: CaptureOptions, listening: (String) -> Void, renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PipelineReport {
        var options = options
        options.artwork = .vector
        options.render.crop = false
        options.imageOutput = nil
        options.stamp.pages = PageSelection(String(sheet.page))
        let overSignedContent = options.stamp.placement.overSignedContent
        options.stamp.placement = sheet.stampPlacement
        options.stamp.placement.overSignedContent = overSignedContent
        let files = [
            CapturePage.File(name: "document.json", contentType: "application/json", bytes: try sheet.json()),
            CapturePage.File(name: "page.png", contentType: "image/png", bytes: pageImage),
        ]
        let source = MemorySource(pdf, name: name)
        var report: PipelineReport?
        try serveCapture(options: capture, extraFiles: files, listening: listening) { _, drawing in
            report = try pipeline(
                drawing, named: nil, ends: .streams(source, try AtomicOutput(path: output)), password: password,
                options: options, signing: try signing?(), renderer: renderer)
        }
        guard let report else { throw CaptureError(.socket("the server stopped without a signature")) }
        return report
    }
}
