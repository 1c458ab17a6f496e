import Glibc
import Signet

/// Reads secrets (passwords) the safe ways: from an environment variable, a file or standard
/// input — never from the command line, where other users could see them in the process list.
/// No option means no password; an empty variable or file means the empty password. One
/// trailing line break (`\n` or `\r\n`) of a file or of standard input is not part of it.
package enum SecretInput {
    /// `--password-env VAR` and `--password-file FILE` for commands that open PDFs.
    package static let pdfPasswordSpecs: [OptionSpec] = [
        .value("password-env", "VAR", "read the PDF password from environment variable VAR"),
        .value("password-file", "FILE", "read the PDF password from FILE (one trailing line break is ignored)"),
    ]

    /// `--pdf-password-env VAR` and `--pdf-password-file FILE` for commands whose `--password-*`
    /// opens the signing key (`sign`, `pipeline`).
    package static let signedPDFPasswordSpecs: [OptionSpec] = [
        .value("pdf-password-env", "VAR", "read the password of an encrypted input PDF from environment variable VAR"),
        .value("pdf-password-file", "FILE", "read the password of an encrypted input PDF from FILE"),
    ]

    /// The PDF password of `sign` and `pipeline`, and their sentence when an encrypted input needs
    /// one (the PDF stage's own names stamp's `--password-*`, which here open the key).
    static func signedPDFPassword(_ args: Arguments, _ context: CommandContext) throws -> Secret? {
        try read(args, context, prefix: "pdf-password")
    }

    static func namingPDFPassword<T>(_ command: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PDFError where error.reason == .passwordNeeded {
            throw UsageError(
                command,
                "\(StreamName.input(error.file)): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR or --pdf-password-file FILE"
            )
        }
    }

    /// The same plus `--password-stdin`, for commands whose password opens a key or a bundle.
    static let passwordSpecs: [OptionSpec] = [
        .value("password-env", "VAR", "read the password from environment variable VAR"),
        .value("password-file", "FILE", "read the password from FILE (one trailing line break is ignored)"),
        .flag("password-stdin", "read the password from standard input"),
    ]

    /// Secrets are short; anything longer is not a password file.
    static let maxBytes = 4096

    /// The secret named by `--<prefix>-env`, `--<prefix>-file` or (when `stdinOption` is given
    /// and set) standard input, as bytes that are wiped when released; nil when none is given.
    /// At most one source may be given.
    static func secret(
        _ args: Arguments, _ context: CommandContext, prefix: String = "password",
        stdinOption: String? = nil
    ) throws -> Secret? {
        let env = args.string("\(prefix)-env"), file = args.string("\(prefix)-file")
        let stdin = stdinOption.map(args.flag) ?? false
        guard [env != nil, file != nil, stdin].filter({ $0 }).count <= 1 else {
            throw UsageError(
                args.command,
                "give the \(prefix) only one way (--\(prefix)-env, --\(prefix)-file\(stdinOption.map { " or --\($0)" } ?? ""))"
            )
        }
        if let env {
            guard let value = context.environment[env] else {
                throw UsageError(args.command, "the environment variable \(env) named by --\(prefix)-env is not set")
            }
            var bytes = Array(value.utf8)
            return Secret(taking: &bytes)
        }
        let source = file ?? (stdin ? "-" : nil)
        guard let source else { return nil }
        var bytes = try InputFile.read(source, limit: maxBytes)
        // Warned only about a file that is used: a refused one already gets its one sentence.
        if let file { warnIfShared(file, option: "--\(prefix)-file", context) }
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
        _ args: Arguments, _ context: CommandContext, prefix: String = "password",
        stdinOption: String? = nil
    ) throws -> Secret? {
        guard let secret = try secret(args, context, prefix: prefix, stdinOption: stdinOption) else { return nil }
        guard secret.text != nil else {
            throw UsageError(args.command, "the \(prefix) is not UTF-8 text")
        }
        return secret
    }
}
