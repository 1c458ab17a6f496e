import Signet

/// `signet render IN -o OUT --max-bytes SIZE`: render, fit under the budget, write.
extension RenderCommand {
    /// The budget options render takes: its own --background is what a JPEG is flattened onto.
    static let budgetOptions = [BudgetFlags.maxBytes] + BudgetFlags.searchOptions
    static let budgetNote = """
        --max-bytes: render, then fit the image under the byte budget as `signet compress` does; the output \
        name picks the format (.jpg/.jpeg JPEG, .png PNG, '-' or no extension: PNG when a lossless PNG with \
        transparency fits, else JPEG on --background or white). Needs -o (one input).
        """

    static func renderBudgeted(
        _ args: Arguments, _ read: StrokeReadOptions, _ options: RenderOptions, _ context: CommandContext
    ) throws -> CommandOutcome {
        guard let output = args.string(.output), args.string(.outputDir) == nil, args.positionals.count == 1 else {
            if args.positionals.count > 1, let split = args.splitValue() { throw split }
            throw UsageError("render", "--max-bytes works with -o and one input")
        }
        let input = args.positionals[0]
        try OutputGuard.refuseOverwriting([input], with: [output], command: "render")
        let format = try BudgetFlags.format(forOutput: output, command: "render", writer: "--max-bytes") ?? .auto
        var budget = try BudgetFlags.options(args, format: format, background: options.background ?? .white)
        budget.threads = context.budgetThreads
        let rendering = try SignetAPI.render(
            strokesAt: input, to: output, reading: read, options: options, budget: budget)
        let report = BudgetedRenderReport(
            budget: BudgetReport(input: input, output: output, result: rendering.result), rendering: rendering)
        return CommandOutcome(json: report, lines: [report.line], outputUsedStdout: output == "-")
    }
}

/// `signet render --max-bytes --json`: the budget report plus what render tells about the drawing.
struct BudgetedRenderReport: Encodable {
    let budget: BudgetReport
    let rendering: BudgetedRendering

    private enum Key: String, CodingKey { case strokes, points, stroke_format, dpi, ink_bounds }

    func encode(to encoder: Encoder) throws {
        try budget.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        let layout = rendering.layout
        try c.encode(rendering.strokes, forKey: .strokes)
        try c.encode(rendering.points, forKey: .points)
        try c.encodeIfPresent(rendering.format?.rawValue, forKey: .stroke_format)
        try c.encode(layout.dpi.map { $0 * Double(budget.width) / Double(layout.width) }, forKey: .dpi)
        let b = layout.inkBounds
        try c.encode(["x": b.minX, "y": b.minY, "width": b.width, "height": b.height], forKey: .ink_bounds)
    }

    var line: String {
        budget.line + " \(counted(rendering.strokes, "stroke")), \(counted(rendering.points, "point"))"
            + (rendering.format.map { ", read as \($0.rawValue)" } ?? "") + "."
    }
}
