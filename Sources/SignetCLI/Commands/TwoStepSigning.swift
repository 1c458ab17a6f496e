import FoundationEssentials
import Signet

/// `signet sign IN -o PREPARED.pdf --prepare` and `signet sign PREPARED.pdf --complete --cms SIG.der
/// -o OUT.pdf`: the signature is made elsewhere, between the two runs, over the digest printed by
/// the first.
enum TwoStepSigning {
    static let specs: [OptionSpec] = [
        .flag(
            .prepare,
            "two-step signing: write OUT with the signature field, its appearance and a zero-filled /Contents (--reserve bytes, default \(TwoStepSigner.defaultReserve)), and print the SHA-256 digest over its /ByteRange for a CMS made elsewhere; no key"
        ),
        .value(.digestOut, "FILE", "with --prepare: also write the raw 32-byte digest to FILE"),
        .flag(
            .complete,
            "two-step signing: write OUT as IN (a file --prepare wrote) with the CMS of --cms in its /Contents, after checking it; --tsa timestamps the CMS first"
        ),
        .value(
            .cms, "FILE",
            "with --complete: the detached CMS SignedData (DER) whose messageDigest is the prepared digest"),
        .flag(
            .allowOtherName,
            "with --complete: accept a CMS whose signer's name (its certificate's common name) is not the --name the prepared signature shows"
        ),
    ]

    /// Options that name a key: neither step uses one.
    static let keyOptions = [
        OptionName.p12, .key, .cert, .chain, .pkcs11Module, .pkcs11Token, .pkcs11Key, .externalSigner,
        .externalTimeout, .passwordEnv, .passwordFile, .passwordStdin, .pinEnv, .pinFile, .pinStdin,
        .pss, .strict, .detached,
    ]

    /// The outcome of `--prepare` or `--complete`; `nil` when neither is given.
    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome? {
        let command = args.command
        guard args.flag(.prepare) || args.flag(.complete) else {
            if let option = given([OptionName.cms, .digestOut, .allowOtherName], args) {
                throw UsageError(command, "--\(option) goes with --prepare or --complete")
            }
            return nil
        }
        if args.flag(.prepare) && args.flag(.complete) {
            throw UsageError(command, "--prepare and --complete are the two steps; give one per run")
        }
        if let option = given(keyOptions, args) {
            throw UsageError(
                command,
                "--\(option) is not part of two-step signing: --prepare needs no key, and the CMS given to --complete was made with it"
            )
        }
        return args.flag(.prepare) ? try prepare(args, context) : try complete(args, context)
    }

    struct Prepared: Encodable {
        var input: String
        var output: String
        var field: String
        var page: Int
        var visible: Bool
        var byteRange: [Int]
        var reserved: Int
        var digestAlgorithm = "sha256"
        var digest: String

        enum CodingKeys: String, CodingKey {
            case input, output, field, page, visible, reserved, digest
            case byteRange = "byte_range"
            case digestAlgorithm = "digest_algorithm"
        }
    }

    static func prepare(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let command = args.command
        if args.flag(.allowOtherName) {
            throw UsageError(
                command, "--allow-other-name belongs to --complete, where the CMS's signer meets the prepared --name")
        }
        if let option = given(TimestampFlags.specs.map(\.name) + [OptionName.ltv, .certs, .docTimestamp, .cms], args) {
            throw UsageError(
                command,
                "--\(option) belongs to --complete (timestamps and validation data are added to the finished signature)"
            )
        }
        let input = args.positionals[0]
        let output = try args.required(.output)
        let digestOut = args.string(.digestOut)
        try OutputGuard.refuseOverwriting(
            [input] + [OptionName.image, .strokes].compactMap(args.string),
            with: [output] + (digestOut.map { [$0] } ?? []),
            command: command)
        let source = try PDFInput(input)
        let options = try SignatureFlags.options(args, signingTime: Date())
        let appearance = try ArtworkFlags.read(args).map { artwork in
            if options.name == nil, !args.flag(SignatureTextFlags.flag) {
                throw UsageError(
                    command,
                    "a visible signature shows the signer's name and --prepare reads no certificate: give --name, or --no-text"
                )
            }
            return SignatureAppearance(
                artwork: artwork, page: try PageFlags.one(args, last: .countsFromEnd),
                placement: try PlacementFlags.placement(args),
                text: try SignatureTextFlags.text(args, signer: options.name ?? "", options: options))
        }
        let prepared = try SecretInput.withSignedPDFPassword(args, context) { password in
            try source.open {
                try SignetAPI.prepareSignature(
                    pdfAt: $0, to: output, password: password, options: options, appearance: appearance,
                    renderer: OverlayRenderer.renderers(password: password, context))
            }
        }
        if let digestOut { try AtomicOutput.write(prepared.digest, to: digestOut) }
        let result = prepared.result
        let digest = Hex.encode(prepared.digest)
        let line =
            "prepared \(StreamName.input(input)) → \(output) (field \(result.field), \(result.reserved) bytes reserved for the CMS); sha256 digest over /ByteRange: \(digest)"
        return CommandOutcome(
            json: Prepared(
                input: input, output: output, field: result.field, page: result.page, visible: result.visible,
                byteRange: result.byteRange, reserved: result.reserved, digest: digest),
            lines: [line])
    }

    struct Completed: Encodable {
        var input: String
        var output: String
        var field: String
        var byteRange: [Int]
        var reserved: Int
        var signatureBytes: Int
        var signer: String?
        var timestamped: Bool
        var ltv: LTVUpdateResult?
        var documentTimestamp: DocumentTimestampResult?

        enum CodingKeys: String, CodingKey {
            case input, output, field, reserved, signer, timestamped, ltv
            case documentTimestamp = "document_timestamp"
            case byteRange = "byte_range"
            case signatureBytes = "signature_bytes"
        }
    }

    static func complete(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let command = args.command
        let prepareOnly =
            ArtworkFlags.specs.map(\.name) + PlacementFlags.specs.map(\.name) + SignatureFlags.specs.map(\.name)
            + SignatureTextFlags.specs.map(\.name) + [OptionName.pages, .digestOut]
        if let option = given(prepareOnly, args) {
            throw UsageError(
                command, "--\(option) belongs to --prepare: the prepared file already holds the signature's field")
        }
        let input = args.positionals[0]
        let output = try args.required(.output)
        let cmsPath = try args.required(.cms)
        try OutputGuard.refuseOverwriting([input, cmsPath], with: [output], command: command)
        let cms = try InputFile.read(cmsPath, limit: PDFSignOptions.maxReserve)
        let now = Date()
        let network = try TimestampFlags.transport(args, context)
        let timestamp = try TimestampFlags.options(args)
        try RevocationAccess.requireLTV(args)
        if args.flag(.docTimestamp), timestamp == nil {
            throw UsageError(command, "--doc-timestamp needs --tsa URL (the authority that makes it)")
        }
        let ltv = try args.flag(.ltv) ? RevocationAccess.online(args) : nil
        let source = try PDFInput(input)
        let completed = try SecretInput.withSignedPDFPassword(args, context) { password in
            try source.open {
                try SignetAPI.completeSignature(
                    preparedAt: $0, cms: cms, cmsName: cmsPath, to: output, password: password, timestamp: timestamp,
                    network: network, ltv: ltv, documentTimestamp: args.flag(.docTimestamp),
                    allowOtherName: args.flag(.allowOtherName), now: now)
            }
        }
        var stamped = completed.timestamped ? ", timestamped" : ""
        if let ltv = completed.after.ltv {
            stamped +=
                ", then DSS with \(ltv.certificates) certificates, \(ltv.ocspResponses) OCSP responses, \(ltv.crls) CRLs"
        }
        if let timestamp = completed.after.documentTimestamp {
            stamped += ", then document timestamp in field \(timestamp.field)"
        }
        let line =
            "completed \(StreamName.input(input)) → \(output) (field \(completed.field), CMS of \(completed.signatureBytes) of \(completed.reserved) reserved bytes\(stamped)) signed by \(completed.signer ?? "a signer whose certificate the CMS does not carry")"
        return CommandOutcome(
            json: Completed(
                input: input, output: output, field: completed.field, byteRange: completed.byteRange.values,
                reserved: completed.reserved, signatureBytes: completed.signatureBytes, signer: completed.signer,
                timestamped: completed.timestamped, ltv: completed.after.ltv,
                documentTimestamp: completed.after.documentTimestamp),
            lines: [line])
    }

    /// The first of `names` given as a value or a flag.
    private static func given(_ names: [OptionName], _ args: Arguments) -> OptionName? {
        names.first { args.string($0) != nil || args.flag($0) }
    }
}
