import Glibc
import Signet

/// Reads secrets (passwords) the safe ways: from an environment variable, a file or standard
/// input — never from the command line, where other users could see them in the process list.
/// No option means no password; an empty variable or file means the empty password. One
/// trailing line break (`\n` or `\r\n`) of a file or of standard input is not part of it.
package enum SecretInput {
    /// `--password-env VAR` and `--password-file FILE` for commands that open PDFs.
    package static let pdfPasswordSpecs: [OptionSpec] = [
        .value(.passwordEnv, "VAR", "read the PDF password from environment variable VAR"),
        .value(.passwordFile, "FILE", "read the PDF password from FILE (one trailing line break is ignored)"),
    ]

    /// `--pdf-password-env VAR` and `--pdf-password-file FILE` for commands whose `--password-*`
    /// opens the signing key (`sign`, `pipeline`).
    package static let signedPDFPasswordSpecs: [OptionSpec] = [
        .value(.pdfPasswordEnv, "VAR", "read the password of an encrypted input PDF from environment variable VAR"),
        .value(.pdfPasswordFile, "FILE", "read the password of an encrypted input PDF from FILE"),
    ]

    /// The PDF password of `sign` and `pipeline`, and their sentence when an encrypted input needs
    /// one (the PDF stage's own names stamp's `--password-*`, which here open the key).
    static func signedPDFPassword(_ args: Arguments, _ context: CommandContext) throws -> Secret? {
        try read(args, context, .signedPDFPassword)
    }

    static func namingPDFPassword<T>(_ command: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PDFError where error.reason == .passwordNeeded {
            throw UsageError(
                command,
                "\(StreamName.input(error.context ?? "-")): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR or --pdf-password-file FILE"
            )
        }
    }

    /// The same plus `--password-stdin`, for commands whose password opens a key or a bundle.
    static let passwordSpecs: [OptionSpec] = [
        .value(.passwordEnv, "VAR", "read the password from environment variable VAR"),
        .value(.passwordFile, "FILE", "read the password from FILE (one trailing line break is ignored)"),
        .flag(.passwordStdin, "read the password from standard input"),
    ]

    /// The options one secret may come from: `--<what>-env`, `--<what>-file` and perhaps
    /// `--<what>-stdin`.
    package struct Source: Sendable {
        /// What the secret is called in messages ("password", "pin").
        let what: String
        let env: OptionName
        let file: OptionName
        var stdin: OptionName? = nil

        /// A key's or a bundle's password, which standard input may carry.
        static let password = Source(what: "password", env: .passwordEnv, file: .passwordFile, stdin: .passwordStdin)
        /// A PDF's password.
        static let pdfPassword = Source(what: "password", env: .passwordEnv, file: .passwordFile)
        /// The PDF's password of `signet sign` and `pipeline`, whose `--password-*` open the key.
        static let signedPDFPassword = Source(what: "pdf-password", env: .pdfPasswordEnv, file: .pdfPasswordFile)
        /// A token's user PIN.
        static let pin = Source(what: "pin", env: .pinEnv, file: .pinFile, stdin: .pinStdin)
        /// A timestamp authority's credentials.
        static let tsaCredentials = Source(what: "tsa-credentials", env: .tsaCredentialsEnv, file: .tsaCredentialsFile)
    }

    /// Secrets are short; anything longer is not a password file.
    static let maxBytes = 4096

    /// The secret named by `source`'s environment variable, file or (when it has one and it is
    /// set) standard input, as bytes that are wiped when released; nil when none is given.
    /// At most one source may be given.
    static func secret(_ args: Arguments, _ context: CommandContext, _ source: Source) throws -> Secret? {
        let prefix = source.what, stdinOption = source.stdin
        let env = args.string(source.env), file = args.string(source.file)
        let stdin = stdinOption.map(args.flag) ?? false
        guard [env != nil, file != nil, stdin].filter({ $0 }).count <= 1 else {
            throw UsageError(
                args.command,
                "give the \(prefix) only one way (--\(source.env), --\(source.file)\(stdinOption.map { " or --\($0)" } ?? ""))"
            )
        }
        if let env {
            guard let value = context.environment[env] else {
                throw UsageError(args.command, "the environment variable \(env) named by --\(source.env) is not set")
            }
            var bytes = Array(value.utf8)
            return Secret(taking: &bytes)
        }
        guard let path = file ?? (stdin ? "-" : nil) else { return nil }
        var bytes = try InputFile.read(path, limit: maxBytes)
        // Warned only about a file that is used: a refused one already gets its one sentence.
        if let file { warnIfShared(file, option: "--\(source.file)", context) }
        if bytes.last == UInt8(ascii: "\n") {
            bytes.removeLast()
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        }
        return Secret(taking: &bytes)
    }

    /// Warns, as ssh does for keys, when a secrets file can be read by its group or by others.
    static func warnIfShared(_ file: String, option: String, _ context: CommandContext) {
        var info = stat()
        guard file != "-", stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 else {
            return
        }
        let mode = String(info.st_mode & 0o777, radix: 8)
        context.warn("\(file) (\(option)) can be read by other users (mode \(mode)); protect it with chmod 600")
    }

    /// A PDF's password: it must be UTF-8 text (SignetPDF SASLprep-normalizes it).
    package static func read(
        _ args: Arguments, _ context: CommandContext, _ source: Source = .pdfPassword
    ) throws -> Secret? {
        guard let secret = try secret(args, context, source) else { return nil }
        guard secret.text != nil else {
            throw UsageError(args.command, "the \(source.what) is not UTF-8 text")
        }
        return secret
    }
}
