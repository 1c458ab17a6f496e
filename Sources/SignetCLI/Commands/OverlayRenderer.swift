import Signet

/// Renders pages for the overlay check of `signet verify` (the library's `PageRenderer`) by running
/// `signet-preview` beside `signet`, so that `signet` never links poppler: one run per rectangle
/// and revision, only the rectangle's pixels drawn, the PNG read from its standard output. It also
/// reads what poppler resolves, for `verify` and for the page `capture --pdf` shows. The jobs that
/// write stamps and visible signatures render through it too: the input's pages for `--at auto`,
/// and the output about to be written for `verify`'s judgement (`renderers`).
struct OverlayRenderer: PageRenderer {
    /// The PDF being verified (a readable path), or the bytes `capture --pdf` shows.
    let input: PagePreview.Input
    /// The PDF's password, passed on to `signet-preview` on its standard input.
    let password: Secret?
    /// The environment variables `signet-preview` is not given (`CommandContext.secretVariables`).
    let secretVariables: Set<String>
    /// When the reading and renders of this verification must be done (`budget` after the first of
    /// them starts): no document makes the overlay check run for minutes (1,500 small rectangles
    /// took 127 s, one appearance of 10^8 fills 85 s); past it the signatures concerned are not
    /// valid. Counted from the first run, not from the start of the verification, so a file whose
    /// own checks are slow on a busy machine (9 million free entries) still gets its comparisons.
    private let clock = Budget()
    /// The option that does without the renders, which messages advise (`--allow-overlays` for
    /// `verify`); `nil` for the jobs that write, whose refusal advises its own option.
    let skip: OptionName?

    /// Seconds of reading and rendering one verification may spend.
    static let budget = 15.0

    init(
        input: PagePreview.Input, password: Secret?, secretVariables: Set<String>, skip: OptionName? = .allowOverlays
    ) {
        (self.input, self.password, self.secretVariables, self.skip) = (input, password, secretVariables, skip)
    }

    /// What `stamp`, `sign`, `pipeline` and `capture --pdf` hand the library: a renderer of the PDF at
    /// a path (their input, or the output about to be written), opened with `password`, each with
    /// its own time budget.
    static func renderers(
        password: Secret?, _ context: CommandContext
    ) -> (String) throws -> any PageRenderer {
        let secrets = context.secretVariables
        return { OverlayRenderer(input: .file($0), password: password, secretVariables: secrets, skip: nil) }
    }

    /// The deadline, set when first asked (monotonic seconds); verification is one thread.
    private final class Budget: @unchecked Sendable {
        private var deadline: Double?
        var remaining: Double {
            let now = Subprocess.monotonicSeconds()
            if deadline == nil { deadline = now + OverlayRenderer.budget }
            return deadline! - now
        }
    }

    /// `signet-preview` is beside `signet`: without it the jobs that write judge their input by the
    /// byte scans alone (what needs its renders is refused, as before).
    var isInstalled: Bool { ExternalCommand.locate(PagePreview.executable) != nil }

    /// What poppler resolves of `input` cut at each of `ends`, read by `signet-preview --objects`
    /// within what remains of the budget.
    func readObjects(ends: [Int?]) throws -> [UInt8] {
        let remaining = clock.remaining
        guard remaining > 0 else {
            throw PagePreview.Failure(
                message: "the check stopped at its bound of \(Int(Self.budget)) s of page rendering")
        }
        return try PagePreview.objects(
            input, ends: ends, password: password, withholding: secretVariables, timeout: remaining,
            missing: "compared; build it with 'swift build -c release --product \(PagePreview.executable)'")
    }

    /// The pixels `region` of page `page` of `input` cut at `end` bytes (`nil`: whole) at `dpi`,
    /// as displayed or, when `printing`, as printed.
    func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap {
        // A page's size comes from its MediaBox: a region of a 1e300-point page is no Int.
        let pixels = try [region.minX, region.minY, region.width, region.height].map { v in
            guard let n = Int(exactly: v.rounded()) else {
                throw PagePreview.Failure(message: "page \(page) is too large to render (a region of \(v) pixels)")
            }
            return String(n)
        }
        var arguments = ["--dpi", String(dpi), "--region", pixels.joined(separator: ",")]
        if let end { arguments += ["--end", String(end)] }
        if printing { arguments.append("--for-printing") }
        let remaining = clock.remaining
        guard remaining > 0 else {
            throw PagePreview.Failure(
                message: "the check stopped at its bound of \(Int(Self.budget)) s of page rendering"
                    + (skip.map { "; give --\($0) to skip it" } ?? ""))
        }
        let png = try PagePreview.png(
            input, page: page, arguments: arguments, password: password, withholding: secretVariables,
            timeout: remaining,
            missing: "compared; build it with 'swift build -c release --product \(PagePreview.executable)'"
                + (skip.map { ", or give --\($0) to skip the check" } ?? ""))
        do {
            return try PNGDecoder.decode(png)
        } catch let error as any SignetError {
            throw PagePreview.Failure(
                message: "\(PagePreview.executable) gave no readable PNG for page \(page) (\(error.message))")
        }
    }
}
