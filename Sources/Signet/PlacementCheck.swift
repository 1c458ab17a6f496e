/// What a job that adds a stamp or a signature to a PDF consults beyond the document, through the
/// caller's page renderer: whether the input reads one way (`refuseTwoReadings`), the input's pages
/// as a reader sees them, for a `StampPlacement.freeArea` placement, and — on an input that already
/// holds a signature — `verify`'s own judgement (`AdditionJudgement`) of the file about to be
/// written, which refuses what would hide signed content before anything is written.
struct PlacementCheck {
    /// Makes a renderer of the PDF at a path (the input, or the output about to be written);
    /// `nil`: the caller gave none, so nothing can be rendered or judged.
    let renderer: ((String) throws -> any PageRenderer)?
    /// The input's path, for renders of its pages; `nil` for a PDF in memory.
    let input: String?
    let password: Secret?
    /// The input's name in messages.
    let context: String
    /// What the job adds, for messages: "the stamp", "the signature's appearance".
    let what: String
    /// Whether what is added is judged: it shows, and the caller did not ask to write it over
    /// signed content anyway (`StampPlacement.overSignedContent`).
    let judged: Bool

    /// The hooks the stamping and signing stages call: the input as opened is refused when it
    /// reads two ways (`refuseTwoReadings`), whatever is added.
    var hooks: PlacementHooks {
        PlacementHooks(
            pageImage: pageImage, judge: judged ? { try judge($0, from: $1) } : nil,
            opened: { try refuseTwoReadings($0) })
    }

    /// Renders the input's pages, when there is a renderer and the input is a file.
    private var pageImage: PageImage? {
        guard let renderer, let input else { return nil }
        return { page, dpi, width, height in
            try renderer(input).render(
                page: page, end: nil, region: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                dpi: dpi, printing: false)
        }
    }

    /// Refuses `written` when what its update (from byte `from` on) adds hides signed content,
    /// or when that cannot be judged.
    private func judge(_ written: any ByteSink, from: Int) throws {
        guard let renderer else {
            throw PDFError(context, .additionNotJudged(what: what, why: "no page renderer was given"))
        }
        let bytes = try written.writtenBytes()
        // A file to render: the output's temporary file, or a copy of what is held in memory.
        let copy: SpooledInput?
        let path: String
        if let working = (written as? AtomicOutput)?.workingPath {
            (copy, path) = (nil, working)
        } else {
            let spooled = try SpooledInput(copying: bytes)
            (copy, path) = (spooled, spooled.path)
        }
        let outcome: AdditionJudgement.Outcome
        do {
            outcome = try withExtendedLifetime(copy) {
                try AdditionJudgement.judge(bytes, password: password, from: from, renderer: renderer(path))
            }
        } catch {
            let why = (error as? any SignetError)?.message ?? "\(error)"
            throw PDFError(context, .additionNotJudged(what: what, why: why))
        }
        switch outcome {
        case .clear:
            return
        case .covers(let covered):
            let first = covered[0]
            let signature = "signature \(first.signature)" + (first.field.map { " (field \($0))" } ?? "")
            throw PDFError(
                context,
                .coversSignedContent(
                    what: what, page: first.page, box: first.hiding.rect, signature: signature,
                    more: covered.count - 1))
        case .notJudged(let why):
            throw PDFError(context, .additionNotJudged(what: what, why: why))
        }
    }
}
