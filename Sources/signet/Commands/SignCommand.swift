import Foundation
import Signet

/// `signet sign IN -o OUT` (embedded PDF signature) or `signet sign IN --detached SIG.p7s` (any file).
enum SignCommand: Command {
    static let spec = CommandSpec(
        name: "sign",
        summary: "sign a PDF (embedded, incremental) or any file (detached CMS .p7s)",
        usage: "IN (-o OUT.pdf | --detached OUT.p7s) (--p12 FILE | --key FILE --cert FILE) [options]",
        positionals: 1...1,
        options: [
            .value("output", "FILE", "signed PDF to write", short: "o"),
            .value("detached", "FILE", "write only a detached CMS signature of IN (any file type) to FILE"),
        ] + IdentityOptions.options + [
            .flag("strict", "refuse a certificate that is expired or not yet valid (default: warn)"),
        ],
        notes: [
            "Signatures are CMS SignedData with SHA-256, DER, with the signed attributes content-type, message-digest and signing-certificate-v2.",
            "Example: SIGNET_PASS=... signet sign report.pdf --detached report.p7s --p12 me.p12 --password-env SIGNET_PASS",
        ])

    struct Result: Encodable {
        var input: String
        var output: String
        var mode: String
        var signer: String
        var chain: [String]
        var signingTime: String
        var bytes: Int
        var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case input, output, mode, signer, chain, bytes, warnings
            case signingTime = "signing_time"
        }
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        guard let detached = args.string("detached") else {
            throw UsageError(spec.name, "give --detached OUT.p7s")
        }
        if args.string("output") != nil { throw UsageError(spec.name, "--detached writes only the signature; leave out -o") }
        let identity = try IdentityOptions.load(args, context)
        let now = Date()
        var warnings: [String] = []
        if let warning = try identity.checkValidity(at: now, strict: args.flag("strict"), source: args.string("p12") ?? args.string("cert") ?? "") {
            context.warn(warning)
            warnings.append(warning)
        }
        let signature = try DetachedSigner.sign(contentOf: input, identity: identity, signingTime: now)
        try AtomicOutput.write(signature, to: detached)
        let result = Result(
            input: input, output: detached, mode: "detached", signer: identity.subject, chain: identity.chainSubjects,
            signingTime: ISO8601DateFormatter().string(from: now), bytes: signature.count, warnings: warnings)
        let line = "signed \(input) → \(detached) (detached CMS, \(signature.count) bytes) as \(identity.subject)"
        return CommandOutcome(json: result, lines: [line], outputUsedStdout: detached == "-")
    }
}
