import SignetCore

/// Dispatch: find the command, parse its arguments, run it, print, and map errors to exit codes.
enum CLI {
    /// What one command invocation ended with, before anything is printed.
    struct Invocation {
        var exitCode: Int32
        var outcome: CommandOutcome?
        /// The one-sentence error, without the "signet <cmd>:" prefix.
        var error: String?
    }

    static func command(named name: String) -> (any Command.Type)? {
        Commands.all.first { $0.spec.name == name }
    }

    /// Parses and runs `command` with `arguments` (no `--json`, no `--help`), catching every error.
    static func invoke(_ command: any Command.Type, _ arguments: [String], context: CommandContext) -> Invocation {
        do {
            let args = try ArgumentParser.parse(arguments, for: command.spec)
            let outcome = try command.run(args, context)
            return Invocation(exitCode: outcome.verdict?.exitCode ?? 0, outcome: outcome)
        } catch let error as SignetError {
            return Invocation(exitCode: error.kind.exitCode, error: error.message)
        } catch {
            return Invocation(exitCode: 1, error: "unexpected failure: \(error)")
        }
    }

    static func run(_ argv: [String], context: CommandContext) -> Int32 {
        guard let name = argv.first, name != "-h", name != "--help", name != "help" else {
            let help = Array(Help.general(Commands.all.map { $0.spec }).utf8)
            if argv.isEmpty {
                context.writeMessage(String(decoding: help, as: UTF8.self))
                return 2
            }
            context.writeOutput(help)
            return 0
        }
        if name == "--version" {
            context.writeOutput(Array("signet \(Commands.version)\n".utf8))
            return 0
        }
        guard let command = command(named: name) else {
            context.writeMessage("signet: unknown command '\(name)'; run 'signet --help' to see the commands.")
            return 2
        }
        let rest = Array(argv.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            context.writeOutput(Array(Help.command(command.spec).utf8))
            return 0
        }
        let json = rest.contains("--json")
        let result = invoke(command, rest.filter { $0 != "--json" }, context: context)
        if let error = result.error {
            context.writeMessage("signet \(name): \(error)")
        }
        if let outcome = result.outcome {
            if json {
                // When standard output carries the file itself (`-o -`), the JSON goes to standard error.
                let encoded = JSONOutput.encode(outcome.json)
                if outcome.outputUsedStdout {
                    context.writeMessage(String(decoding: encoded.dropLast(), as: UTF8.self))
                } else {
                    context.writeOutput(encoded)
                }
            } else {
                for line in outcome.lines {
                    if outcome.outputUsedStdout { context.writeMessage(line) } else { context.writeOutput(Array((line + "\n").utf8)) }
                }
            }
        }
        return result.exitCode
    }
}
