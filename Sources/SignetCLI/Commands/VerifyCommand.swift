import FoundationEssentials
import Signet

/// `signet verify IN [--p7s SIG] [--ca PEM...]`: every signature of a PDF, or a detached one.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        summary: "check the signatures of a PDF, or a detached .p7s signature of any file",
        usage: "IN [--p7s SIG.p7s] [--ca CA.pem ...]",
        positionals: 1...1,
        options: [
            .value("p7s", "FILE", "detached CMS signature of IN (from 'signet sign --detached')"),
            .value("ca", "FILE", "trusted certificate(s), PEM; repeat for several (without it the chain is not judged)", repeatable: true),
        ] + SecretInput.pdfPasswordSpecs,
        notes: [
            "Exit 0: every signature is valid and the signed bytes are intact (later revisions may only add signatures).",
            "Exit 3: a signature is invalid, untrusted, or the file was changed in other ways after signing. Exit 2: unreadable input.",
        ])

    struct Result: Encodable {
        var input: String
        var valid: Bool
        var signatures: [SignatureReport]
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        let anchors = try args.strings("ca").isEmpty ? nil : TrustAnchors(files: args.strings("ca"))
        let now = Date()
        let reports: [SignatureReport]
        if let p7s = args.string("p7s") {
            if input == "-", p7s == "-" { throw UsageError(spec.name, "the content and --p7s cannot both come from standard input") }
            let content = try PDFInput(input)
            reports = [try content.openForSigning { try SignetJob.verify(fileAt: $0, signatureAt: p7s, trusting: anchors, now: now) }]
        } else {
            let password = try SecretInput.read(args, context)
            let pdf = try PDFInput(input)
            reports = try pdf.openForSigning { try SignetJob.verify(pdfAt: $0, password: password, trusting: anchors, now: now) }
        }
        let valid = reports.allSatisfy(\.valid)
        let content = input == "-" ? "standard input" : input
        return CommandOutcome(
            json: Result(input: input, valid: valid, signatures: reports),
            lines: reports.flatMap { describe($0, content: content) },
            verdict: valid ? nil : .rejected, verdictMessage: verdict(reports, content: content))
    }

    /// The one line on stderr when a signature is not valid: the first invalid one and its first problem.
    static func verdict(_ reports: [SignatureReport], content: String) -> String? {
        guard let first = reports.first(where: { !$0.valid }) else { return nil }
        let invalid = reports.filter { !$0.valid }.count
        let which = reports.count == 1 ? "its signature is" : "\(invalid) of its \(reports.count) signatures \(invalid == 1 ? "is" : "are")"
        let why = first.problems.first.map { " (signature \(first.index): \($0))" } ?? ""
        return "\(content): \(which) INVALID\(why); the report on standard output lists every check."
    }

    /// Two to four lines per signature: verdict and signer, then each check.
    static func describe(_ r: SignatureReport, content: String) -> [String] {
        let name = r.field.map { "signature \(r.index) (field \($0))" } ?? "signature \(r.index)"
        let who = r.signer?.subject ?? "an unknown signer"
        let when = r.signingTime.map { " at \($0) (\(r.signingTimeSource?.rawValue ?? "?"))" } ?? ""
        var lines = ["\(name): \(r.valid ? "VALID" : "INVALID") — signed by \(who)\(when)"]
        let coverage: String
        switch r.coverage {
        case .wholeFile: coverage = "the whole file except the signature itself"
        case .earlierRevision:
            coverage = r.laterChanges.isEmpty
                ? "an earlier revision; later revisions only add signatures"
                : "an earlier revision; later revisions CHANGED \(r.laterChanges.joined(separator: ", "))"
        case .incomplete: coverage = "NOT the whole file"
        case .detachedContent: coverage = "all of \(content)"
        }
        let byteRange = r.byteRange.map { " ByteRange \($0.map(String.init).joined(separator: " "))," } ?? ""
        lines.append("  covers\(byteRange) \(coverage); \(r.digestAlgorithm) digest \(r.digestMatches ? "matches" : "DOES NOT MATCH"); signature \(r.signatureVerifies ? "verifies" : "DOES NOT VERIFY")")
        let trust: String
        switch r.trust {
        case .trusted: trust = "chain trusted (--ca)"
        case .untrusted: trust = "chain NOT trusted (\(r.trustDetail ?? "?"))"
        case .noCAGiven: trust = "chain not judged (no --ca given)"
        }
        lines.append("  certificate \(r.certificateValidity?.rawValue ?? "unknown") at signing time; \(trust)")
        for problem in r.problems { lines.append("  problem: \(problem)") }
        return lines
    }
}
