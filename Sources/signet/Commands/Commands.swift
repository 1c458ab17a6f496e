/// Every subcommand, in the order `signet --help` lists them.
enum Commands {
    static let version = "0.1.0"

    nonisolated(unsafe) static let all: [any Command.Type] = [
        RenderCommand.self,
        CompressCommand.self,
        StampCommand.self,
        InfoCommand.self,
        PreviewCommand.self,
        SignCommand.self,
        VerifyCommand.self,
        BatchCommand.self,
    ]
}
