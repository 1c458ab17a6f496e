import Glibc
import Signet

/// `signet capture`: serve the `<signet-pad>` page on 127.0.0.1, wait for Done, write the signature.
enum CaptureCommand: Command {
    static let spec = CommandSpec(
        name: "capture",
        summary:
            "serve a signature pad on 127.0.0.1 and write what the signer draws (JSON, PNG, SVG or PDF), or sign a PDF's page there",
        usage:
            "-o OUT [--port N] [--timeout SECONDS] [--open] [render options] | --pdf IN.pdf -o OUT.pdf [--page N] [placement] [identity]",
        positionals: 0...0,
        options: [
            .value(
                .output, "FILE",
                ".json: the Signet stroke JSON as received; .png, .svg or .pdf: rendered as signet render does",
                short: "o"),
            .value(.port, "N", "the loopback port to serve on (default: a free one)"),
            .value(.timeout, "SECONDS", "give up after this long without a signature: exit 1, nothing written"),
            .flag(.open, "open the page in the desktop's browser (the token never appears on a command line)"),
        ] + RenderFlags.specs + RenderCommand.budgetOptions + pdfOptions,
        notes: [
            """
            the page's address (printed on stderr) is http://127.0.0.1:PORT/TOKEN/ with a random one-time \
            token; requests without it, with another Host or (for the submission) another Origin get 403, \
            and exactly one signature is taken. A submission that is not valid Signet stroke JSON or cannot \
            be rendered is refused on the page and the wait goes on. Ctrl-C or --timeout: exit 1, nothing written.
            """,
            "--max-bytes: the rendered signature is fitted under the byte budget (.png or .jpg output).",
            pdfNote,
        ])

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        if let pdf = args.string(.pdf) { return try runPDF(pdf, args, context) }
        if let name = pdfOnly.first(where: { args.string($0) != nil || args.flag($0) }) {
            throw UsageError("capture", "--\(name) is about signing a PDF; give --pdf IN.pdf")
        }
        guard let output = args.string(.output) else {
            throw UsageError("capture", "say where the signature goes: -o FILE (.json, .png, .svg or .pdf)")
        }
        let writing = try outputKind(output, args, context)
        let options = try serverOptions(args)
        let result = try announcing("sign", args, context) { listening in
            try SignetAPI.capture(to: output, writing: writing, options: options, listening: listening)
        }
        if let file = result.rendered {
            let report = RenderReport(input: "the signing page", output: output, result: .success(.init(file)))
            return CommandOutcome(json: report, lines: report.line.map { [$0] } ?? [], outputUsedStdout: output == "-")
        }
        if let fitted = result.budgeted {
            let report = BudgetedRenderReport(
                budget: BudgetReport(input: "the signing page", output: output, result: fitted.result),
                rendering: fitted)
            return CommandOutcome(json: report, lines: [report.line], outputUsedStdout: output == "-")
        }
        let report = CapturedJSONReport(
            output: output, bytes: result.json.count, strokes: result.drawing.strokes.count,
            points: result.drawing.sampleCount)
        return CommandOutcome(json: report, lines: [report.line], outputUsedStdout: output == "-")
    }

    /// A fresh token, --port and --timeout.
    static func serverOptions(_ args: Arguments) throws -> CaptureOptions {
        CaptureOptions(
            token: CaptureToken.random(), port: try args.int(.port, in: 0...65_535) ?? 0,
            timeout: try args.double(.timeout, in: 0.001...31_536_000))
    }

    /// Runs `body` with the `listening` callback: it prints the page's address ("signet capture:
    /// WHAT at URL") and, with --open, opens it in the desktop's browser (that page is removed after).
    static func announcing<T>(
        _ what: String, _ args: Arguments, _ context: CommandContext, _ body: ((String) -> Void) throws -> T
    ) throws -> T {
        var launcher: BrowserLauncher?
        defer { launcher?.removePage() }
        let open = args.flag(.open)
        return try body { url in
            context.writeMessage("signet capture: \(what) at \(url) (Ctrl-C to stop)")
            if open { launcher = BrowserLauncher.launch(url, withholding: context.secretVariables, warn: context.warn) }
        }
    }

    /// JSON as received for .json; otherwise the render (or budget) options, checked before the page is served.
    private static func outputKind(
        _ output: String, _ args: Arguments, _ context: CommandContext
    ) throws -> SignetAPI.CaptureOutput {
        let render = try RenderFlags.options(args)
        if args.string(.maxBytes) != nil {
            let format = BudgetFlags.format(forOutput: output) ?? .auto
            var budget = try BudgetFlags.options(args, format: format, background: render.background ?? .white)
            budget.threads = context.budgetThreads
            return .budgeted(render, budget)
        }
        if output.lowercased().hasSuffix(".json") { return .json }
        guard let type = RenderOutputType(fileName: output) else {
            throw UsageError("capture", "cannot tell the output type of '\(output)'; name it .json, .png, .svg or .pdf")
        }
        return .rendered(type, render)
    }
}

/// `signet capture -o X.json --json`: what was received.
struct CapturedJSONReport: Encodable {
    var output: String
    var bytes: Int
    var strokes: Int
    var points: Int

    var line: String {
        "the signing page → \(StreamName.output(output)): \(bytes) bytes of stroke JSON, "
            + "\(counted(strokes, "stroke")), \(counted(points, "point"))"
    }
}
