import Glibc
import Signet

/// Reads secrets (passwords) the safe ways: from an environment variable, a file or standard
/// input — never from the command line, where other users could see them in the process list.
/// No option means no password; an empty variable or file means the empty password. One
/// trailing line break (`\n` or `\r\n`) of a file or of standard input is not part of it.
/// When no option gives a secret that turns out to be needed and standard input is a terminal,
/// the terminal is asked with echo off (`asking`, `TerminalPrompt`).
package enum SecretInput {
    /// `--password-env VAR`, `--password-file FILE` and `--password-stdin` for commands that open PDFs.
    package static let pdfPasswordSpecs: [OptionSpec] = [
        .value(.passwordEnv, "VAR", "read the PDF password from environment variable VAR"),
        .value(.passwordFile, "FILE", "read the PDF password from FILE (one trailing line break is ignored)"),
        .flag(.passwordStdin, "read the PDF password from standard input (one trailing line break is ignored)"),
    ]

    /// `--pdf-password-env VAR`, `--pdf-password-file FILE` and `--pdf-password-stdin` for
    /// commands whose `--password-*` opens the signing key (`sign`, `pipeline`, `capture --pdf`).
    package static let signedPDFPasswordSpecs: [OptionSpec] = [
        .value(.pdfPasswordEnv, "VAR", "read the password of an encrypted input PDF from environment variable VAR"),
        .value(.pdfPasswordFile, "FILE", "read the password of an encrypted input PDF from FILE"),
        .flag(.pdfPasswordStdin, "read the password of an encrypted input PDF from standard input"),
    ]

    /// Runs `body` with the PDF password `source`'s options give; when they give none and the PDF
    /// turns out to need one, asks the terminal when it can (see `asking`) and runs `body` again.
    static func withPDFPassword<T>(
        _ args: Arguments, _ context: CommandContext, _ source: Source = .password, _ body: (Secret?) throws -> T
    ) throws -> T {
        let given = try read(args, context, source)
        return try asking(given, when: PDFReason.passwordNeeded, "Password", args, context, text: true, body)
    }

    /// `withPDFPassword` for `sign`, `pipeline` and `capture --pdf`, whose `--password-*` open the
    /// key: an encrypted input without a password is named with their `--pdf-password-*` options.
    static func withSignedPDFPassword<T>(
        _ args: Arguments, _ context: CommandContext, _ body: (Secret?) throws -> T
    ) throws -> T {
        do {
            return try withPDFPassword(args, context, .signedPDFPassword, body)
        } catch let error as PDFError where error.reason == .passwordNeeded {
            throw UsageError(
                args.command,
                "\(StreamName.input(error.context ?? "-")): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR, --pdf-password-file FILE or --pdf-password-stdin"
            )
        }
    }

    /// Runs `body` with `given`. When no option gave a secret, `body` fails with `needed` (a
    /// `StageError` whose context names the file or token) and standard input is a terminal, the
    /// terminal is asked — "Password for key.pem: " — and `body` runs once more with the answer;
    /// a wrong answer fails as a wrong option would. Without a terminal the error stands as it is.
    package static func asking<T, Reason: StageReason>(
        _ given: Secret?, when needed: Reason, _ noun: String, _ args: Arguments, _ context: CommandContext,
        text: Bool = false, _ body: (Secret?) throws -> T
    ) throws -> T {
        do {
            return try body(given)
        } catch let error as StageError<Reason> where given == nil && error.reason == needed {
            guard let ask = context.askSecret,
                let answer = try ask("\(noun) for \(error.context.map(StreamName.input) ?? "the input"): ")
            else { throw error }
            if text, answer.text == nil {
                throw UsageError(args.command, "the \(noun.lowercased()) typed is not UTF-8 text")
            }
            return try body(answer)
        }
    }

    /// The same options, worded for commands whose password opens a key or a bundle.
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

        /// A key's, a bundle's or (where no key is opened) a PDF's password.
        static let password = Source(what: "password", env: .passwordEnv, file: .passwordFile, stdin: .passwordStdin)
        /// The PDF's password of `sign`, `pipeline` and `capture --pdf`, whose `--password-*` open the key.
        static let signedPDFPassword = Source(
            what: "PDF password", env: .pdfPasswordEnv, file: .pdfPasswordFile, stdin: .pdfPasswordStdin)
        /// A token's user PIN.
        static let pin = Source(what: "pin", env: .pinEnv, file: .pinFile, stdin: .pinStdin)
        /// A timestamp authority's credentials.
        static let tsaCredentials = Source(what: "tsa-credentials", env: .tsaCredentialsEnv, file: .tsaCredentialsFile)
    }

    /// Every secret a command may read.
    static let sources: [Source] = [.password, .signedPDFPassword, .pin, .tsaCredentials]

    /// The options naming an environment variable whose value is a secret: every `--…-env`.
    static let variableOptions = OptionName.allCases.filter { $0.rawValue.hasSuffix("-env") }

    /// The environment variables `args` names as holding secrets, whether or not the command
    /// reads them: no program Signet starts for this invocation is given them.
    static func variables(_ args: Arguments) -> Set<String> { Set(variableOptions.flatMap(args.strings)) }

    /// Options naming an input that `-` reads from standard input.
    static let inputOptions: [OptionName] = [.pdf, .strokes, .image, .p12, .key, .cert, .chain, .cms, .p7s]

    /// Refuses a run in which standard input would carry a secret and something else — another
    /// secret or an input named `-` — before anything is read.
    static func refuseSharedStdin(_ args: Arguments) throws {
        let secrets = sources.compactMap { source -> (reader: String, source: Source)? in
            if let stdin = source.stdin, args.flag(stdin) { return ("the \(source.what) (--\(stdin))", source) }
            return args.string(source.file) == "-" ? ("the \(source.what) (--\(source.file) -)", source) : nil
        }
        guard let moved = secrets.first?.source else { return }
        let inputs =
            args.positionals.filter { $0 == "-" }.map { _ in "the input (-)" }
            + inputOptions.filter { args.string($0) == "-" }.map { "--\($0) -" }
        let readers = inputs + secrets.map(\.reader)
        guard readers.count > 1 else { return }
        throw UsageError(
            args.command,
            "standard input cannot carry both \(readers[0]) and \(readers[1]); give the \(moved.what) with --\(moved.env) VAR or --\(moved.file) FILE"
        )
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
        _ args: Arguments, _ context: CommandContext, _ source: Source = .password
    ) throws -> Secret? {
        guard let secret = try secret(args, context, source) else { return nil }
        guard secret.text != nil else {
            throw UsageError(args.command, "the \(source.what) is not UTF-8 text")
        }
        return secret
    }
}
