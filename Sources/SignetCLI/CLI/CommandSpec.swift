/// One option of a command: `--name VALUE` or the flag `--name`.
package struct OptionSpec: Sendable {
    package let name: OptionName
    /// What the value is called in help (`FILE`, `N`); `nil` for a flag.
    package let value: String?
    package let help: String
    /// One-letter alias (`-o`).
    package var short: Character? = nil
    /// May be given several times (`--ca A --ca B`).
    package var repeatable = false
    /// The words the value must be one of (`best`, `fast`); empty when it is free. Help, the manual
    /// pages and the completions list them, and the parser refuses any other word.
    package var choices: [String] = []
    /// Other names the option answers to (`--page` for `--pages`): the parser reads them as the
    /// option itself, and help, the manual pages and the completions list them beside it.
    package var synonyms: [OptionName] = []

    package static func flag(_ name: OptionName, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    package static func value(
        _ name: OptionName, _ value: String, _ help: String, short: Character? = nil, repeatable: Bool = false,
        synonyms: [OptionName] = []
    )
        -> OptionSpec
    {
        OptionSpec(name: name, value: value, help: help, short: short, repeatable: repeatable, synonyms: synonyms)
    }

    /// An option whose value names one case of `type`, spelt as its raw value, so the list of choices
    /// is the library's own and cannot drift from what `Arguments.choice` reads.
    package static func choice<T: RawRepresentable & CaseIterable>(
        _ name: OptionName, _ value: String, _ type: T.Type, _ help: String
    ) -> OptionSpec where T.RawValue == String {
        OptionSpec(name: name, value: value, help: help, choices: T.allCases.map(\.rawValue))
    }

    /// The help sentence, then the choices when there are some: `… (one of: best, fast)`.
    var helpWithChoices: String {
        choices.isEmpty ? help : help + " (one of: " + choices.joined(separator: ", ") + ")"
    }
}

/// What a command accepts and how help describes it.
package struct CommandSpec: Sendable {
    package let name: String
    package let summary: String
    /// Positional part of the usage line, e.g. `IN... -o OUT`.
    package let usage: String
    /// How many positional arguments are accepted.
    package let positionals: ClosedRange<Int>
    package let options: [OptionSpec]
    /// Notes printed after the options (limits, examples).
    package var notes: [String] = []

    package init(
        name: String, summary: String, usage: String, positionals: ClosedRange<Int>, options: [OptionSpec],
        notes: [String] = []
    ) {
        (self.name, self.summary, self.usage, self.positionals, self.options, self.notes) = (
            name, summary, usage, positionals, options, notes
        )
    }

    /// The options every command takes besides its own, read before its arguments are parsed.
    package static let sharedOptions: [OptionSpec] = [
        .flag(.json, "print one JSON result object on stdout"),
        OptionSpec(name: .help, value: nil, help: "show this help", short: "h"),
        .flag(.man, "print this help as a manual page (roff: signet <command> --man | man -l -)"),
    ]

    /// What help, the manual pages and the completions list: the command's own options, then the shared ones.
    package var allOptions: [OptionSpec] { options + Self.sharedOptions }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name.rawValue == name || $0.synonyms.contains { $0.rawValue == name } }
    }
    func option(short c: Character) -> OptionSpec? { options.first { $0.short == c } }
}
