/// Ceilings that keep a hostile or mistaken input from exhausting memory or time. The defaults
/// are far above anything a real signature reaches (a long signature has a few thousand points
/// in a few dozen strokes, and fits in well under 1 MB); exceeding one is a clear error.
public struct StrokeLimits: Sendable, Hashable, Codable {
    /// Largest whole input read into memory (JSON, InkML, SVC2004 text): 16 MiB.
    /// Line-delimited inputs (NDJSON) are streamed and only bounded per line.
    public var maxInputBytes: Int
    /// Longest line of a line-delimited or text input: 1 MiB.
    public var maxLineBytes: Int
    /// Most points in one stroke: 100,000.
    public var maxPointsPerStroke: Int
    /// Most points in one drawing: 1,000,000.
    public var maxPoints: Int
    /// Most strokes in one drawing: 10,000.
    public var maxStrokes: Int
    /// Largest coordinate magnitude, in capture units: 10,000,000.
    public var maxCoordinate: Double
    /// Deepest nesting of JSON arrays/objects or XML elements: 100.
    public var maxNesting: Int

    /// The default `maxCoordinate`, also the renderer's limit for drawings built in code
    /// (`RenderOptions.maxCoordinate`): one coordinate limit for every path into a render.
    public static let defaultMaxCoordinate = 10_000_000.0

    /// Limits; the defaults are `signet`'s.
    /// - Parameters:
    ///   - maxInputBytes: Largest whole input read into memory (JSON, InkML, SVC2004 text): 16 MiB.
    ///   - maxLineBytes: Longest line of a line-delimited or text input: 1 MiB.
    ///   - maxPointsPerStroke: Most points in one stroke: 100,000.
    ///   - maxPoints: Most points in one drawing: 1,000,000.
    ///   - maxStrokes: Most strokes in one drawing: 10,000.
    ///   - maxCoordinate: Largest coordinate magnitude, in capture units: 10,000,000.
    ///   - maxNesting: Deepest nesting of JSON arrays/objects or XML elements: 100.
    public init(
        maxInputBytes: Int = 16 << 20, maxLineBytes: Int = 1 << 20, maxPointsPerStroke: Int = 100_000,
        maxPoints: Int = 1_000_000, maxStrokes: Int = 10_000, maxCoordinate: Double = StrokeLimits.defaultMaxCoordinate,
        maxNesting: Int = 100
    ) {
        self.maxInputBytes = maxInputBytes
        self.maxLineBytes = maxLineBytes
        self.maxPointsPerStroke = maxPointsPerStroke
        self.maxPoints = maxPoints
        self.maxStrokes = maxStrokes
        self.maxCoordinate = maxCoordinate
        self.maxNesting = maxNesting
    }

    /// The limits, one line each, for `--help`.
    package var summary: [String] {
        [
            "input size \(Self.bytes(maxInputBytes)) (NDJSON is streamed; a line may hold \(Self.bytes(maxLineBytes)))",
            "\(maxPointsPerStroke) points per stroke, \(maxPoints) points and \(maxStrokes) strokes per drawing",
            "coordinates within ±\(maxCoordinate.shown), nesting \(maxNesting) levels deep",
        ]
    }

    /// `16 MiB` for whole mebibytes, else `1000 bytes`.
    private static func bytes(_ n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n) bytes"
    }
}
