/// One line for a user whose advice stays typed: text with ``Advice`` in it.
///
/// The library reads the advice with option property names (`RenderOptions.scale`); the CLI
/// reads it with its flags (`--scale`). Build one with string interpolation:
/// `"the image is too large; \(.lower, .renderScale)."`
public struct Sentence: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A piece of the line.
    package enum Part: Sendable, Hashable {
        /// Text that reads the same for every reader.
        case text(String)
        /// Advice about an option; `lead` goes before it, and both are left out where the reader
        /// has no way to follow it.
        case advice(Advice, lead: String)
    }

    /// The pieces, in order.
    package var parts: [Part]

    /// A sentence with no advice.
    /// - Parameter text: The whole line.
    package init(_ text: String) { parts = text.isEmpty ? [] : [.text(text)] }

    /// A sentence of literal text.
    /// - Parameter value: The whole line.
    public init(stringLiteral value: String) { self.init(value) }

    /// A sentence built by interpolation.
    /// - Parameter stringInterpolation: The collected pieces.
    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The line, each advice read by `say` (a `nil` drops the advice and its lead).
    /// - Parameter say: How this reader words one advice (`nil`: it cannot follow it).
    package func rendered(_ say: (Advice) -> String?) -> String {
        var line = ""
        for part in parts {
            switch part {
            case .text(let text): line += text
            case .advice(let advice, let lead): if let said = say(advice) { line += lead + said }
            }
        }
        return line
    }

    /// The line as a Swift caller reads it: advice names option properties.
    public var description: String { rendered { $0.description } }

    /// The advice in the sentence.
    public var advice: [Advice] {
        parts.compactMap {
            if case .advice(let advice, _) = $0 { return advice }
            return nil
        }
    }

    /// Alternatives as one phrase: "a", "a or b", "a, b or c".
    /// - Parameter items: The alternatives, in order.
    package static func either(_ items: [Sentence]) -> Sentence {
        guard let last = items.last else { return Sentence("") }
        let head = items.dropLast()
        guard !head.isEmpty else { return last }
        return head.dropFirst().reduce(head[head.startIndex]) { $0 + ", " + $1 } + " or " + last
    }

    /// Two sentences one after the other.
    /// - Parameters:
    ///   - lhs: The first sentence.
    ///   - rhs: The one after it.
    package static func + (lhs: Sentence, rhs: Sentence) -> Sentence { Sentence(parts: lhs.parts + rhs.parts) }

    private init(parts: [Part]) { self.parts = parts }

    /// Collects the pieces of an interpolated sentence.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        /// Room for the literal text.
        /// - Parameters:
        ///   - literalCapacity: Characters of literal text (unused).
        ///   - interpolationCount: Interpolated values (unused).
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Literal text.
        /// - Parameter literal: The text.
        public mutating func appendLiteral(_ literal: String) { append(literal) }

        /// A value read the same by everyone.
        /// - Parameter value: The value, as `String(describing:)` reads it.
        public mutating func appendInterpolation<T>(_ value: T) { append(String(describing: value)) }

        /// Another sentence, its advice kept.
        /// - Parameter sentence: The sentence to add.
        package mutating func appendInterpolation(_ sentence: Sentence) {
            for part in sentence.parts {
                if case .text(let text) = part { append(text) } else { parts.append(part) }
            }
        }

        /// Advice: do `action` to `property`.
        /// - Parameters:
        ///   - action: What to do.
        ///   - property: The option it is about.
        package mutating func appendInterpolation(_ action: Advice.Action, _ property: OptionProperty) {
            parts.append(.advice(Advice(action, property), lead: ""))
        }

        /// An option property by its name.
        /// - Parameter property: The option to name.
        package mutating func appendInterpolation(_ property: OptionProperty) {
            parts.append(.advice(Advice(.name, property), lead: ""))
        }

        /// Advice that only some readers can follow: `lead` and the advice, or nothing.
        /// - Parameters:
        ///   - lead: The words before the advice.
        ///   - action: What to do.
        ///   - property: The option it is about.
        package mutating func appendInterpolation(
            optional lead: String, _ action: Advice.Action, _ property: OptionProperty
        ) {
            parts.append(.advice(Advice(action, property), lead: lead))
        }

        private mutating func append(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(let previous) = parts.last {
                parts[parts.count - 1] = .text(previous + text)
            } else {
                parts.append(.text(text))
            }
        }
    }
}
