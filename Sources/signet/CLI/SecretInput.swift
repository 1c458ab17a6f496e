import Signet

/// Reads secrets (passwords) the safe ways: from an environment variable, a file or standard
/// input — never from the command line, where other users could see them in the process list.
/// No option means no password; an empty variable or file means the empty password.
enum SecretInput {
    /// `--password-env VAR` and `--password-file FILE` for commands that open PDFs.
    static let pdfPasswordSpecs: [OptionSpec] = [
        .value("password-env", "VAR", "read the PDF password from environment variable VAR"),
        .value("password-file", "FILE", "read the PDF password from FILE (one trailing line break is ignored)"),
    ]

    /// Secrets are short; anything longer is not a password file.
    static let maxBytes = 4096

    /// The secret named by `--<prefix>-env`, `--<prefix>-file` or (when `stdinOption` is given
    /// and set) standard input; nil when none of them is given. At most one may be given.
    static func read(_ args: Arguments, _ context: CommandContext, prefix: String = "password",
                     stdinOption: String? = nil) throws -> String? {
        let env = args.string("\(prefix)-env"), file = args.string("\(prefix)-file")
        let stdin = stdinOption.map(args.flag) ?? false
        guard [env != nil, file != nil, stdin].filter({ $0 }).count <= 1 else {
            throw UsageError(args.command, "give the \(prefix) only one way (--\(prefix)-env, --\(prefix)-file\(stdinOption.map { " or --\($0)" } ?? ""))")
        }
        if let env {
            guard let value = context.environment[env] else {
                throw UsageError(args.command, "the environment variable \(env) named by --\(prefix)-env is not set")
            }
            return value
        }
        let source = file ?? (stdin ? "-" : nil)
        guard let source else { return nil }
        var bytes = try InputFile.read(source, limit: maxBytes)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageError(args.command, "the \(prefix) in \(source == "-" ? "standard input" : source) is not UTF-8 text")
        }
        return text
    }
}
