import Signet

/// A key on a PKCS#11 token: `--pkcs11-module PATH --pkcs11-token LABEL --pkcs11-key LABEL`, the
/// PIN from `--pin-env VAR`, `--pin-file FILE` or `--pin-stdin` (never the command line), and the
/// certificate from the token or `--cert`/`--chain`. `--pss` applies to file keys too.
enum TokenFlags {
    static let options: [OptionSpec] = [
        .value(.pkcs11Module, "PATH", "PKCS#11 module of a token (e.g. /usr/lib/softhsm/libsofthsm2.so)"),
        .value(.pkcs11Token, "LABEL", "label of the token that holds the key"),
        .value(.pkcs11Key, "LABEL", "label of the private key on the token; it signs there and never leaves it"),
        .value(.pinEnv, "VAR", "read the token's user PIN from environment variable VAR"),
        .value(.pinFile, "FILE", "read the token's user PIN from FILE (one trailing line break is ignored)"),
        .flag(.pinStdin, "read the token's user PIN from standard input"),
        .flag(.pss, "sign with RSASSA-PSS (SHA-256, MGF1, 32-byte salt) instead of PKCS#1 v1.5; RSA keys only"),
    ]

    /// The token identity the options name; `nil` when no `--pkcs11-…` option is given.
    static func load(_ args: Arguments, _ context: CommandContext) throws -> SigningIdentity? {
        let pinOptions =
            [OptionName.pinEnv, .pinFile].filter { args.string($0) != nil }
            + (args.flag(.pinStdin) ? [OptionName.pinStdin] : [])
        guard let module = args.string(.pkcs11Module) else {
            if let option = [OptionName.pkcs11Token, .pkcs11Key].first(where: { args.string($0) != nil })
                ?? pinOptions.first
            {
                throw UsageError(args.command, "--\(option) goes with --pkcs11-module PATH (a key on a PKCS#11 token)")
            }
            return nil
        }
        guard let token = args.string(.pkcs11Token), let key = args.string(.pkcs11Key) else {
            throw UsageError(args.command, "--pkcs11-module needs --pkcs11-token LABEL and --pkcs11-key LABEL")
        }
        let fileOptions = [OptionName.p12, .key, .passwordEnv, .passwordFile].filter { args.string($0) != nil }
        if let option = fileOptions.first ?? (args.flag(.passwordStdin) ? OptionName.passwordStdin : nil) {
            throw UsageError(
                args.command,
                "--\(option) is for key files; a token key takes its PIN from --pin-env, --pin-file or --pin-stdin")
        }
        let pin = try SecretInput.secret(args, context, .pin)
        return try SecretInput.asking(pin, when: TokenReason.pinNeeded, "PIN", args, context) {
            try SigningIdentity.pkcs11(
                module: module, token: token, key: key, pin: $0, certificatePath: args.string(.cert),
                chainPath: args.string(.chain))
        }
    }
}
