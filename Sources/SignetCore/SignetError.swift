/// What kind of failure an error is; the CLI turns it into an exit code.
public enum FailureKind: String, Sendable, Hashable, Codable {
    /// The input or the request is wrong (exit 2): fix the input or the options.
    case badInput
    /// The job could not be done although the input was fine (exit 1), e.g. a budget out of reach.
    case failed
    /// A verification ran and said no (exit 3).
    case rejected

    /// The process exit code the CLI uses for this kind.
    package var exitCode: Int32 {
        switch self {
        case .badInput: return 2
        case .failed: return 1
        case .rejected: return 3
        }
    }
}

/// The common face of every stage's typed error.
///
/// `message` is one clear sentence a user can act on: the context (file, line, page, stroke)
/// first, then what went wrong, then the next thing to try.
public protocol SignetError: Error, Sendable, CustomStringConvertible {
    /// Bad input (exit 2), or a failure of the machine or a library (exit 1).
    var kind: FailureKind { get }
    /// One line for the user: the input, what is wrong and the next thing to try.
    var message: String { get }
    /// The `message` with its advice kept typed, so the CLI can name its flags instead of the
    /// option properties.
    var sentence: Sentence { get }
}

extension SignetError {
    /// The `message`, with no advice in it.
    package var sentence: Sentence { Sentence(message) }

    /// The `message`.
    public var description: String { message }
}
