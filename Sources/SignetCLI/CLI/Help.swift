/// Help text, generated from the command specs so it cannot drift from the parser.
enum Help {
    static func general(_ commands: [(name: String, summary: String)]) -> String {
        var out = """
            signet — captured pen strokes to signature images, budgeted stamps, placed in PDFs and signed.

            usage: signet <command> [options]   (signet <command> --help for details)

            commands:

            """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            out += "  " + command.name.padding(width) + "  " + command.summary + "\n"
        }
        out += """

            Exit codes: 0 success, 1 failure, 2 bad usage or bad input, 3 a verification said no.
            Secrets (passwords) are read from an environment variable, a file or stdin, never from arguments.

            """
        return out
    }

    static func command(_ spec: CommandSpec) -> String {
        var out = "signet \(spec.name) — \(spec.summary)\n\nusage: signet \(spec.name) \(spec.usage)\n\noptions:\n"
        let labels = spec.options.map { o -> String in
            let short = o.short.map { "-\($0), " } ?? ""
            return short + "--" + o.name.rawValue + (o.value.map { " " + $0 } ?? "")
        }
        let width = min(labels.map(\.count).max() ?? 0, 28)
        for (label, o) in zip(labels, spec.options) {
            let pad =
                label.count > width
                ? "\n" + String(repeating: " ", count: width + 4)
                : String(repeating: " ", count: width - label.count + 2)
            out += "  " + label + pad + o.help + "\n"
        }
        out +=
            "  --json" + String(repeating: " ", count: max(width - 4, 0)) + "print one JSON result object on stdout\n"
        out += "  -h, --help" + String(repeating: " ", count: max(width - 8, 0)) + "show this help\n"
        for note in spec.notes { out += "\n" + note + "\n" }
        return out
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 0))
    }
}
