import SignetCore

/// Reads stroke files from disk or standard input: the file edge of `StrokeReader`.
public enum StrokeFile {
    /// The drawing in the stroke file at `path` (`-` reads standard input).
    ///
    /// Line-delimited inputs (NDJSON touch events or Quick, Draw! records, recognised from their
    /// first line) are streamed line by line, so their size is bounded only per line; Quick, Draw!
    /// stops reading once the record `options.index` is in. Everything else is read whole, up
    /// to `options.limits.maxInputBytes`. Errors name the file ("standard input" for `-`).
    /// - Parameters:
    ///   - path: The stroke file (`-` = standard input).
    ///   - options: The format, drawing index and limits to read with.
    /// - Throws: ``FileError`` when the file cannot be read; ``StrokeReadError`` naming its line and column.
    public static func read(path: String, options: StrokeReadOptions = StrokeReadOptions()) throws -> Drawing {
        try readDetecting(path: path, options: options).drawing
    }

    /// `read(path:options:)`, and the format it read (the one given, or the one detected).
    package static func readDetecting(
        path: String, options: StrokeReadOptions = StrokeReadOptions()
    ) throws -> (drawing: Drawing, format: StrokeFormat) {
        let name = displayName(path)
        let limits = options.limits
        let lines = try LineReader(path: path, maxLineLength: limits.maxLineBytes)
        let head = try lines.peek(min(limits.maxLineBytes, limits.maxInputBytes) + 1)
        if let format = StrokeStreamReader.lineFormat(of: Array(head), name: name, options: options) {
            var reader = try StrokeStreamReader(format: format, name: name, options: options)
            while !reader.isComplete, let line = try lines.nextLine() {
                try reader.feed(line: line)
            }
            return (try reader.finish(), format)
        }
        return try StrokeReader.readDetecting(
            try lines.readRest(limit: limits.maxInputBytes), name: name, options: options)
    }

    /// How messages name `path`.
    package static func displayName(_ path: String) -> String { StreamName.input(path) }
}
