/// `capture`: a signature from a browser on this machine, written as stroke JSON or rendered.
extension SignetAPI {
    /// What `capture(to:writing:options:listening:)` makes of the submitted drawing.
    public enum CaptureOutput: Sendable, Hashable {
        /// The Signet stroke JSON exactly as the page sent it (after the JSON reader accepted it).
        case json
        /// Rendered like `render(_:as:options:png:)`.
        case rendered(RenderOutputType, RenderOptions)
        /// Rendered and fitted under a byte budget like `render(_:options:budget:)`.
        case budgeted(RenderOptions, BudgetOptions)
    }

    /// What was captured and written.
    public struct CaptureResult: Sendable, Hashable {
        /// The submitted Signet stroke JSON.
        public var json: [UInt8]
        /// The drawing read from it.
        public var drawing: Drawing
        /// The rendered file, for `CaptureOutput.rendered`.
        public var rendered: RenderedFile?
        /// The budgeted rendering, for `CaptureOutput.budgeted`.
        public var budgeted: BudgetedRendering?
    }

    /// `signet capture -o OUT`: serves the `<signet-pad>` page on 127.0.0.1 under `options.token`,
    /// calls `listening` with its address, waits for the signer's Done, and writes `output`
    /// atomically. A submission that does not read as Signet stroke JSON or cannot be rendered is
    /// answered with its error and the wait goes on; exactly one good submission is taken.
    /// - Parameters:
    ///   - output: The file to write (`-` = standard output).
    ///   - writing: Stroke JSON as received, or a rendering of it.
    ///   - options: Token, port and time limits of the server.
    ///   - listening: Called once with the page's address, before the wait.
    /// - Returns: The submission and what was written.
    /// - Throws: ``CaptureError`` on timeout, interruption or a server failure (nothing written);
    ///   ``FileError`` when the output cannot be written.
    @discardableResult
    public static func capture(
        to output: String, writing: CaptureOutput, options: CaptureOptions, listening: (String) -> Void
    ) throws -> CaptureResult {
        var result: CaptureResult?
        try serveCapture(options: options, listening: listening) { body, drawing in
            var captured = CaptureResult(json: body, drawing: drawing, rendered: nil, budgeted: nil)
            let bytes: [UInt8]
            switch writing {
            case .json:
                bytes = body
            case .rendered(let type, let renderOptions):
                let file = try render(drawing, as: type, options: renderOptions)
                captured.rendered = file
                bytes = file.bytes
            case .budgeted(let renderOptions, let budget):
                let fitted = try render(drawing, options: renderOptions, budget: budget)
                captured.budgeted = fitted
                bytes = fitted.result.bytes
            }
            try AtomicOutput.write(bytes, to: output)
            result = captured
        }
        guard let result else { throw CaptureError(.socket("the server stopped without a signature")) }
        return result
    }

    /// Serves the page (with `extraFiles`) until `take` accepts a submission read as Signet stroke
    /// JSON. A submission that does not read, or that `take` refuses as bad input (other than a
    /// file error), is answered with its error and the wait goes on.
    static func serveCapture(
        options: CaptureOptions, extraFiles: [CapturePage.File] = [], listening: (String) -> Void,
        take: ([UInt8], Drawing) throws -> Void
    ) throws {
        let server = try CaptureServer(options: options, extraFiles: extraFiles)
        listening(server.gate.url)
        try server.run { body in
            do {
                var read = StrokeReadOptions()
                read.format = .signet
                let drawing = try StrokeReader.read(body, name: "the submitted signature", options: read)
                try take(body, drawing)
                return .accepted(message: "Saved. You can close this tab.")
            } catch let error as any SignetError where error.kind == .badInput && !(error is FileError) {
                return .rejected(message: error.message)
            }
        }
    }
}
