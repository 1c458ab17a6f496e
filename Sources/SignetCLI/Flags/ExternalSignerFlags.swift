import Signet

/// A key that signs outside Signet: `--external-signer 'COMMAND ARGS…' --cert CERT.pem
/// [--chain CHAIN.pem] [--external-timeout SECONDS]`. The command is run by `/bin/sh -c`, once
/// per signature, with the digest on standard input; it answers with the raw signature value.
enum ExternalSignerFlags {
    static let options: [OptionSpec] = [
        .value(
            .externalSigner, "COMMAND",
            "sign with a command (run by /bin/sh -c): it gets the digest on standard input and SIGNET_DIGEST_ALGORITHM, SIGNET_SIGNATURE_ALGORITHM in its environment, and writes the raw signature on standard output; needs --cert"
        ),
        .value(
            .externalTimeout, "SECONDS",
            "stop the --external-signer command after this long (default \(Int(defaultTimeout)))"),
    ]

    /// How long a command may take to sign when `--external-timeout` is not given.
    static let defaultTimeout = 60.0
    /// The most a command may write: far more than any signature value.
    static let answerLimit = 1 << 16

    /// The external identity the options name; `nil` without `--external-signer`.
    static func load(_ args: Arguments, _ context: CommandContext) throws -> SigningIdentity? {
        guard let command = args.string(.externalSigner) else {
            if args.string(.externalTimeout) != nil {
                throw UsageError(args.command, "--external-timeout goes with --external-signer COMMAND")
            }
            return nil
        }
        let keyOptions = [OptionName.p12, .key, .pkcs11Module, .passwordEnv, .passwordFile, .pinEnv, .pinFile]
        if let option = keyOptions.first(where: { args.string($0) != nil })
            ?? [OptionName.passwordStdin, .pinStdin].first(where: args.flag)
        {
            throw UsageError(
                args.command, "--\(option) names a key or its secret; with --external-signer the command holds the key")
        }
        guard let certificate = args.string(.cert) else {
            throw UsageError(args.command, "--external-signer needs --cert CERT.pem (the certificate of its key)")
        }
        guard !command.allSatisfy(\.isWhitespace) else {
            throw UsageError(args.command, "--external-signer needs a command to run")
        }
        let timeout = try args.double(.externalTimeout, in: 0.001...86_400) ?? defaultTimeout
        let program = command.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? command
        let name = "external signer '\(program)'"
        // The variables holding the input PDF's password or the TSA's credentials are Signet's, not the command's.
        let secrets = context.secretVariables
        return try SigningIdentity.external(certificatePath: certificate, chainPath: args.string(.chain), name: name) {
            try run(command, name: name, timeout: timeout, withholding: secrets, request: $0)
        }
    }

    /// Runs `command` for one signature, without the environment variables `secrets`, and returns
    /// what it wrote on standard output. Its standard error is counted, never kept: it is the
    /// signer's, and may hold the signer's own secrets (a PIN, a token), which no message may quote.
    private static func run(
        _ command: String, name: String, timeout: Double, withholding secrets: Set<String>,
        request: ExternalSignatureRequest
    ) throws
        -> [UInt8]
    {
        var answer: [UInt8] = []
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(
                "/bin/sh", ["-c", command], withholding: secrets, input: request.digest,
                environment: [
                    "SIGNET_DIGEST_ALGORITHM": request.digestAlgorithm.rawValue,
                    "SIGNET_SIGNATURE_ALGORITHM": request.signatureAlgorithm.rawValue,
                ],
                timeout: timeout, errorLimit: 0
            ) { chunk in
                if answer.count <= answerLimit { answer += chunk }
            }
        } catch {
            throw ExternalSignerError(name, .cannotStart(detail: "\(error)"))
        }
        if result.timedOut {
            throw ExternalSignerError(name, .timedOut(seconds: timeout, errorBytes: result.errorByteCount))
        }
        guard result.status == 0 else {
            throw ExternalSignerError(name, .exited(status: result.status, errorBytes: result.errorByteCount))
        }
        guard !answer.isEmpty else {
            throw ExternalSignerError(name, .emptyAnswer(errorBytes: result.errorByteCount))
        }
        return answer
    }
}
