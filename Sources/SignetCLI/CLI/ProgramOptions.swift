import FoundationEssentials

/// The options of the program itself, given instead of a command: help and version, and what an
/// installer asks for — the manual page `signet(1)`, the command names, the completion scripts. All
/// of it is generated from the commands' specs, so an installed page or script matches the binary.
enum ProgramOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: .help, value: nil, help: "show this help", short: "h"),
        .flag(.version, "print the version"),
        .flag(.man, "print signet(1), this program's manual page (roff: signet --man | man -l -)"),
        .flag(.commands, "print the command names, one a line"),
        .choice(.completions, "SHELL", CompletionShell.self, "print the shell's completion script"),
    ]

    /// Runs the program option `argv` starts with, writing to `context`; `nil` when it starts with none.
    static func run(_ argv: [String], commands: [CommandSpec], context: CommandContext) -> Int32? {
        let text: String
        switch argv.first {
        case "--version":
            text = "signet \(Commands.version)\n"
        case "--man" where argv.count == 1:
            text = ManPage.program(commands, date: ManPage.date(context.environment, now: Date()))
        case "--commands" where argv.count == 1:
            text = commands.map { $0.name + "\n" }.joined()
        case "--completions" where argv.count == 2 && CompletionShell(rawValue: argv[1]) != nil:
            text = CompletionShell(rawValue: argv[1])!.script(commands)
        case "--completions":
            let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: " or ")
            context.writeMessage(
                "signet: --completions takes one shell, \(shells), not '\(argv.dropFirst().joined(separator: " "))'; see 'signet --help'."
            )
            return 2
        case "--man", "--commands":
            let page = argv[0] == "--man" ? " (a command's manual page is 'signet <command> --man')" : ""
            context.writeMessage("signet: \(argv[0]) takes no argument\(page); see 'signet --help'.")
            return 2
        default:
            return nil
        }
        context.writeOutput(Array(text.utf8))
        return 0
    }
}
