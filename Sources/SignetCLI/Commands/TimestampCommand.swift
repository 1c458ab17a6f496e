import FoundationEssentials
import Signet

/// `signet timestamp IN -o OUT --tsa URL`: a document timestamp appended to an existing PDF.
enum TimestampCommand: Command {
    static let spec = CommandSpec(
        name: "timestamp",
        summary:
            "add validation data and/or a document timestamp to a PDF (incremental: existing bytes and signatures untouched)",
        usage: "IN -o OUT.pdf (--tsa URL | --ltv | --ltv --tsa URL) [options]",
        positionals: 1...1,
        options: [
            .value(.output, "FILE", "timestamped PDF to write", short: "o"),
            .flag(
                .ltv,
                "first add a DSS with the certificates and OCSP responses (or CRLs) of every signature and timestamp not yet covered (PAdES B-LT)"
            ),
            RevocationAccess.certsSpec,
        ] + TimestampFlags.specs + SecretInput.pdfPasswordSpecs,
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
        let output = try args.required(.output)
        let timestamp = try TimestampFlags.options(args)
        try RevocationAccess.requireLTV(args)
        guard timestamp != nil || args.flag(.ltv) else {
            throw UsageError(spec.name, "give --tsa URL (the authority that makes the timestamp), --ltv, or both")
        }
        try OutputGuard.refuseOverwriting(
            [input] + [OptionName.tsaCredentialsFile, .passwordFile].compactMap(args.string), with: [output],
            command: spec.name)
        let network = try TimestampFlags.transport(args, context)
        let source = try PDFInput(input)
        let now = Date()
        if args.flag(.ltv) {
            return try SecretInput.withPDFPassword(args, context) { password in
                try addValidationData(
                    source, output: output, password: password, timestamp: timestamp, now: now, network: network,
                    access: try RevocationAccess.online(args), context)
            }
        }
        guard let timestamp else { throw UsageError(spec.name, "give --tsa URL") }
        var result = try SecretInput.withPDFPassword(args, context) { password in
            try source.open {
                try SignetAPI.timestamp(
                    pdfAt: $0, to: output, password: password, timestamp: timestamp, now: now, network: network,
                    renderer: OverlayRenderer.renderers(password: password, context))
            }
        }
        result.input = source.name
        let line =
            "timestamped \(StreamName.input(source.name)) → \(output) (document timestamp in field \(result.field), \(result.tokenBytes)-byte token from \(result.authority), \(result.bytesAdded) bytes added)"
        return CommandOutcome(json: Result(timestamp: result, time: UTCTime.iso8601(now)), lines: [line])
    }

    /// `--ltv` (and `--tsa`): the DSS update, then the document timestamp when asked.
    static func addValidationData(
        _ source: PDFInput, output: String, password: Secret?, timestamp: TimestampOptions?, now: Date,
        network: any HTTPTransport, access: OnlineRevocation, _ context: CommandContext
    ) throws -> CommandOutcome {
        let result = try source.open {
            try SignetAPI.addValidationData(
                pdfAt: $0, to: output, password: password, ltv: access, now: now, timestamp: timestamp,
                network: network, renderer: OverlayRenderer.renderers(password: password, context))
        }
        let ltv = result.ltv
        var lines = [
            "\(StreamName.input(source.name)) → \(output): DSS \(ltv.vriEntries) VRI entries, \(ltv.certificates) certificates, \(ltv.ocspResponses) OCSP responses, \(ltv.crls) CRLs added (\(ltv.bytesAdded) bytes)"
        ]
        if let stamp = result.documentTimestamp {
            lines.append(
                "  then document timestamp in field \(stamp.field) from \(stamp.authority), \(stamp.bytesAdded) bytes added"
            )
        }
        return CommandOutcome(json: result, lines: lines)
    }
}
