/// Reads Quick, Draw! records: `{"word", …, "drawing": [[[x…], [y…], [t…]?], …]}`.
/// Raw records carry times (ms since the first point); simplified ones have only x and y.
/// A file is NDJSON (one record per line, streamed by `StrokeStreamReader`) or a JSON array of
/// records; `--index` picks the record, counting from 0, or by name: the first record whose
/// `key_id` or `word` it is.
enum QuickDrawReader {
    /// What a record is looked for by, and what a "no record named" message lists.
    static let unit = "record with the key_id or word"
    static let listed = "words"

    /// Reads a JSON array of records (or a single record object).
    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        switch json {
        case .array(let records) where context.drawingName != nil:
            var names = DrawingNames(context.drawingName!)
            for (i, item) in records.enumerated() where try names.matches(item, context, at: "record \(i + 1)") {
                return try record(item, context, at: "record \(i + 1)")
            }
            throw names.notFound(context, unit: unit, listed: listed)
        case .array(let records):
            guard context.index < records.count else {
                if records.isEmpty { throw context.error(.noInk(detail: "the array holds no records")) }
                throw context.error(.indexOutOfRange(index: context.index, count: records.count, unit: "record"))
            }
            return try record(records[context.index], context, at: "record \(context.index + 1)")
        case .object:
            if let wanted = context.drawingName {
                var names = DrawingNames(wanted)
                guard try names.matches(json, context, at: "record 1") else {
                    throw names.notFound(context, unit: unit, listed: listed)
                }
            } else {
                try context.requireSingleDrawing()
            }
            return try record(json, context, at: "record 1")
        default:
            throw context.badValue("top level", "expected Quick, Draw! records, not \(json.typeName)")
        }
    }

    /// One record; `place` names it ("record 3" or "line 4").
    static func record(_ json: JSONValue, _ context: ReadContext, at place: String) throws -> Drawing {
        let o = try context.object(json, named: "a Quick, Draw! record", at: place)
        var builder = DrawingBuilder(context)
        for (s, strokeValue) in try context.array(o, "drawing", at: place).enumerated() {
            let here = "\(place), stroke \(s + 1)"
            let channels = try context.array(strokeValue, named: "a stroke", at: here)
            guard channels.count == 2 || channels.count == 3 else {
                throw context.badValue(
                    here, "a stroke should be [[x…], [y…]] or [[x…], [y…], [t…]], not \(channels.count) arrays")
            }
            let xs = try numbers(channels[0], "x", context, at: here)
            let ys = try numbers(channels[1], "y", context, at: here)
            let ts = channels.count == 3 ? try numbers(channels[2], "t", context, at: here) : nil
            guard ys.count == xs.count, ts == nil || ts!.count == xs.count else {
                let counts = [xs.count, ys.count] + (ts.map { [$0.count] } ?? [])
                throw context.badValue(
                    here,
                    "the x, y\(ts == nil ? "" : " and t") arrays differ in length (\(counts.map(String.init).joined(separator: ", ")))"
                )
            }
            let slot = try builder.startStroke(expectedPoints: xs.count, at: here)
            for i in xs.indices {
                try builder.append(Sample(x: xs[i], y: ys[i], t: ts?[i]), to: slot, at: "\(here), point \(i + 1)")
            }
        }
        return try builder.drawing(noInk: "\(place) has an empty \"drawing\"")
    }

    /// A record's `key_id` (a string, or a number in some derived files) and `word`.
    static func names(
        _ json: JSONValue, _ context: ReadContext, at place: String
    ) throws -> (key: String?, word: String?) {
        let o = try context.object(json, named: "a Quick, Draw! record", at: place)
        let key = o["key_id"].flatMap { value in
            value.string ?? value.number.map { $0 == $0.rounded() && abs($0) < 0x1p53 ? String(Int64($0)) : $0.shown }
        }
        return (key, o["word"]?.string)
    }

    private static func numbers(
        _ value: JSONValue, _ name: String, _ context: ReadContext, at place: String
    ) throws -> [Double] {
        let items = try context.array(value, named: "the \(name) array", at: place)
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            out.append(try context.number(item, named: name, at: "\(place), point \(i + 1)"))
        }
        return out
    }
}
