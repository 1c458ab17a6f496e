/// The shells `signet --completions` writes a script for; each script is generated from the
/// commands' specs, so it completes exactly the options `--help` lists.
enum CompletionShell: String, CaseIterable {
    case bash
    case zsh

    func script(_ commands: [CommandSpec]) -> String {
        switch self {
        case .bash: BashCompletion.script(commands)
        case .zsh: ZshCompletion.script(commands)
        }
    }
}

/// What a shell offers for an option's value: its choices when it has some, else what the value's
/// name in help says (`FILE`, `DIR`): file names where the value is a path.
enum ValueCompletion: Equatable {
    case files
    case directories
    case environmentVariables
    case commands
    case words([String])
    /// A number, a size, a text: nothing to offer.
    case none

    init(_ option: OptionSpec) {
        switch option.value {
        case _ where !option.choices.isEmpty: self = .words(option.choices)
        case "FILE", "OUT", "PATH": self = .files
        case "DIR": self = .directories
        case "VAR": self = .environmentVariables
        case "COMMAND": self = .commands
        default: self = .none
        }
    }
}

extension OptionSpec {
    /// How it is typed: `-o` and `--output`, or `--output` alone; then its synonyms (`--page`).
    var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + ([name] + synonyms).map { "--" + $0.rawValue } }
}

extension CommandSpec {
    /// Whether the command takes operands (input files) besides its options.
    var takesOperands: Bool { positionals.upperBound > 0 }
}
