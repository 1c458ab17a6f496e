import FoundationEssentials
import Signet
import SignetCore

/// `signet evidence extract SIGNED.pdf --key EXAMINER.key [--cert EXAMINER.pem] -o DIR|FILE`.
extension EvidenceCommand {
    /// The options `extract` adds to the group's.
    static let extractSpecs: [OptionSpec] =
        [
            .value(.key, "FILE", "extract: the examiner's PEM private key (PKCS#8 or traditional, encrypted or not)"),
            .value(.cert, "FILE", "extract: the examiner's certificate, which picks the envelope's recipient"),
        ] + SecretInput.passwordSpecs + SecretInput.signedPDFPasswordSpecs

    /// What `extract` wrote, per signature.
    struct Extracted: Encodable {
        var signature: Int
        var field: String
        var record: String
        var strokes: String
        var bytes: Int
        var examiner: String
        var documentSHA256: String
        var appearanceSHA256: String

        enum CodingKeys: String, CodingKey {
            case signature, field, record, strokes, bytes, examiner
            case documentSHA256 = "document_sha256"
            case appearanceSHA256 = "appearance_sha256"
        }
    }

    /// Evidence sealed for another examiner, left closed.
    struct Skipped: Encodable {
        var signature: Int
        var field: String
        var recipients: [String]
    }

    struct ExtractResult: Encodable {
        var input: String
        var evidence: [Extracted]
        var skipped: [Skipped]
    }

    static func extract(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        guard args.positionals.count == 2 else {
            throw UsageError(spec.name, "extract takes one signed PDF, not \(args.positionals.count - 1)")
        }
        let input = args.positionals[1]
        let output = try args.required(.output)
        guard output != "-" else {
            throw UsageError(
                spec.name,
                "extract writes a record and its strokes, two files: give -o a folder (ending in /) or a file, not '-'")
        }
        guard let keyPath = args.string(.key) else {
            throw UsageError(spec.name, "extract needs the examiner's key: --key EXAMINER.key")
        }
        let certificate = args.string(.cert)
        let destination = EvidenceDestination(output: output)
        let given = try SecretInput.secret(args, context, .password)
        let key = try SecretInput.asking(given, when: EvidenceReason.keyPasswordNeeded, "Password", args, context) {
            try EvidenceKey.pem(keyPath: keyPath, certificatePath: certificate, password: $0)
        }
        let extraction = try SecretInput.withSignedPDFPassword(args, context) {
            let reader = OverlayRenderer(input: .file(input), password: $0, secretVariables: context.secretVariables)
            return try SignetAPI.evidenceExtraction(
                pdfAt: input, password: $0, key: key, rendering: .renderer(reader))
        }
        let found = extraction.opened
        guard destination.isFolder || found.count == 1 else {
            throw UsageError(
                spec.name,
                "\(input) has \(found.count) signatures with evidence; give -o a folder (ending in /) to write them all"
            )
        }
        guard destination.separatesRecordAndStrokes else {
            throw UsageError(
                spec.name,
                "-o \(output) would hold the record and the strokes both: give the record another extension (.iso), the strokes go beside it as .json"
            )
        }
        try OutputGuard.refuseOverwriting(
            [input, keyPath] + [certificate].compactMap { $0 },
            with: found.flatMap { item -> [String] in
                let target = destination.paths(for: item.signature)
                return [target.record, target.strokes]
            },
            command: spec.name)
        let written = try SignetAPI.writeEvidence(found, to: destination, from: input).map {
            Extracted(
                signature: $0.evidence.signature, field: $0.evidence.field, record: $0.record, strokes: $0.strokes,
                bytes: $0.bytes, examiner: $0.evidence.binding.examiner,
                documentSHA256: $0.evidence.binding.documentDigest.hexDigits,
                appearanceSHA256: $0.evidence.binding.appearanceDigest.hexDigits)
        }
        let skipped = extraction.skipped.map {
            Skipped(signature: $0.signature, field: $0.field, recipients: $0.recipients)
        }
        let lines =
            written.map {
                "\(StreamName.input(input)) signature \($0.signature) (field \($0.field)): evidence opened and bound to the revision it signs, its signer and the appearance it shows → \($0.record) (ISO/IEC 19794-7, \($0.bytes) bytes), \($0.strokes)"
            }
            + skipped.map {
                "\(StreamName.input(input)) signature \($0.signature) (field \($0.field)): evidence sealed for \($0.recipients.joined(separator: " and ")), not this key: left closed"
            }
        return CommandOutcome(json: ExtractResult(input: input, evidence: written, skipped: skipped), lines: lines)
    }
}
