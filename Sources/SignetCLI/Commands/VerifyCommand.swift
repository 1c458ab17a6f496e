import FoundationEssentials
import Signet

/// `signet verify IN [--p7s SIG] [--ca PEM...]`: every signature of a PDF, or a detached one.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        summary: "check the signatures of a PDF, and every change made after them, or a detached .p7s signature",
        usage:
            "IN [--p7s SIG.p7s] [--ca CA.pem ...] [--no-trust] [--validation-time now|claimed|TIME] [--revocation none|offline|online] [--allow-overlays] [--verbose]",
        positionals: 1...1,
        options: [
            .value(.p7s, "FILE", "detached CMS signature of IN (from 'signet sign --detached')"),
            .value(
                .ca, "FILE", "trusted certificate(s), PEM; repeat for several. Without one no signer is trusted",
                repeatable: true),
            .flag(.noTrust, "judge integrity, changes and algorithms only; an untrusted signer can still pass"),
            .value(
                .validationTime, "WHEN",
                "judge certificates 'now' (default), at the 'claimed' signing time, or at YYYY-MM-DDTHH:MM:SSZ"),
            .flag(
                .allowWeakAlgorithms,
                "accept MD5, SHA-1, RSA and DSA under 2048 bits and EC under 256 bits (also in the chains)"),
            .choice(
                .revocation, "MODE", RevocationMode.self,
                "'offline' (default): check certificates against the OCSP responses and CRLs the file holds; 'online': fetch them too; 'none'"
            ),
            .flag(
                .allowOverlays,
                "skip the overlay check: annotations and signature widgets added after a signature are not compared with the signed page"
            ),
            .flag(.verbose, "also list every revision of the file"),
        ] + SecretInput.pdfPasswordSpecs,
        notes: [
            "Exit 0: every signature is intact, every later change is one it permits, its algorithms are allowed and its signer is trusted.",
            "Exit 3: anything else (the report says why). Exit 2: unreadable input.",
            "overlays: what was added after a signature is compared with the page as signed, rendered by signet-preview (installed beside signet); hidden signed content is not permitted, and a failed render makes the signature invalid.",
        ])

    struct Result: Encodable {
        var input: String
        var valid: Bool
        /// False for a PDF that holds no signature (exit 2).
        var signed = true
        var signatures: [SignatureReport]
        var timestamps: [TimestampEntry]
        var revisions: [RevisionReport]
        var overlayCheck: OverlayCheckStatus?

        enum CodingKeys: String, CodingKey {
            case input, valid, signed, signatures, timestamps, revisions
            case overlayCheck = "overlay_check"
        }
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        let cas = args.strings(.ca)
        let options = VerifyOptions(
            now: Date(), validationTime: try validationTime(args),
            anchors: cas.isEmpty ? nil : try TrustAnchors(files: cas),
            requireTrust: !args.flag(.noTrust), allowWeakAlgorithms: args.flag(.allowWeakAlgorithms),
            revocation: try revocationMode(args), online: try RevocationAccess.online())
        let content = StreamName.input(input)
        let result: Result
        if let p7s = args.string(.p7s) {
            if input == "-", p7s == "-" {
                throw UsageError(spec.name, "the content and --p7s cannot both come from standard input")
            }
            let signature = try PDFInput(input).open {
                try SignetAPI.verify(fileAt: $0, signatureAt: p7s, options: options)
            }
            result = Result(
                input: input, valid: signature.valid, signatures: [signature], timestamps: [], revisions: [])
        } else {
            let pdf = try PDFInput(input)
            do {
                let report = try SecretInput.withPDFPassword(args, context) { password in
                    try pdf.open { path in
                        let renderer = OverlayRenderer(
                            input: .file(path), password: password, secretVariables: context.secretVariables)
                        return try SignetAPI.verify(
                            pdfAt: path, password: password, options: options,
                            rendering: args.flag(.allowOverlays) ? .skipped : .renderer(renderer))
                    }
                }
                result = Result(
                    input: input, valid: report.valid, signatures: report.signatures, timestamps: report.timestamps,
                    revisions: report.revisions, overlayCheck: report.overlayCheck)
            } catch let error as PDFSignError where error.reason == .noSignatures {
                // Nothing to verify (exit 2); under --json still one object that says so.
                return CommandOutcome(
                    json: Result(
                        input: input, valid: false, signed: false, signatures: [], timestamps: [], revisions: []),
                    lines: [], verdict: error.kind, verdictMessage: FlagAdvice.line(error))
            }
        }
        var lines = result.signatures.flatMap { VerifyText.describe($0, content: content) }
        if args.flag(.verbose) { lines += result.revisions.flatMap(VerifyText.describe) }
        return CommandOutcome(
            json: result, lines: lines, verdict: result.valid ? nil : .rejected,
            verdictMessage: VerifyText.verdict(result.signatures, content: content))
    }

    static func revocationMode(_ args: Arguments) throws -> RevocationMode {
        try args.choice(.revocation, RevocationMode.self) ?? .offline
    }

    static func validationTime(_ args: Arguments) throws -> VerifyOptions.ValidationTime {
        guard let text = args.string(.validationTime) else { return .now }
        switch text {
        case "now": return .now
        case "claimed": return .claimed
        default:
            guard let date = UTCTime.parse(text) else {
                throw UsageError(
                    spec.name,
                    "--validation-time takes now, claimed or a UTC time such as 2026-01-31T12:00:00Z, not '\(text)'")
            }
            return .at(date)
        }
    }
}
