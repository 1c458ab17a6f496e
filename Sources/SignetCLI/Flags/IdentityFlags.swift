import FoundationEssentials
import Signet

/// `--p12 FILE`, `--key FILE --cert FILE [--chain FILE]` with the password options, or a key on a
/// PKCS#11 token (`--pkcs11-module`, `--pkcs11-token`, `--pkcs11-key`) with the PIN options, or a
/// key anywhere else signing through a command (`--external-signer` with `--cert`).
enum IdentityFlags {
    static let options: [OptionSpec] =
        [
            .value(.p12, "FILE", "PKCS#12 bundle (.p12/.pfx) with the key, its certificate and the chain"),
            .value(.key, "FILE", "PEM private key (PKCS#8 or traditional, encrypted or not); needs --cert"),
            .value(.cert, "FILE", "PEM certificate(s) for --key (the one matching the key signs) or for a token key"),
            .value(.chain, "FILE", "PEM certificates to carry in the signature (intermediates, root)"),
        ] + SecretInput.passwordSpecs + TokenFlags.options + ExternalSignerFlags.options

    static func load(_ args: Arguments, _ context: CommandContext) throws -> SigningIdentity {
        let identity = try loadKey(args, context)
        return args.flag(.pss) ? try identity.withRSAPadding(.pss) : identity
    }

    private static func loadKey(_ args: Arguments, _ context: CommandContext) throws -> SigningIdentity {
        if let external = try ExternalSignerFlags.load(args, context) { return external }
        if let token = try TokenFlags.load(args, context) { return token }
        let given = try SecretInput.secret(args, context, .password)
        if let p12 = args.string(.p12) {
            guard args.string(.key) == nil, args.string(.cert) == nil else {
                throw UsageError(args.command, "give either --p12 or --key with --cert, not both")
            }
            if args.string(.chain) != nil {
                throw UsageError(args.command, "--chain goes with --key/--cert; a PKCS#12 bundle carries its own chain")
            }
            return try SecretInput.asking(given, when: SignReason.passwordNeeded, "Password", args, context) {
                try SigningIdentity.pkcs12(path: p12, password: $0)
            }
        }
        guard let key = args.string(.key), let cert = args.string(.cert) else {
            throw UsageError(args.command, "say who signs: --p12 FILE, or --key FILE with --cert FILE")
        }
        return try SecretInput.asking(given, when: SignReason.passwordNeeded, "Password", args, context) {
            try SigningIdentity.pem(keyPath: key, certificatePath: cert, chainPath: args.string(.chain), password: $0)
        }
    }

    /// `--strict` refuses a certificate that is not valid at `signingTime`; otherwise the warning
    /// is shown and returned (for the JSON result).
    static func checkValidity(
        _ identity: SigningIdentity, at signingTime: Date, _ args: Arguments, _ context: CommandContext
    ) throws
        -> [String]
    {
        let source =
            args.string(.p12) ?? args.string(.cert) ?? args.string(.pkcs11Token).map { "token '\($0)'" } ?? ""
        guard let warning = try identity.checkValidity(at: signingTime, strict: args.flag(.strict), source: source)
        else { return [] }
        let line = FlagAdvice.line(warning)
        context.warn(line)
        return [line]
    }
}
