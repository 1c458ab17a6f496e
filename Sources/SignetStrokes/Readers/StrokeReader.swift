/// Turns the bytes of a stroke file into a `Drawing`: detects the format (or uses the one
/// given), then hands the content to that format's reader. Pure: no files, no clock.
public enum StrokeReader {
    /// Reads `bytes`, named `name` in messages (a file name, or "standard input").
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - name: The file's name, for messages and format hints (its extension).
    ///   - options: The format, drawing index and limits to read with.
    /// - Throws: ``StrokeReadError`` naming the line and column.
    public static func read(
        _ bytes: [UInt8], name: String, options: StrokeReadOptions = StrokeReadOptions()
    ) throws -> Drawing {
        try readDetecting(bytes, name: name, options: options).drawing
    }

    /// `read(_:name:options:)`, and the format it read (the one given, or the one detected).
    package static func readDetecting(
        _ bytes: [UInt8], name: String, options: StrokeReadOptions = StrokeReadOptions()
    ) throws -> (drawing: Drawing, format: StrokeFormat) {
        try bytes.withUnsafeBufferPointer { try read(buffer: $0, name: name, options: options) }
    }

    private static func read(
        buffer: UnsafeBufferPointer<UInt8>, name: String, options: StrokeReadOptions
    ) throws -> (drawing: Drawing, format: StrokeFormat) {
        let context = ReadContext(name: name, options: options)
        guard buffer.count <= options.limits.maxInputBytes else {
            throw context.error(
                .limitExceeded(place: "the whole input", what: "bytes", limit: "\(options.limits.maxInputBytes)"))
        }
        // A binary record, told by its magic before any text is looked at.
        if options.format == .iso19794_7 || (options.format == nil && ISO19794_7.hasMagic(buffer)) {
            return (try ISO19794RecordReader.read(Array(buffer), context), .iso19794_7)
        }
        let text = try unicodeText(buffer, context)
        guard TextScan.firstNonSpace(text) != nil else { throw context.error(.empty) }
        switch try FormatDetector.plan(text, forced: options.format, context) {
        case .lines(let format, let firstRecord):
            return (try readLines(text, format: format, firstRecord: firstRecord, name: name, options: options), format)
        case .document(nil, _):
            throw context.error(.unknownFormat)
        case .document(let format?, let json):
            let document = { try json ?? context.parseJSON(text) }
            let drawing: Drawing
            switch format {
            case .inkml: drawing = try InkMLReader.read(text, context)
            case .svc2004: drawing = try SVC2004Reader.read(text, context)
            case .touch: drawing = try TouchEventAssembler.read(document(), context)
            case .quickdraw: drawing = try QuickDrawReader.read(document(), context)
            case .signet: drawing = try SignetJSONReader.read(document(), context)
            case .signaturePad: drawing = try SignaturePadReader.read(document(), context)
            case .perfectFreehand: drawing = try PerfectFreehandReader.read(document(), context)
            case .excalidraw: drawing = try ExcalidrawReader.read(document(), context)
            case .flutter: drawing = try FlutterPointerReader.read(document(), context)
            case .getevent: drawing = try GeteventReader.read(text, context)
            case .pointerEvents: drawing = try PointerEventsReader.read(document(), context)
            case .iso19794_7: drawing = try ISO19794RecordReader.read(Array(text), context)
            }
            return (drawing, format)
        }
    }

    /// NDJSON held in memory, fed line by line to the same reader a stream uses. `firstRecord`
    /// is the first record when it is already parsed (an input of one line).
    private static func readLines(
        _ text: UnsafeBufferPointer<UInt8>, format: StrokeFormat, firstRecord: JSONValue?, name: String,
        options: StrokeReadOptions
    ) throws -> Drawing {
        var reader = try StrokeStreamReader(format: format, name: name, options: options)
        var firstRecord = firstRecord
        try TextScan.forEachLine(text) { range in
            guard range.count <= options.limits.maxLineBytes else {
                throw StrokeReadError(
                    name,
                    .limitExceeded(
                        place: "line \(reader.lineNumber + 1)", what: "bytes in one line",
                        limit: "\(options.limits.maxLineBytes)"))
            }
            if let record = firstRecord, text[range].contains(where: { !TextScan.isSpace($0) }) {
                firstRecord = nil
                try reader.feed(record: record, line: reader.lineNumber + 1)
            } else {
                try reader.feed(line: Array(text[range])[...])
            }
            return !reader.isComplete
        }
        return try reader.finish()
    }

    /// The text without a UTF-8 byte order mark; UTF-16 is refused with a hint.
    private static func unicodeText(
        _ buffer: UnsafeBufferPointer<UInt8>, _ context: ReadContext
    ) throws -> UnsafeBufferPointer<UInt8> {
        if buffer.count >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
            throw context.badValue("byte 1", "the text is UTF-16; save it as UTF-8")
        }
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            return UnsafeBufferPointer(rebasing: buffer[3...])
        }
        return buffer
    }
}

extension StrokeFormat {
    /// The format of `bytes` judged from the content, with `name`'s extension as a fallback;
    /// `nil` when neither tells (or when the content is malformed JSON).
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - name: The file's name, whose extension is the fallback.
    package static func detect(_ bytes: [UInt8], name: String) -> StrokeFormat? {
        let context = ReadContext(name: name, options: StrokeReadOptions())
        return bytes.withUnsafeBufferPointer { buffer in
            if ISO19794_7.hasMagic(buffer) { return .iso19794_7 }
            var text = buffer
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                text = UnsafeBufferPointer(rebasing: buffer[3...])
            }
            switch try? FormatDetector.plan(text, forced: nil, context) {
            case .lines(let format, _)?: return format
            case .document(let format, _)?: return format
            case nil: return nil
            }
        }
    }
}
