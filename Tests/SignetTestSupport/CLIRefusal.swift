/// The CLI's promise for bad input, checked in one place: the exit code (2 unless said), one
/// line on stderr starting `signet <command>: ` and containing the expected words, nothing on
/// standard output, and the folder holding what it held before (no output, no temporary file).
package enum CLIRefusal {
    /// What `result` breaks of that promise; empty when it keeps it. Use as
    /// `#expect(CLIRefusal.problems(r, command: "stamp", message: "…") == [])`.
    package static func problems(
        _ result: ProcessResult, command: String, message: String, status: Int32 = 2,
        folder: TemporaryDirectory? = nil, before: [String]? = nil
    ) -> [String] {
        var problems: [String] = []
        if result.status != status { problems.append("exit \(result.status), not \(status)") }
        let lines = result.stderr.split(separator: "\n")
        if lines.count != 1 { problems.append("\(lines.count) lines on stderr, not one") }
        if !result.stderr.hasPrefix("signet \(command): ") {
            problems.append("stderr does not start with 'signet \(command): '")
        }
        if !message.isEmpty, !result.stderr.contains(message) { problems.append("stderr does not say '\(message)'") }
        if !result.stdout.isEmpty { problems.append("\(result.stdout.count) bytes on stdout") }
        if let folder, let before, folder.contents() != before {
            problems.append("the folder changed: \(before) became \(folder.contents())")
        }
        return problems.isEmpty ? [] : problems + ["stderr: \(result.stderr)"]
    }
}
