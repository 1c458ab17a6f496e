/// One option of a command: `--name VALUE` or the flag `--name`.
struct OptionSpec: Sendable {
    let name: String
    /// What the value is called in help (`FILE`, `N`); `nil` for a flag.
    let value: String?
    let help: String
    /// One-letter alias (`-o`).
    var short: Character? = nil
    /// May be given several times (`--ca A --ca B`).
    var repeatable = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    static func value(_ name: String, _ value: String, _ help: String, short: Character? = nil, repeatable: Bool = false)
        -> OptionSpec
    {
        OptionSpec(name: name, value: value, help: help, short: short, repeatable: repeatable)
    }
}

/// What a command accepts and how help describes it.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// Positional part of the usage line, e.g. `IN... -o OUT`.
    let usage: String
    /// How many positional arguments are accepted.
    let positionals: ClosedRange<Int>
    let options: [OptionSpec]
    /// Notes printed after the options (limits, examples).
    var notes: [String] = []

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    func option(short c: Character) -> OptionSpec? { options.first { $0.short == c } }
}
