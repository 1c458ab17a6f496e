import SignetCore

/// Dispatch: find the command, parse its arguments, run it, print, and map errors to exit codes.
enum CLI {
    static func run(_ argv: [String], context: CommandContext) -> Int32 {
        guard let name = argv.first, name != "-h", name != "--help", name != "help" else {
            context.writeOutput(Array(Help.general(Commands.all.map { $0.spec }).utf8))
            return argv.isEmpty ? 2 : 0
        }
        if name == "--version" {
            context.writeOutput(Array("signet \(Commands.version)\n".utf8))
            return 0
        }
        guard let command = Commands.all.first(where: { $0.spec.name == name }) else {
            context.writeMessage("signet: unknown command '\(name)'; run 'signet --help' to see the commands.")
            return 2
        }
        let rest = Array(argv.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            context.writeOutput(Array(Help.command(command.spec).utf8))
            return 0
        }
        let json = rest.contains("--json")
        do {
            let args = try ArgumentParser.parse(rest.filter { $0 != "--json" }, for: command.spec)
            let outcome = try command.run(args, context)
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
            return outcome.verdict?.exitCode ?? 0
        } catch let error as SignetError {
            context.writeMessage("signet \(name): \(error.message)")
            return error.kind.exitCode
        } catch {
            context.writeMessage("signet \(name): unexpected failure: \(error)")
            return 1
        }
    }
}
