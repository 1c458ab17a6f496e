import SignetCore

/// A stroke input could not be turned into a drawing. Always bad input (exit 2).
public typealias StrokeReadError = StageError<StrokeReadReason>

/// Why strokeread failed: each reason says its kind and how it reads.
public enum StrokeReadReason: StageReason {
    /// The text is not well-formed: `language` is "JSON", "XML", "InkML trace" or "SVC2004".
    case syntax(line: Int, column: Int, problem: String, language: String)
    /// A value is missing, of the wrong type or out of range. `place` says where
    /// ("stroke 2, point 5", "line 7", "trace 3"); `problem` says what and how to fix it.
    case badValue(place: String, problem: Sentence)
    /// No reader recognises the content.
    case unknownFormat
    /// The input holds nothing but white space.
    case empty
    /// The input is well-formed but holds no ink (no strokes, or only empty ones); `detail` says why.
    case noInk(detail: String)
    /// A limit from `StrokeLimits` was reached.
    case limitExceeded(place: String, what: String, limit: String)
    /// `StrokeReadOptions.index` asks for a drawing the file does not have.
    case indexOutOfRange(index: Int, count: Int, unit: String)
    /// `StrokeReadOptions.drawingName` names no drawing of the file. `unit` says what was looked
    /// for ("record with the word or key_id"), `listed` what `names` are ("words"): the first
    /// of the file's names, `more` when it has others.
    case noDrawingNamed(name: String, unit: String, listed: String, names: [String], more: Bool)
    /// `StrokeReadOptions.drawingName` is set for a file whose format does not name drawings.
    case unnamedDrawings(name: String)

    /// Always bad input.
    public var kind: FailureKind { .badInput }

    /// One line for the user: the file, the line and column, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let file = StreamName.input(context ?? "-")
        switch self {
        case .syntax(let line, let column, let problem, let language):
            return
                "\(file), line \(line), column \(column): \(problem); check that the file is complete, valid \(language)."
        case .badValue(let place, let problem):
            return "\(file), \(place): \(problem)."
        case .unknownFormat:
            return "cannot tell the format of \(file); \(.give, .strokeFormat) (one of \(StrokeFormat.names))."
        case .empty:
            return "\(file) is empty; give it the strokes to draw."
        case .noInk(let detail):
            return "\(file): \(NoInk.message(detail))"
        case .limitExceeded(let place, let what, let limit):
            return
                "\(file), \(place): more than \(limit) \(what), beyond what any signature needs; check that this is the right file."
        case .indexOutOfRange(let index, let count, let unit):
            let range: Sentence = count == 1 ? "only \(.strokeIndex) 0" : "\(.strokeIndex) 0 to \(count - 1)"
            return
                "\(file) holds \(count) \(unit)\(count == 1 ? "" : "s"), so \(.strokeIndex) \(index) is out of range; use \(range)."
        case .noDrawingNamed(let name, let unit, let listed, let names, let more):
            guard !names.isEmpty else {
                return "\(file) has no \(unit) '\(name)', nor any names; \(.give, .strokeIndex) (from 0) instead."
            }
            let shown = names.map { "'\($0)'" }.joined(separator: ", ") + (more ? ", …" : "")
            return
                "\(file) has no \(unit) '\(name)'; its \(listed) are \(shown); \(.change, .strokeDrawingName) to one of them, or \(.give, .strokeIndex) (from 0)."
        case .unnamedDrawings(let name):
            return
                "\(file) holds one drawing, and its format does not name drawings, so there is none named '\(name)'; \(.unset, .strokeDrawingName)."
        }
    }
}
