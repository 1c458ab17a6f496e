import Glibc
import SignetCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), context: .process))
