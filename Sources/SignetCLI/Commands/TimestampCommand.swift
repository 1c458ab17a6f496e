import FoundationEssentials
import Signet

/// `signet timestamp IN -o OUT --tsa URL`: a document timestamp appended to an existing PDF.
enum TimestampCommand: Command {
    static let spec = CommandSpec(
        name: "timestamp",
        summary: "add a document timestamp to a PDF (incremental: existing bytes and signatures untouched)",
        usage: "IN -o OUT.pdf --tsa URL [options]",
        positionals: 1...1,
        options: [.value("output", "FILE", "timestamped PDF to write", short: "o")] + TimestampFlags.specs,
        notes: [
            "Appends a signature field whose value is /Type /DocTimeStamp /SubFilter /ETSI.RFC3161, /Contents an RFC 3161 token over the SHA-256 of the whole file before it (PAdES B-LTA, or an archive timestamp renewing one). IN is never modified and its bytes come first in OUT unchanged.",
            "Example: signet timestamp signed.pdf -o archived.pdf --tsa https://tsa.example/tsr",
        ])

    struct Result: Encodable {
        var timestamp: DocumentTimestampResult
        var time: String
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        let output = try args.required("output")
        guard let timestamp = try TimestampFlags.options(args) else {
            throw UsageError(spec.name, "give --tsa URL (the authority that makes the timestamp)")
        }
        try OutputGuard.refuseOverwriting(
            [input] + ["tsa-credentials-file"].compactMap(args.string), with: [output], command: spec.name)
        let network = try TimestampFlags.transport(args, context)
        let source = try PDFInput(input)
        let now = Date()
        var result = try source.openForSigning {
            try SignetJob.timestamp(pdfAt: $0, to: output, timestamp: timestamp, now: now, network: network)
        }
        result.input = source.name
        let line =
            "timestamped \(StreamName.input(source.name)) → \(output) (document timestamp in field \(result.field), \(result.tokenBytes)-byte token from \(result.authority), \(result.bytesAdded) bytes added)"
        return CommandOutcome(json: Result(timestamp: result, time: UTCTime.iso8601(now)), lines: [line])
    }
}
