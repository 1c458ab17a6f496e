import FoundationEssentials
import SignetCore

/// Dispatch: find the command, parse its arguments, run it, print, and map errors to exit codes.
package enum CLI {
    /// What one command invocation ended with, before anything is printed.
    struct Invocation {
        var exitCode: Int32
        var outcome: CommandOutcome?
        /// The one-sentence error (or the reason of a verdict), without the "signet <cmd>:" prefix.
        var error: String?
    }

    /// Runs the command `name` with `arguments` (no `--json`, no `--help`), catching every error.
    /// `nil` when there is no such command.
    static func invoke(named name: String, _ arguments: [String], context: CommandContext) -> Invocation? {
        if let command = Commands.all.first(where: { $0.spec.name == name }) {
            return invoke(command, arguments, context: context)
        }
        return Commands.external.first { $0.name == name }?.run(arguments, context: context)
    }

    /// Parses and runs `command` with `arguments` (no `--json`, no `--help`), catching every error.
    static func invoke(_ command: any Command.Type, _ arguments: [String], context: CommandContext) -> Invocation {
        do {
            let args = try ArgumentParser.parse(arguments, for: command.spec)
            try SecretInput.refuseSharedStdin(args)
            var context = context
            context.secretVariables = SecretInput.variables(args)
            let outcome = try command.run(args, context)
            return Invocation(
                exitCode: outcome.verdict?.exitCode ?? 0, outcome: outcome,
                error: outcome.verdict.flatMap { _ in outcome.verdictMessage })
        } catch let error as SignetError {
            return Invocation(exitCode: error.kind.exitCode, error: FlagAdvice.line(error))
        } catch {
            return Invocation(exitCode: 1, error: "unexpected failure: \(error)")
        }
    }

    /// The process entry: `argv` without the program name. `commands` are the in-process commands
    /// (the `signet-preview` executable passes its one).
    package static func run(
        _ argv: [String], context: CommandContext, commands: [any Command.Type] = Commands.all
    ) -> Int32 {
        let externals = commands.count == Commands.all.count ? Commands.external : []
        let specs = commands.map { $0.spec } + externals.map(\.spec)
        // `signet help CMD` is `signet CMD --help`.
        if argv.count == 2, argv[0] == "help", !argv[1].hasPrefix("-") {
            return run([argv[1], "--help"], context: context, commands: commands)
        }
        guard let name = argv.first, name != "-h", name != "--help", name != "help" else {
            let help = Help.general(specs)
            if argv.isEmpty {
                context.writeMessage(help)
                return 2
            }
            context.writeOutput(Array(help.utf8))
            return 0
        }
        if let status = ProgramOptions.run(argv, commands: specs, context: context) { return status }
        let rest = Array(argv.dropFirst())
        if let external = externals.first(where: { $0.name == name }) {
            let result = external.run(rest, context: context)
            if let error = result.error { context.writeMessage("signet \(name): \(error)") }
            return result.exitCode
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let guess = Suggestion.clause(Suggestion.nearest(to: name, in: specs.map(\.name)))
            context.writeMessage(
                "signet: unknown command '\(name)'\(guess); run 'signet --help' to see the commands.")
            return 2
        }
        if rest.contains("--help") || rest.contains("-h") {
            context.writeOutput(Array(Help.command(command.spec).utf8))
            return 0
        }
        if rest.contains("--man") {
            context.writeOutput(
                Array(ManPage.command(command.spec, date: ManPage.date(context.environment, now: Date())).utf8))
            return 0
        }
        let json = rest.contains("--json")
        let result = invoke(command, rest.filter { $0 != "--json" }, context: context)
        if let error = result.error {
            context.writeMessage("signet \(name): \(error)")
        }
        if let outcome = result.outcome {
            if json {
                let encoded = JSONOutput.encode(outcome.json)
                // With the result file on stdout (`-o -`) the JSON goes to stderr, so the two never mix.
                if outcome.outputUsedStdout {
                    context.writeMessage(String(decoding: encoded.dropLast(), as: UTF8.self))
                } else {
                    context.writeOutput(encoded)
                }
            } else {
                for line in outcome.lines {
                    if outcome.outputUsedStdout {
                        context.writeMessage(line)
                    } else {
                        context.writeOutput(Array((line + "\n").utf8))
                    }
                }
            }
        }
        return result.exitCode
    }
}
