/// The one check every job that writes a signature or stamp into a PDF makes of its input before
/// anything is placed or written: that it reads one way (`AmbiguousReading`, as `signet verify`
/// judges what a signature covers). Whatever one reader shows of a document that reads two ways
/// may not be what another one signs, and `verify` calls such a signature INVALID.
extension PlacementCheck {
    /// Inputs up to this many bytes also have the renderer's reading compared with qpdf's before
    /// they are signed or stamped; larger ones are judged by the byte scans alone, as when
    /// `signet-preview` is not installed. The comparison holds each stream in memory as qpdf
    /// reads it: on a 100 MB file of one image it took signing from 0.22 s and 27 MB to 0.80 s
    /// and 231 MB, and a 1 GB file did not fit the renderer's address space. `signet verify`
    /// compares the readings at any size.
    static let comparedReadingBytes = 32 << 20

    /// Refuses `document`, the input as opened, when it reads two ways: the byte scans always, and
    /// for an input up to `comparedReadingBytes` with a renderer that is installed
    /// (`PageRenderer.isInstalled`) and an input path, what the renderer resolves of every object
    /// against what qpdf resolves. A repaired copy (`PDFDocument.repair`) is qpdf's own full rewrite of a damaged
    /// file, one reading by construction (the report says it was repaired); a damaged file that was
    /// not repaired holds a signature (or was asked to be updated in place) and keeps the writer's
    /// own refusal, which says what to do about the damage.
    /// - Throws: ``PDFError`` (`readsTwoWays`, `readingsNotCompared`) about `context`; the renderer's error.
    func refuseTwoReadings(_ document: PDFDocument) throws {
        guard document.repair == nil, document.damage == nil else { return }
        var rendering = PageRendering.unavailable
        if let renderer, let input, document.source.size <= Self.comparedReadingBytes {
            let reader = try renderer(input)
            if reader.isInstalled { rendering = .renderer(reader) }
        }
        let why: String?
        do {
            why = try AmbiguousReading.ambiguity(of: document.source, document: document, rendering: rendering)
        } catch let error as PDFError where error.context == document.source.name {
            throw error.naming(context)
        }
        if let why { throw PDFError(context, .readsTwoWays(why)) }
    }

    /// Opens the PDF at `input` (with `password`) and refuses it when it reads two ways, for a job
    /// that writes no stamp or appearance (a document timestamp): the same check, no placement.
    static func refuseTwoReadings(
        pdfAt input: String, password: Secret?, renderer: ((String) throws -> any PageRenderer)?
    ) throws {
        let check = PlacementCheck(
            renderer: renderer, input: input, password: password, context: input, what: "the document timestamp",
            judged: false)
        try check.refuseTwoReadings(try PDFDocument(path: input, password: password))
    }

    /// Only the check of the input as opened (`refuseTwoReadings`), for a job that renders and
    /// judges nothing else.
    var readingHooks: PlacementHooks { PlacementHooks(opened: { try refuseTwoReadings($0) }) }
}
