import Glibc
import SignetCLI

// `signet preview …` runs this executable with the same arguments; it is the only program of
// Signet that links poppler (GPL).
exit(CLI.run(["preview"] + CommandLine.arguments.dropFirst(), context: .process, commands: [PreviewCommand.self]))
