import FoundationEssentials
import Signet

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
        let folder = output.hasSuffix("/") || InputFile.isDirectory(output)
        let given = try SecretInput.secret(args, context, .password)
        let key = try SecretInput.asking(given, when: EvidenceReason.keyPasswordNeeded, "Password", args, context) {
            try EvidenceKey.pem(keyPath: keyPath, certificatePath: certificate, password: $0)
        }
        let extraction = try SecretInput.withSignedPDFPassword(args, context) {
            try SignetAPI.evidenceExtraction(pdfAt: input, password: $0, key: key)
        }
        let found = extraction.opened
        guard folder || found.count == 1 else {
            throw UsageError(
                spec.name,
                "\(input) has \(found.count) signatures with evidence; give -o a folder (ending in /) to write them all"
            )
        }
        guard folder || jsonPath(for: output) != output else {
            throw UsageError(
                spec.name,
                "-o \(output) would hold the record and the strokes both: give the record another extension (.iso), the strokes go beside it as .json"
            )
        }
        let targets = found.map { item -> (record: String, strokes: String) in
            guard folder else { return (output, jsonPath(for: output)) }
            let base = (output.hasSuffix("/") ? output : output + "/") + "signature-\(item.signature)"
            return (base + ".iso", base + ".json")
        }
        try OutputGuard.refuseOverwriting(
            [input, keyPath] + [certificate].compactMap { $0 }, with: targets.flatMap { [$0.record, $0.strokes] },
            command: spec.name)
        if folder { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        var written: [Extracted] = []
        for (item, target) in zip(found, targets) {
            let drawing = try ISO19794_7.decode(item.record, name: "\(input), signature \(item.signature)")
            // Biometric data: readable by the examiner only.
            try AtomicOutput.write(item.record, to: target.record, ownerOnly: true)
            try AtomicOutput.write(SignetJSONWriter.json(drawing), to: target.strokes, ownerOnly: true)
            written.append(
                Extracted(
                    signature: item.signature, field: item.field, record: target.record, strokes: target.strokes,
                    bytes: item.record.count, examiner: item.binding.examiner,
                    documentSHA256: hex(item.binding.documentDigest),
                    appearanceSHA256: hex(item.binding.appearanceDigest)))
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

    /// FILE with `.json` for its extension (`sig.iso` → `sig.json`; `sig` → `sig.json`).
    private static func jsonPath(for file: String) -> String {
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return file + ".json" }
        return String(file.dropLast(name.distance(from: dot, to: name.endIndex))) + ".json"
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
