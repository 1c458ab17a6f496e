/// Tells the format of an input from its content, with the file extension as a fallback, and
/// decides how to read it, parsing a JSON document only once.
enum FormatDetector {
    /// How to read an input.
    enum Plan {
        /// NDJSON: one record per line, read line by line. `firstRecord` is the first record when
        /// it was parsed to decide (an input of one line).
        case lines(StrokeFormat, firstRecord: JSONValue?)
        /// The whole input as one document of `format` (`nil`: unknown); `json` is the document
        /// already parsed when the input is JSON.
        case document(StrokeFormat?, json: JSONValue?)
    }

    /// The plan for `text` (without a byte order mark). `forced` is the format the user named.
    /// Throws only for malformed JSON, whose line and column say more than "unknown format".
    static func plan(_ text: UnsafeBufferPointer<UInt8>, forced: StrokeFormat?, _ context: ReadContext) throws -> Plan {
        guard let first = TextScan.firstNonSpace(text) else { return .document(forced, json: nil) }
        if let forced, !forced.isJSON { return .document(forced, json: nil) }
        if forced == nil, looksLikeGetevent(text) { return .document(.getevent, json: nil) }
        if forced == nil {
            switch text[first] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                break
            case UInt8(ascii: "<"):
                return .document(.inkml, json: nil)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .document(
                    looksLikeSVC2004(text) ? .svc2004 : StrokeFormat.hinted(byName: context.name), json: nil)
            default:
                return .document(StrokeFormat.hinted(byName: context.name), json: nil)
            }
        }
        if let format = lineFormat(text, forced: forced, context) { return .lines(format, firstRecord: nil) }
        let json = try context.parseJSON(text)
        let format = forced ?? classify(json) ?? StrokeFormat.hinted(byName: context.name)
        // One record on one line is NDJSON of one line, read as such (a record spread over
        // several lines is a JSON document).
        if let format, format.isLineDelimited, json.object != nil, TextScan.nonBlankLines(text, limit: 2).count == 1 {
            return .lines(format, firstRecord: json)
        }
        return .document(format, json: json)
    }

    /// The format of NDJSON: the first non-blank line is a JSON object of a line-delimited format
    /// (`forced`, or the one the object looks like) and more text follows it. `nil` otherwise;
    /// nothing is parsed when `forced` is a whole-document format or the first line is all there
    /// is (a one-line input is then parsed once, as a whole).
    static func lineFormat(
        _ text: UnsafeBufferPointer<UInt8>, forced: StrokeFormat?, _ context: ReadContext
    ) -> StrokeFormat? {
        if let forced, !forced.isLineDelimited { return nil }
        guard let line = TextScan.nonBlankLines(text, limit: 1).first,
            text[line.upperBound...].contains(where: { !TextScan.isSpace($0) }),
            let record = TextScan.lineObject(text, line, context)
        else { return nil }
        let format = forced ?? classify(.object(record))
        return format?.isLineDelimited == true ? format : nil
    }

    /// The format a parsed JSON value has, judged by its shape.
    static func classify(_ json: JSONValue) -> StrokeFormat? {
        switch json {
        case .object(let o):
            if o["format"]?.string == SignetJSONReader.formatName || o.has("strokes") { return .signet }
            if o["type"]?.string?.hasPrefix("excalidraw") == true || o.has("elements") { return .excalidraw }
            if o.has("phase") { return .touch }
            if o.has("drawing") { return .quickdraw }
            if o.has("devicePixelRatio") || isFlutterRecord(o) || o["data"]?.array.map(holdsFlutterRecords) == true {
                return .flutter
            }
            if o.values.contains(where: { isPointArray($0) }) { return .perfectFreehand }
            return nil
        case .array(let items):
            // An empty pad's signature_pad `toData()` is `[]`.
            guard let first = items.first else { return .signaturePad }
            switch first {
            case .object(let f):
                if f.has("phase") { return .touch }
                if f.has("drawing") { return .quickdraw }
                if f.has("points") { return .signaturePad }
                if holdsFlutterRecords(items) { return .flutter }
                // A PointerEvent also has `x` and `y` (aliases of clientX and clientY).
                if f.has("pointerId") || f.has("pointerType") || f.has("clientX")
                    || f["type"]?.string?.hasPrefix("pointer") == true
                {
                    return .pointerEvents
                }
                if f.has("x"), f.has("y") { return .perfectFreehand }
                return nil
            case .array(let inner):
                if case .object(let p)? = inner.first, p.has("x"), p.has("y") { return .signaturePad }
                if case .number? = inner.first { return .perfectFreehand }
                return nil
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// A Flutter `PointerData` record: it has a `change` or a physical position.
    private static func isFlutterRecord(_ o: JSONObject) -> Bool {
        o.has("change") || o.has("physicalX") || o.has("physicalY")
    }

    /// Flutter records, or packets of them (`{"ts", "events": [records]}`): the first item is a
    /// record, or the first record of the first packets that hold any is one.
    private static func holdsFlutterRecords(_ items: JSONArray) -> Bool {
        guard let first = items.first?.object else { return false }
        if isFlutterRecord(first) { return true }
        for item in items.prefix(8) {
            guard let records = FlutterPointerReader.packetRecords(item)?.array else { return false }
            if let record = records.first { return record.object.map(isFlutterRecord) == true }
        }
        return false
    }

    /// Android `getevent` output: one of the first three non-blank lines starts like an event
    /// (`[ 12.345678] /dev/input/event2: EV_SYN SYN_REPORT 00000000`) or starts the `-p` header
    /// (`add device 1: /dev/input/event2`).
    private static func looksLikeGetevent(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        TextScan.nonBlankLines(text, limit: 3).contains { range in
            // An event line is short; a long line (one-line JSON) is not one.
            guard range.count <= 200 else { return false }
            let words = TextScan.words(text, range)
            return words.starts(with: ["add", "device"]) || GeteventLine.eventStart(words) != nil
        }
    }

    /// `[[x, y, …], …]` or `[{x, y}, …]`.
    private static func isPointArray(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value, let first = items.first else { return false }
        switch first {
        case .array(let p): return (2...4).contains(p.count) && p.allSatisfy { $0.number != nil }
        case .object(let o): return o.has("x") && o.has("y")
        default: return false
        }
    }

    /// A first line holding one whole number, then a line of 4 or 7 numbers.
    private static func looksLikeSVC2004(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = TextScan.nonBlankLines(text, limit: 2).makeIterator()
        guard let header = lines.next(), let sample = lines.next() else { return false }
        let headerWords = TextScan.words(text, header)
        let sampleWords = TextScan.words(text, sample)
        return headerWords.count == 1 && Int(headerWords[0]) != nil
            && (sampleWords.count == 4 || sampleWords.count == 7) && sampleWords.allSatisfy { Double($0) != nil }
    }
}
