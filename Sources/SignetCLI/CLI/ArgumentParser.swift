/// Our own small parser: `--name VALUE`, `--name=VALUE`, `-o VALUE`, flags, `--` to end options,
/// and `-` as a positional (standard input). Unknown options and missing values are usage errors.
enum ArgumentParser {
    static func parse(_ argv: [String], for spec: CommandSpec) throws -> Arguments {
        var args = Arguments(command: spec.name)
        args.shortNames = Dictionary(
            spec.options.compactMap { o in o.short.map { (o.name, $0) } }, uniquingKeysWith: { a, _ in a })
        var i = 0
        var optionsEnded = false
        var lastValued: (option: OptionSpec, at: Int)?
        while i < argv.count {
            let word = argv[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                if let lastValued, lastValued.at == i - 2 {
                    args.afterValue[args.positionals.count] = lastValued.option
                }
                args.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let o = spec.option(named: name) else {
                    throw UsageError(
                        spec.name,
                        "unknown option --\(name) for 'signet \(spec.name)'\(spec.suggestion(forOption: name))")
                }
                option = o
            } else {
                guard word.count == 2, let o = spec.option(short: word.last!) else {
                    throw UsageError(
                        spec.name, "unknown option \(word) for 'signet \(spec.name)'\(spec.suggestion(forOption: word))"
                    )
                }
                option = o
            }
            guard option.value != nil else {
                if inlineValue != nil { throw UsageError(spec.name, "--\(option.name) takes no value") }
                args.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard i < argv.count else { throw UsageError(spec.name, "--\(option.name) needs a value") }
                value = argv[i]
                i += 1
                lastValued = (option, i - 1)
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw UsageError.notOneOf(spec.name, option.name, option.choices, value)
            }
            if !option.repeatable, args.values[option.name] != nil {
                throw UsageError(spec.name, "--\(option.name) is given twice")
            }
            args.values[option.name, default: []].append(value)
        }
        guard spec.positionals.contains(args.positionals.count) else {
            if args.positionals.count > spec.positionals.upperBound, let split = args.splitValue() { throw split }
            let stray =
                args.positionals.count > spec.positionals.upperBound
                ? args.positionals.lazy.filter { !$0.contains("/") && !$0.contains(".") }
                    .map { spec.suggestion(forOption: $0) }.first { !$0.isEmpty } ?? "" : ""
            let want =
                spec.positionals.lowerBound == spec.positionals.upperBound
                ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
            throw UsageError(
                spec.name, "'signet \(spec.name)' takes \(want) input(s), got \(args.positionals.count)\(stray)")
        }
        return args
    }
}
