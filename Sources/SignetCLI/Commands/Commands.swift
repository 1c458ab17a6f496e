/// Every subcommand, in the order `signet --help` lists them.
package enum Commands {
    static let version = "0.1.0"

    nonisolated(unsafe) package static let all: [any Command.Type] = [
        RenderCommand.self,
        CaptureCommand.self,
        CompressCommand.self,
        StampCommand.self,
        InfoCommand.self,
        SignCommand.self,
        TimestampCommand.self,
        VerifyCommand.self,
        PipelineCommand.self,
        EvidenceCommand.self,
        BatchCommand.self,
    ]

    /// Commands that run as their own executable (see `ExternalCommand`).
    static let external: [ExternalCommand] = [.preview]
}
