import SignetCore

/// `signet capture` ended without a signature.
public typealias CaptureError = StageError<CaptureReason>

/// Why capture failed: each reason says its kind and how it reads.
public enum CaptureReason: StageReason {
    /// Nobody pressed Done within `CaptureOptions.timeout` seconds.
    case timedOut(seconds: Double)
    /// Ctrl-C (SIGINT) or SIGTERM stopped the wait.
    case interrupted
    /// The loopback port could not be opened.
    case cannotListen(port: Int, reason: String)
    /// A system call of the server failed.
    case socket(String)
    /// An option value that cannot work (named by its `CaptureOptions` property).
    case badOption(Sentence)

    /// A bad option is bad input; everything else is a failure (exit 1).
    public var kind: FailureKind {
        if case .badOption = self { return .badInput }
        return .failed
    }

    /// One line for the user: what happened and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        switch self {
        case .timedOut(let seconds):
            return
                "no signature arrived within \(NumberText.short(seconds)) seconds; nothing was written. Run it again and press Done on the page, or \(.raise, .captureTimeout)."
        case .interrupted:
            return "interrupted before a signature arrived; nothing was written."
        case .cannotListen(let port, let reason):
            return port == 0
                ? "cannot listen on 127.0.0.1 (\(reason)); check that the loopback interface is up."
                : "cannot listen on 127.0.0.1:\(port) (\(reason)); \(.change, .capturePort) or \(.unset, .capturePort) to let the system choose."
        case .socket(let text):
            return "the capture server failed: \(text); try again."
        case .badOption(let text):
            return text
        }
    }
}
