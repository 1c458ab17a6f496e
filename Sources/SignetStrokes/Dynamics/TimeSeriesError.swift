import SignetCore

/// A drawing's dynamics could not be written as an ISO/IEC 19794-7 record or plotted. Always
/// bad input (exit 2).
public typealias TimeSeriesError = StageError<TimeSeriesReason>

/// Why a drawing's dynamics cannot be recorded or plotted.
public enum TimeSeriesReason: StageReason {
    /// A sample has no time: dynamics are a time series. `place` names the first one
    /// ("stroke 1, point 1").
    case noTimestamps(place: String)
    /// A coordinate, time, pressure or tilt is not a finite number, or too large to scale.
    case unscalable(place: String, what: String)
    /// The drawing has no samples.
    case noSamples
    /// More samples (pen-up samples between strokes included) than a record counts.
    case tooManySamples(count: Int, limit: Int)

    /// Always bad input.
    public var kind: FailureKind { .badInput }

    /// One line for the user.
    /// - Parameter context: The strokes file the drawing came from; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let file = Self.prefix(context)
        switch self {
        case .noTimestamps(let place):
            return
                "\(file)\(place) has no time, and the pen's dynamics are a time series; give strokes captured with times (a pen pad, Pointer Events, SVC2004, an ISO/IEC 19794-7 record, Signet JSON with \"t\")."
        case .unscalable(let place, let what):
            return "\(file)\(place): the \(what) cannot be scaled into the record; check that this is the right file."
        case .noSamples:
            return "\(file)the drawing has no samples; give it the strokes to record."
        case .tooManySamples(let count, let limit):
            return
                "\(file)\(count) samples are more than an ISO/IEC 19794-7 record counts (\(limit)); split the drawing."
        }
    }
}
