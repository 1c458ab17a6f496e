/// The reasons one stage fails for: each says what kind of failure it is and how it reads.
///
/// A stage declares only this enum; ``StageError`` is the error it throws.
public protocol StageReason: Sendable, Hashable {
    /// Bad input, a failure of the machine, or a verification that said no.
    var kind: FailureKind { get }
    /// One line for the user about `context` (the file, input, URL or step the failure is
    /// about, as the user named it; `nil` when unknown): what is wrong and the next thing to try,
    /// with that advice kept typed.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    func message(about context: String?) -> Sentence
}

extension StageReason {
    /// `"name: "` for a context, the empty string without one (`-` reads as standard input).
    package static func prefix(_ context: String?) -> Sentence {
        Sentence(context.map { StreamName.input($0) + ": " } ?? "")
    }
}

/// A stage's typed error: what went wrong and what it is about.
public struct StageError<Failure: StageReason>: SignetError, Hashable {
    /// The stage's reasons.
    package typealias Reason = Failure

    /// What went wrong.
    public var reason: Failure
    /// What the failure is about: the file, input, URL or step, as the user named it.
    public var context: String?

    package init(_ reason: Failure, context: String? = nil) {
        self.reason = reason
        self.context = context
    }

    package init(_ context: String, _ reason: Failure) {
        self.init(reason, context: context)
    }

    /// The same error, about `context`.
    package func naming(_ context: String) -> Self { Self(reason, context: context) }

    /// The reason's kind.
    public var kind: FailureKind { reason.kind }

    /// One line for the user: the context, what is wrong and what to try next.
    public var sentence: Sentence { reason.message(about: context) }

    /// The `sentence` as a Swift caller reads it: its advice names option properties.
    public var message: String { sentence.description }
}

/// An error about a context that can be named again: the CLI names a temporary copy of standard
/// input as the user gave it, whatever stage failed on it.
package protocol RenamableError: Error {
    /// What the failure is about, as named now.
    var context: String? { get }
    /// The same error, about `context`.
    func naming(_ context: String) -> Self
}

extension StageError: RenamableError {}
