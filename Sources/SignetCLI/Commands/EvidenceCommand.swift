import Signet

/// `signet evidence ACTION …`: the handwriting's dynamics for a forensic examiner. One file holds
/// the group's dispatch: each action is a case of `run`'s switch and its options join `spec`.
enum EvidenceCommand: Command {
    static let spec = CommandSpec(
        name: "evidence",
        summary:
            "the pen's dynamics for an examiner: export an ISO/IEC 19794-7 record, plot x, y, speed and pressure against time, extract what a signature sealed",
        usage:
            "export STROKES -o SIG.iso | plot A [B] -o OUT.svg|.png | extract SIGNED.pdf --key EXAMINER.key [--cert EXAMINER.pem] -o DIR/|FILE   (a stroke file - reads standard input)",
        positionals: 2...3,
        options: StrokeInputFlags.specs + [
            .value(.output, "OUT", "where to write the result ('-' for standard output)", short: "o")
        ] + extractSpecs,
        notes: [
            "actions:\n  export STROKES -o SIG.iso   write the strokes' ISO/IEC 19794-7 record (full format: X, Y, T, and F, tilt when known; pen-up points between strokes); the strokes need timestamps\n  plot A [B] -o OUT.svg|.png  draw x, y, speed and pressure against time, B overlaid on A, pen-up gaps dashed; any stroke files with timestamps, ISO/IEC 19794-7 records included\n  extract SIGNED.pdf --key K  open the pen dynamics sealed into the PDF's signatures (sign --evidence-for) with the examiner's key, check they are bound to the revision each signature covers and the appearance it shows, and write each record (.iso) and its strokes as Signet JSON (.json): -o DIR/ writes signature-N.iso and signature-N.json, -o FILE the record to FILE and the JSON beside it, both created 0600; evidence sealed for another examiner is left closed; the key's password as every command takes it (--password-env, --password-file, --password-stdin, or the terminal), an encrypted PDF's with --pdf-password-env, --pdf-password-file or --pdf-password-stdin",
            "Examples: signet evidence export pad.json -o signature.iso\n          signet evidence plot reference.iso questioned.json -o compare.svg",
            "The record is the biometric data itself: keep it as private as the strokes it came from (docs/iso19794-7.md).",
        ] + StrokeInputFlags.notes)

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        switch args.positionals[0] {
        case "export": return try export(args)
        case "plot": return try plot(args)
        case "extract": return try extract(args, context)
        case let other:
            let guess = Suggestion.clause(Suggestion.nearest(to: other, in: actions))
            throw UsageError(spec.name, "knows the actions \(actions.joined(separator: ", ")), not '\(other)'\(guess)")
        }
    }

    /// The actions `run` dispatches, in help's order.
    static let actions = ["export", "plot", "extract"]

    /// `evidence plot A [B] -o OUT.svg|.png`.
    private static func plot(_ args: Arguments) throws -> CommandOutcome {
        let inputs = Array(args.positionals.dropFirst())
        let output = try args.required(.output)
        try OutputGuard.refuseOverwriting(inputs, with: [output], command: spec.name)
        let result = try SignetAPI.plotDynamics(
            strokesAt: inputs, to: output, reading: try StrokeInputFlags.readOptions(args))
        let names = result.signatures.map {
            "\($0.input) (\(counted($0.strokes, "stroke")), \(NumberText.short($0.durationMilliseconds, decimals: 0)) ms)"
        }
        let line =
            "\(StreamName.output(output)): \(result.type.rawValue.uppercased()) plot of x, y, speed and pressure against time, \(names.joined(separator: " and "))"
        return CommandOutcome(json: result, lines: [line], outputUsedStdout: output == "-")
    }

    /// `evidence export STROKES -o SIG.iso`.
    private static func export(_ args: Arguments) throws -> CommandOutcome {
        guard args.positionals.count == 2 else {
            throw UsageError(spec.name, "export takes one stroke file, not \(args.positionals.count - 1)")
        }
        let input = args.positionals[1]
        let output = try args.required(.output)
        try OutputGuard.refuseOverwriting([input], with: [output], command: spec.name)
        let result = try SignetAPI.exportISORecord(
            strokesAt: input, to: output, reading: try StrokeInputFlags.readOptions(args))
        let line =
            "\(StreamName.output(output)): ISO/IEC 19794-7 record, \(result.bytes) bytes, \(counted(result.strokes, "stroke")), \(counted(result.samples, "sample")), channels \(result.channels.joined(separator: " "))"
        return CommandOutcome(json: result, lines: [line], outputUsedStdout: output == "-")
    }
}
