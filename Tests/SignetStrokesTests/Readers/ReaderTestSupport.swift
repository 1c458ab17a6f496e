import SignetStrokes
import Testing

/// Reads `text` as a stroke file called `name`.
func read(
    _ text: String, name: String = "input.json", format: StrokeFormat? = nil, index: Int = 0,
    limits: StrokeLimits = StrokeLimits()
)
    throws -> Drawing
{
    try StrokeReader.read(
        Array(text.utf8), name: name, options: StrokeReadOptions(format: format, index: index, limits: limits))
}

/// The message of the `StrokeReadError` reading `text` throws (an issue is recorded when it
/// succeeds or throws something else).
func readError(
    _ text: String, name: String = "input.json", format: StrokeFormat? = nil, index: Int = 0,
    limits: StrokeLimits = StrokeLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    readError(
        bytes: Array(text.utf8), name: name, format: format, index: index, limits: limits,
        sourceLocation: sourceLocation)
}

/// The message of the `StrokeReadError` reading `bytes` throws.
func readError(
    bytes: [UInt8], name: String = "input.json", format: StrokeFormat? = nil, index: Int = 0,
    limits: StrokeLimits = StrokeLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    do {
        let drawing = try StrokeReader.read(
            bytes, name: name, options: StrokeReadOptions(format: format, index: index, limits: limits))
        Issue.record("expected an error, read \(drawing.strokes.count) strokes", sourceLocation: sourceLocation)
        return ""
    } catch let error as StrokeReadError {
        #expect(error.kind == .badInput, sourceLocation: sourceLocation)
        return error.message
    } catch {
        Issue.record("expected a StrokeReadError, got \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// The points of every stroke as `[x, y]` pairs, for compact expectations.
func points(_ drawing: Drawing) -> [[[Double]]] {
    drawing.strokes.map { $0.samples.map { [$0.x, $0.y] } }
}
