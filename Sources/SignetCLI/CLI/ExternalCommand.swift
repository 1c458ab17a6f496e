import Glibc
import SignetCore

/// A command that lives in its own executable installed next to `signet`: `signet preview` runs
/// `signet-preview`, so the `signet` program never links poppler (GPL, and a third of the
/// process's memory).
package struct ExternalCommand: Sendable {
    /// Its options, as help, the manual pages and the completions of `signet` list them.
    package let spec: CommandSpec
    /// The executable's file name, looked up next to the running program, then on PATH.
    package let executable: String

    package var name: String { spec.name }

    /// Runs it with `arguments` as given (`--json` and `--help` included). Its standard output is
    /// passed on through `context`; its standard error is collected: the last line is the error
    /// when it fails, earlier lines are passed on as messages. Its arguments are its own, parsed
    /// there, not here: the variables its `*-env` options name are its to read.
    func run(_ arguments: [String], context: CommandContext) -> CLI.Invocation {
        guard let path = Self.locate(executable) else {
            return CLI.Invocation(
                exitCode: 1,
                error:
                    "this command is the separate program \(executable), which is not installed next to signet; build it with 'swift build -c release --product \(executable)'"
            )
        }
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(
                path, arguments, withholding: context.secretVariables, output: context.writeOutput)
        } catch {
            return CLI.Invocation(exitCode: 1, error: "cannot start \(path): \(error)")
        }
        var lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let prefix = "signet \(name): "
        var error: String?
        if result.status != 0, let last = lines.last, last.hasPrefix(prefix) {
            error = String(last.dropFirst(prefix.count))
            lines.removeLast()
        } else if result.status != 0 {
            error = "\(executable) failed with exit code \(result.status)"
        }
        for line in lines { context.writeMessage(line) }
        return CLI.Invocation(exitCode: result.status, error: error)
    }

    /// The executable `executable` next to the running program, else the first on PATH.
    static func locate(_ executable: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let me = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = me.lastIndex(of: "/") {
                let candidate = String(me[...slash]) + executable
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        for folder in (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(executable)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
