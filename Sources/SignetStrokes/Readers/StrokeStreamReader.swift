/// Reads a line-delimited stroke input (NDJSON touch events or Quick, Draw! records) one line at
/// a time, so memory does not grow with the input: feed every line in order, stop early when
/// `isComplete` says the rest is not needed, then call `finish()`.
///
/// Touch events build strokes as they arrive; Quick, Draw! lines before `--index` are counted
/// and skipped without being parsed or kept (asked for by name, each is parsed until one matches).
package struct StrokeStreamReader: Sendable {
    private enum State: Sendable {
        case touch(TouchEventAssembler)
        case quickdraw(records: Int, drawing: Drawing?)
    }

    private let context: ReadContext
    private var state: State
    /// The Quick, Draw! record asked for by name, and the names passed.
    private var names: DrawingNames?
    /// Lines fed so far (the number of the last line).
    package private(set) var lineNumber = 0

    /// A reader for `format`, which must be line-delimited (`touch` or `quickdraw`).
    package init(format: StrokeFormat, name: String, options: StrokeReadOptions = StrokeReadOptions()) throws {
        context = ReadContext(name: name, options: options)
        switch format {
        case .touch:
            try context.requireSingleDrawing()
            state = .touch(TouchEventAssembler(context))
        case .quickdraw:
            state = .quickdraw(records: 0, drawing: nil)
            names = context.drawingName.map(DrawingNames.init)
        default:
            throw context.badValue(
                "top level", "\(format.rawValue) is not a line-delimited format; only touch and quickdraw are")
        }
    }

    /// True when the wanted drawing is complete and further lines would be ignored.
    package var isComplete: Bool {
        if case .quickdraw(_, .some) = state { return true }
        return false
    }

    /// Takes the next line (without its line break). Blank lines are skipped.
    package mutating func feed(line: ArraySlice<UInt8>) throws {
        lineNumber += 1
        var line = line
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        guard line.contains(where: { !TextScan.isSpace($0) }), !skipsRecord() else { return }
        try take(try context.parseJSON(line, firstLine: lineNumber))
    }

    /// Takes the record on line `line`, already parsed.
    mutating func feed(record: JSONValue, line: Int) throws {
        lineNumber = line
        guard !skipsRecord() else { return }
        try take(record)
    }

    /// True (and counted) for a Quick, Draw! record before `--index`, which is not even parsed,
    /// and for any record after the wanted one.
    private mutating func skipsRecord() -> Bool {
        guard case .quickdraw(let records, let drawing) = state else { return false }
        guard drawing == nil else { return true }
        guard names == nil, records < context.index else { return false }
        state = .quickdraw(records: records + 1, drawing: nil)
        return true
    }

    private mutating func take(_ record: JSONValue) throws {
        let place = "line \(lineNumber)"
        switch state {
        case .touch(var assembler):
            // Take the assembler out of `state` so its arrays are uniquely owned while it grows.
            state = .quickdraw(records: 0, drawing: nil)
            defer { state = .touch(assembler) }
            try assembler.apply(record, at: place)
        case .quickdraw(let records, _):
            if names != nil, try !names!.matches(record, context, at: place) {
                state = .quickdraw(records: records + 1, drawing: nil)
                return
            }
            state = .quickdraw(records: records + 1, drawing: try QuickDrawReader.record(record, context, at: place))
        }
    }

    package mutating func feed(line: [UInt8]) throws { try feed(line: line[...]) }

    package mutating func feed(line: String) throws { try feed(line: Array(line.utf8)[...]) }

    /// The drawing read from the lines fed.
    package func finish() throws -> Drawing {
        switch state {
        case .touch(let assembler):
            return try assembler.finish()
        case .quickdraw(let records, let drawing):
            if let drawing { return drawing }
            if records == 0 { throw context.error(.noInk(detail: "no Quick, Draw! records")) }
            if let names { throw names.notFound(context, unit: QuickDrawReader.unit, listed: QuickDrawReader.listed) }
            throw context.error(.indexOutOfRange(index: context.index, count: records, unit: "record"))
        }
    }

    /// The line-delimited format of an input whose first bytes are `head` (at least its first
    /// line): its first non-blank line must be a whole JSON object with more text after it, and
    /// the format given in `options` (or else the one that object looks like) must be `touch` or
    /// `quickdraw`. `nil` means the input is to be read whole; then nothing was parsed when the
    /// format given is a whole-document one or when the first line is all `head` holds.
    package static func lineFormat(
        of head: [UInt8], name: String, options: StrokeReadOptions = StrokeReadOptions()
    ) -> StrokeFormat? {
        let context = ReadContext(name: name, options: options)
        return head.withUnsafeBufferPointer { buffer -> StrokeFormat? in
            let bom = buffer.starts(with: [0xEF, 0xBB, 0xBF])
            let text = bom ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer
            return FormatDetector.lineFormat(text, forced: options.format, context)
        }
    }
}
