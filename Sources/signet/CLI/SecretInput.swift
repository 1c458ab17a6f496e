import Glibc
import SignetFiles

/// Passwords come from exactly one of three places, never from an argument:
/// `--password-env VAR`, `--password-file FILE` or `--password-stdin`. No option means no
/// password; an empty variable or file means the empty password. One trailing newline
/// (`\n` or `\r\n`) of a file or of stdin is not part of the password.
enum SecretInput {
    static let options: [OptionSpec] = [
        .value("password-env", "VAR", "read the password from environment variable VAR"),
        .value("password-file", "FILE", "read the password from FILE (one trailing newline ignored)"),
        .flag("password-stdin", "read the password from standard input"),
    ]

    /// The largest password file or stdin read.
    static let limit = 64 << 10

    static func read(_ args: Arguments, _ context: CommandContext) throws -> Secret? {
        let given = [args.string("password-env") != nil, args.string("password-file") != nil, args.flag("password-stdin")]
        guard given.filter({ $0 }).count <= 1 else {
            throw UsageError(args.command, "give only one of --password-env, --password-file and --password-stdin")
        }
        if let name = args.string("password-env") {
            guard let value = context.environment[name] else {
                throw UsageError(args.command, "--password-env: the environment variable \(name) is not set")
            }
            var bytes = Array(value.utf8)
            return Secret(taking: &bytes)
        }
        if let path = args.string("password-file") {
            var bytes = try InputFile.read(path, limit: limit)
            dropTrailingNewline(&bytes)
            return Secret(taking: &bytes)
        }
        if args.flag("password-stdin") {
            var bytes = try InputFile.read("-", limit: limit)
            dropTrailingNewline(&bytes)
            return Secret(taking: &bytes)
        }
        return nil
    }

    private static func dropTrailingNewline(_ bytes: inout [UInt8]) {
        guard bytes.last == 0x0A else { return }
        bytes.removeLast()
        if bytes.last == 0x0D { bytes.removeLast() }
    }
}
