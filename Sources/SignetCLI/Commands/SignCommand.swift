import FoundationEssentials
import Signet

/// `signet sign IN -o OUT` (embedded PDF signature) or `signet sign IN --detached SIG.p7s` (any file).
enum SignCommand: Command {
    static let spec = CommandSpec(
        name: "sign",
        summary: "sign a PDF (embedded, incremental) or any file (detached CMS .p7s)",
        usage:
            "IN (-o OUT.pdf | --detached OUT.p7s) (--p12 FILE | --key FILE --cert FILE | --pkcs11-module PATH --pkcs11-token LABEL --pkcs11-key LABEL | --external-signer COMMAND --cert FILE) [options]  |  IN -o PREPARED.pdf --prepare [options]  |  PREPARED.pdf --complete --cms SIG.der -o OUT.pdf [--tsa URL] [--ltv]",
        positionals: 1...1,
        options: [
            .value(.output, "FILE", "signed PDF to write", short: "o"),
            .value(.detached, "FILE", "write only a detached CMS signature of IN (any file type) to FILE"),
        ] + IdentityFlags.options + SignatureFlags.specs + TimestampFlags.specs + [
            .flag(
                .ltv,
                "PAdES B-LT: then add a DSS with the certificates and OCSP responses (or CRLs) of the signer's and the TSA's chains, fetched from their URLs"
            ),
            RevocationAccess.certsSpec,
            .flag(
                .docTimestamp,
                "then add a document timestamp from the --tsa authority in a further incremental update (PAdES B-LTA)"),
        ] + TwoStepSigning.specs + ArtworkFlags.specs + EvidenceFlags.specs + [
            PageFlags.spec(
                "PAGE", "page of a visible signature: 1-based, negative counts from the end, first, last (default)")
        ] + PlacementFlags.specs + SignatureTextFlags.specs + SecretInput.signedPDFPasswordSpecs,
        notes: [
            "Without --image or --strokes the signature is invisible (/Rect [0 0 0 0]); with one of them it shows that artwork, placed like 'signet stamp' places it, upright on rotated pages, with the signer's name (--name, else the certificate's common name), the signing time in UTC (as in /M, to the minute) and --reason/--location as selectable text (--no-text leaves it out). The artwork and text together fit the placement; with --field they are fitted into the existing field's rectangle.",
            PlacementFlags.notes,
            "Signatures are CMS SignedData with SHA-256, DER, with the signed attributes content-type, message-digest and signing-certificate-v2.",
            "With --tsa the signature value is timestamped (RFC 3161, SHA-256 imprint, random nonce, certReq) and the checked token is added as the unsigned attribute id-aa-signatureTimeStampToken; the /Contents reserve includes a dry-run token from the same authority. Credentials never go on the command line: --tsa-credentials-env or --tsa-credentials-file.",
            "Example: SIGNET_PASS=... signet sign report.pdf --detached report.p7s --p12 me.p12 --password-env SIGNET_PASS",
            "With --external-signer the key stays wherever COMMAND reaches it (a cloud KMS, a remote signing service, a card): /bin/sh -c runs COMMAND once per signature (never for sizing), with the SHA-256 digest of the signed attributes as raw bytes on standard input and SIGNET_DIGEST_ALGORITHM (sha256) and SIGNET_SIGNATURE_ALGORITHM (rsa-pkcs1, rsa-pss with --pss, ecdsa; from --cert's key) in its environment; it writes the raw signature value (RSA bytes, DER ECDSA or r‖s) on standard output. The answer is checked against --cert's public key; a failure, a timeout, an empty or wrong answer writes nothing. Recipes: docs/cli.md.",
            "Token example: signet sign report.pdf -o signed.pdf --pkcs11-module /usr/lib/softhsm/libsofthsm2.so --pkcs11-token Signing --pkcs11-key ada --pin-file pin.txt",
        ])

    struct Result: Encodable {
        var input: String
        var output: String
        var mode: String
        var signer: String
        var chain: [String]
        var signingTime: String
        var bytes: Int
        var timestamped: Bool
        var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case input, output, mode, signer, chain, bytes, timestamped, warnings
            case signingTime = "signing_time"
        }
    }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        if let outcome = try TwoStepSigning.run(args, context) { return outcome }
        let input = args.positionals[0]
        let detached = args.string(.detached)
        if detached != nil {
            if args.string(.output) != nil {
                throw UsageError(spec.name, "--detached writes only the signature; leave out -o")
            }
            let pdfOnly =
                [
                    OptionName.pades, .certify, .docTimestamp, .ltv, SignatureTextFlags.flag, .pdfPasswordStdin,
                    .overSignedContent,
                ].filter(args.flag)
                + ([
                    OptionName.name, .reason, .location, .contactInfo, .field, .reserve, .image, .strokes, .pages, .at,
                    .size, .width, .certs, .pdfPasswordEnv, .pdfPasswordFile, .evidenceFor,
                ] + SignatureTextFlags.values)
                .filter { args.string($0) != nil }
            if let first = pdfOnly.first {
                throw UsageError(
                    spec.name,
                    "--\(first) is about PDF signatures; a --detached signature takes none of the PDF options")
            }
        } else if args.string(.output) == nil {
            throw UsageError(spec.name, "give -o OUT.pdf (or --detached OUT.p7s)")
        }
        try RevocationAccess.requireLTV(args)
        try OutputGuard.refuseOverwriting(
            [input]
                + [
                    OptionName.p12, .key, .cert, .chain, .passwordFile, .pinFile, .image, .strokes, .pdfPasswordFile,
                    .tsaCredentialsFile, .evidenceFor,
                ]
                .compactMap(
                    args.string),
            with: [detached ?? args.string(.output)].compactMap { $0 }, command: spec.name)
        let timestamp = try TimestampFlags.options(args)
        if args.flag(.docTimestamp), timestamp == nil {
            throw UsageError(spec.name, "--doc-timestamp needs --tsa URL (the authority that makes it)")
        }
        let network = try TimestampFlags.transport(args, context)
        let source = try PDFInput(input)
        let identity = try IdentityFlags.load(args, context)
        let now = Date()
        let warnings = try IdentityFlags.checkValidity(identity, at: now, args, context)
        guard let detached else {
            var options = try SignatureFlags.options(args, signingTime: now)
            options.timestamp = timestamp
            options.documentTimestamp = args.flag(.docTimestamp)
            return try signPDF(
                source, identity: identity, options: options, network: network, warnings: warnings, args, context)
        }
        let signature = try source.open {
            try SignetAPI.signDetached(
                fileAt: $0, to: detached, identity: identity, signingTime: now, timestamp: timestamp, now: now,
                network: network)
        }
        let result = Result(
            input: input, output: detached, mode: "detached", signer: identity.subject, chain: identity.chainSubjects,
            signingTime: UTCTime.iso8601(now), bytes: signature.count, timestamped: timestamp != nil,
            warnings: warnings)
        let stamped = timestamp == nil ? "" : ", timestamped"
        let line =
            "signed \(StreamName.input(input)) → \(detached) (detached CMS\(stamped), \(signature.count) bytes) as \(identity.subject)"
        return CommandOutcome(json: result, lines: [line], outputUsedStdout: detached == "-")
    }
}

extension SignCommand {
    struct PDFResult: Encodable {
        var signature: PDFSignResult
        var signer: String
        var signingTime: String
        var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case signature, signer, warnings
            case signingTime = "signing_time"
        }
    }

    static func signPDF(
        _ source: PDFInput, identity: SigningIdentity, options: PDFSignOptions, network: any HTTPTransport,
        warnings: [String], _ args: Arguments, _ context: CommandContext
    ) throws -> CommandOutcome {
        let output = try args.required(.output)
        let sealed = try EvidenceFlags.read(args)
        let appearance = try (sealed?.artwork ?? ArtworkFlags.read(args)).map {
            SignatureAppearance(
                artwork: $0, page: try PageFlags.one(args, last: .countsFromEnd),
                placement: try PlacementFlags.placement(args),
                text: try SignatureTextFlags.text(args, identity: identity, options: options),
                evidence: sealed?.evidence)
        }
        if appearance == nil,
            let name = ([OptionName.pages] + SignatureTextFlags.values).first(where: { args.string($0) != nil })
                ?? (args.flag(SignatureTextFlags.flag) ? SignatureTextFlags.flag : nil)
        {
            let what = name == .pages ? "places a visible signature" : "is about a visible signature's text"
            throw UsageError(spec.name, "--\(name) \(what); give --image or --strokes too")
        }
        var result = try SecretInput.withSignedPDFPassword(args, context) { password in
            try source.open {
                try SignetAPI.sign(
                    pdfAt: $0, to: output, password: password, identity: identity, options: options,
                    appearance: appearance, network: network,
                    ltv: args.flag(.ltv) ? try RevocationAccess.online(args) : nil,
                    renderer: OverlayRenderer.renderers(password: password, context))
            }
        }
        result.input = source.name
        context.noteRepaired(source.name, result.repaired)
        let input = StreamName.input(source.name)
        let what =
            (result.visible ? "visible signature on page \(result.page)" : "invisible signature")
            + " in field \(result.field)" + (result.timestamped ? ", timestamped" : "")
            + (sealed.map { ", pen dynamics sealed for \($0.evidence.examiner.subject)" } ?? "")
        let stamped = result.documentTimestamp.map { ", then document timestamp in field \($0.field)" } ?? ""
        let line =
            "signed \(input) → \(output) (\(what), \(result.subFilter), \(result.bytesAdded) bytes added\(stamped)) as \(identity.subject)"
        var lines = [line]
        if let ltv = result.ltv {
            lines.append(
                "  DSS: \(ltv.certificates) certificates, \(ltv.ocspResponses) OCSP responses, \(ltv.crls) CRLs added (\(ltv.bytesAdded) bytes)"
            )
        }
        return CommandOutcome(
            json: PDFResult(
                signature: result, signer: identity.subject, signingTime: UTCTime.iso8601(options.signingTime),
                warnings: warnings),
            lines: lines)
    }
}
