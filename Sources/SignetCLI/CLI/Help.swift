import SignetCore

/// Help text, generated from the command specs so it cannot drift from the parser.
enum Help {
    static let tagline = "captured pen strokes to signature images, budgeted stamps, placed in PDFs and signed"
    /// The exit codes every command shares: 0, then each `FailureKind`'s code. docs/cli.md's table
    /// is this list, as `signet --man` prints it (a docs test compares them).
    static let exitStatus: [(code: Int32, meaning: String)] = [
        (0, "success"),
        (FailureKind.failed.exitCode, "the job could not be done (a budget out of reach, a write failed)"),
        (FailureKind.badInput.exitCode, "bad usage or bad input"),
        (FailureKind.rejected.exitCode, "a verification ran and said no"),
    ]
    static let secrets =
        "Secrets (passwords) are read from an environment variable, a file or stdin, never from arguments."

    static func general(_ commands: [CommandSpec]) -> String {
        var out = """
            signet — \(tagline).

            usage: signet <command> [options]   (signet <command> --help for details, --man for its manual page)

            commands:

            """
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            out += "  " + command.name.padding(width) + "  " + command.summary + "\n"
        }
        out += "\noptions (instead of a command):\n"
        let labels = ProgramOptions.specs.map(label)
        let labelWidth = labels.map(\.count).max() ?? 0
        for (label, o) in zip(labels, ProgramOptions.specs) {
            out += "  " + label.padding(labelWidth) + "  " + o.helpWithChoices + "\n"
        }
        let codes = exitStatus.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ")
        return out + "\nExit codes: \(codes).\n\(secrets)\n"
    }

    static func command(_ spec: CommandSpec) -> String {
        var out = "signet \(spec.name) — \(spec.summary)\n\nusage: signet \(spec.name) \(spec.usage)\n\noptions:\n"
        let options = spec.allOptions
        let labels = options.map(label)
        let width = min(labels.map(\.count).max() ?? 0, 28)
        for (label, o) in zip(labels, options) {
            let pad =
                label.count > width
                ? "\n" + String(repeating: " ", count: width + 4)
                : String(repeating: " ", count: width - label.count + 2)
            out += "  " + label + pad + o.helpWithChoices + "\n"
        }
        for note in spec.notes { out += "\n" + note + "\n" }
        return out
    }

    /// `-o, --output FILE` or `--pages, --page LIST`: how help names an option.
    static func label(_ o: OptionSpec) -> String {
        o.spellings.joined(separator: ", ") + (o.value.map { " " + $0 } ?? "")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 0))
    }
}
