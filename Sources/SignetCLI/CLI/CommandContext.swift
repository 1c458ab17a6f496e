import FoundationEssentials
import Glibc
import Signet
import SignetCore

/// Where a command's results and messages go. The process uses stdout/stderr; `signet batch`
/// runs the same commands in-process with its own context.
package struct CommandContext: Sendable {
    package var environment: [String: String]
    /// Progress bars are drawn only when stderr is a terminal.
    package var stderrIsTerminal: Bool
    /// Writes bytes to standard output.
    package var writeOutput: @Sendable ([UInt8]) -> Void
    /// Writes one line to standard error.
    package var writeMessage: @Sendable (String) -> Void
    /// Threads one budget search may use (`BudgetOptions.threads`): 2 for a command on its own,
    /// 1 inside `signet batch`, whose workers already keep every core busy.
    package var budgetThreads = BudgetOptions.defaultThreads
    /// Asks the user for a secret no option gave ("Password for key.pem: "), answering `nil` when
    /// it cannot ask after all; `nil` where nobody can be asked: standard input is not a terminal,
    /// or the command runs inside `signet batch`.
    package var askSecret: (@Sendable (String) throws -> Secret?)? = nil
    /// The environment variables holding this invocation's secrets (`SecretInput.variables`): no
    /// program it starts is given them (`Subprocess`). Set when the command's arguments are parsed.
    package var secretVariables: Set<String> = []

    package static var process: CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            stderrIsTerminal: isatty(2) == 1,
            writeOutput: { bytes in writeAll(fd: 1, bytes) },
            writeMessage: { line in writeAll(fd: 2, Array((line + "\n").utf8)) },
            askSecret: isatty(0) == 1 ? TerminalPrompt.ask : nil)
    }

    /// Unbuffered write of all bytes to a file descriptor (a closed pipe is not an error here).
    private static func writeAll(fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buf in
            var done = 0
            while done < buf.count {
                let n = write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }

    package func warn(_ text: String) { writeMessage("warning: \(text)") }

    /// Says on stderr that `input`, damaged as `damage` says, was read as a repaired copy.
    package func noteRepaired(_ input: String, _ damage: String?) {
        guard let damage else { return }
        writeMessage("note: \(input) was damaged (\(damage)); wrote a repaired copy")
    }
}

/// What a command finished with: its result object and how it reads for a person.
package struct CommandOutcome {
    /// The `--json` object.
    package var json: any Encodable
    /// One line per result for a person (printed when `--json` is not given).
    package var lines: [String]
    /// Set when the command ran and printed its result but did not fully succeed: the process
    /// exits with this kind's code (a verification that said no: exit 3; some inputs of a batch
    /// that failed: exit 2 or 1).
    package var verdict: FailureKind? = nil
    /// With a verdict: the one sentence that says why (printed on stderr as "signet <cmd>: …",
    /// like an error), so a script sees the reason without parsing the result.
    package var verdictMessage: String? = nil
    /// True when standard output already carries data (`-o -`), so lines go to stderr.
    package var outputUsedStdout = false

    package init(
        json: any Encodable, lines: [String], verdict: FailureKind? = nil, verdictMessage: String? = nil,
        outputUsedStdout: Bool = false
    ) {
        (self.json, self.lines, self.verdict, self.verdictMessage, self.outputUsedStdout) = (
            json, lines, verdict, verdictMessage, outputUsedStdout
        )
    }
}

/// A `signet` subcommand: parse, call the library, report.
package protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome
}
