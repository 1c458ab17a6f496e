import FoundationEssentials
import Signet

/// `signet render`: stroke files in, PNG / SVG / PDF signatures out.
enum RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        summary: "render stroke captures to transparent PNG (or SVG / PDF) signatures",
        usage: "IN... (-o OUT | --output-dir DIR) [options]",
        positionals: 1...100_000,
        options: [
            .value(
                .output, "FILE", "output file for one input; .png, .svg or .pdf by its extension; '-' writes stdout",
                short: "o"),
            .value(.outputDir, "DIR", "write each input to DIR/<input name>.<type> (several inputs, one process)"),
            .choice(
                .type, "TYPE", RenderOutputType.self,
                "png, svg or pdf when the output name does not say (stdout, --output-dir); default png"),
        ] + StrokeInputFlags.specs + RenderFlags.specs + budgetOptions,
        notes: [
            """
            output limits: \(RenderOptions.defaultMaxPixels) pixels of area and \(RenderOptions.maxSide) per side \
            (the input limits, coordinates included, are listed below).
            """,
            """
            several inputs: with --output-dir every input is rendered even when one fails; each failure is \
            reported on stderr and the exit code is 2 (bad input) or 1 (write failure) at the end. A failed \
            output is never left behind. --json then prints {"files": [...], "rendered": N, "failed": M}, one \
            entry per input with either the result fields or "error": {"kind", "message"}. With -o, --json \
            prints one object {input, output, width, height, bytes, dpi, strokes, points, stroke_format, \
            ink_bounds}; stroke_format is the format read, as --format names it (the summary line ends "read as NAME").
            """,
            budgetNote,
        ] + StrokeInputFlags.notes)

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let options = try RenderFlags.options(args)
        let read = try StrokeInputFlags.readOptions(args)
        if args.string(.maxBytes) != nil { return try renderBudgeted(args, read, options, context) }
        let type = try args.choice(.type, RenderOutputType.self)
        switch (args.string(.output), args.string(.outputDir)) {
        case (let output?, nil):
            guard args.positionals.count == 1 else {
                throw UsageError(
                    "render", "-o takes one input, got \(args.positionals.count); use --output-dir for several")
            }
            try OutputGuard.refuseOverwriting(args.positionals, with: [output], command: "render")
            let report = try render(args.positionals[0], to: output, type: try outputType(output, type), read, options)
            return CommandOutcome(json: report, lines: report.line.map { [$0] } ?? [], outputUsedStdout: output == "-")
        case (nil, let folder?):
            return try renderAll(args.positionals, into: folder, type: type ?? .png, read, options, context)
        case (nil, nil):
            throw UsageError("render", "say where the output goes: -o FILE for one input, --output-dir DIR for several")
        case (.some, .some):
            throw UsageError("render", "give either -o or --output-dir, not both")
        }
    }

    /// Reads, renders and writes one input (`SignetAPI.render`); errors name the file they are about.
    private static func render(
        _ input: String, to output: String, type: RenderOutputType, _ read: StrokeReadOptions, _ options: RenderOptions
    ) throws -> RenderReport {
        let file = try SignetAPI.render(strokesAt: input, to: output, as: type, reading: read, options: options)
        return RenderReport(input: input, output: output, result: .success(.init(file)))
    }

    /// `--output-dir`: every input in turn; failures are reported and the run goes on.
    private static func renderAll(
        _ inputs: [String], into folder: String, type: RenderOutputType, _ read: StrokeReadOptions,
        _ options: RenderOptions,
        _ context: CommandContext
    ) throws -> CommandOutcome {
        let outputs = try outputPaths(for: inputs, in: folder, type: type)
        try OutputGuard.refuseOverwriting(inputs, with: outputs, command: "render")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        AllocatorTuning.keepFreedMemoryForReuse()
        var reports: [RenderReport] = []
        var worst: FailureKind?
        for (input, output) in zip(inputs, outputs) {
            do {
                reports.append(try render(input, to: output, type: type, read, options))
            } catch let error as SignetError {
                let message = FlagAdvice.line(error)
                context.writeMessage("signet render: \(message)")
                reports.append(
                    RenderReport(
                        input: input, output: output, result: .failure(.init(kind: error.kind, message: message))))
                worst = worst == .badInput ? .badInput : error.kind
            }
        }
        let failed = reports.filter { $0.line == nil }.count
        var lines = reports.compactMap(\.line)
        lines.append(
            "rendered \(inputs.count - failed) of \(inputs.count) into \(folder)/"
                + (failed > 0 ? ", \(failed) failed" : ""))
        return CommandOutcome(
            json: RenderBatchReport(files: reports, rendered: inputs.count - failed, failed: failed),
            lines: lines, verdict: worst)
    }

    /// DIR/<input name without its extension>.<type>. Inputs whose names differ only in their
    /// extension (`face.json`, `face.inkml`) keep it (`face.json.png`, `face.inkml.png`); the same
    /// name from two folders is refused before anything is written.
    static func outputPaths(for inputs: [String], in folder: String, type: RenderOutputType) throws -> [String] {
        guard inputs.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("render", "standard input ('-') can be read only once")
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let names = inputs.map { StreamName.stem($0) }
        let stems = names.map { name in
            name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        }
        let counts = Dictionary(stems.map { ($0, 1) }, uniquingKeysWith: +)
        var claimed: [String: String] = [:]
        return try zip(inputs, zip(names, stems)).map { input, pair in
            let output = base + (counts[pair.1]! > 1 ? pair.0 : pair.1) + "." + type.rawValue
            if let other = claimed[output] {
                throw UsageError(
                    "render", "\(other) and \(input) would both be written to \(output); render them separately")
            }
            claimed[output] = input
            return output
        }
    }

    private static func outputType(_ output: String, _ asked: RenderOutputType?) throws -> RenderOutputType {
        if output == "-" { return asked ?? .png }
        guard let named = RenderOutputType(fileName: output) else {
            throw UsageError("render", "cannot tell the output type of '\(output)'; name it .png, .svg or .pdf")
        }
        if let asked, asked != named, output.contains(".") {
            throw UsageError("render", "--type \(asked.rawValue) contradicts the output name '\(output)'")
        }
        return asked ?? named
    }
}
