import SignetCore

/// Reads InkML (`<ink>` with `<trace>`s) into a drawing.
///
/// - Channels come from the `<traceFormat>` in force (a direct child of `<ink>`, or the one of
///   a `<context>`/`<inkSource>`); without one a trace is implicit `X Y`. T is time (s or ms),
///   F is force, normalised by the channel's `min`/`max` (or, when no range is stated, by the
///   largest force in the file if that exceeds 1).
/// - `<context>` elements directly in `<ink>` change the context of the traces after them;
///   `contextRef` and `brushRef` on a trace or `<traceGroup>` pick defined ones.
/// - A `<brush>` gives the stroke's pen (color, transparency, width); `ignorePressure` drops F.
/// - `penUp` traces are hover, not ink, and are skipped.
/// - Difference-encoded values (Microsoft Office) are decoded by `InkMLTraceDecoder`.
struct InkMLReader {
    private struct Trace {
        var place: String
        var pen: Pen?
        var samples: [Sample]
        /// True when `force` holds raw F values with no declared range.
        var rawForce: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let context: ReadContext
    private let definitions: InkMLDefinitions
    private let documentContext: InkMLContext
    private var current: InkMLContext
    private var resolved: [String: InkMLContext] = [:]
    private var traces: [Trace] = []
    private var traceNumber = 0
    private var points = 0
    private var unitsPerInch: Double?
    private var lines: LineCounter

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let root: XMLElement
        do {
            root = try XMLParser.parse(bytes, maxNesting: context.limits.maxNesting)
        } catch let e as XMLSyntaxError {
            throw context.syntax(e.problem, offset: e.offset, in: bytes, language: "XML")
        }
        guard root.name == "ink" else {
            throw context.badValue(
                "line 1",
                "the root element is <\(root.qualifiedName)>, not <ink>, so this is not InkML; try another \(.strokeFormat)"
            )
        }
        var reader = try InkMLReader(bytes: bytes, context: context, root: root)
        try reader.walk(root.children, in: nil, brush: nil)
        return try reader.drawing()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, context: ReadContext, root: XMLElement) throws {
        self.bytes = bytes
        self.context = context
        definitions = InkMLDefinitions(root)
        lines = LineCounter(bytes)
        var base = InkMLContext()
        if let format = root.child(named: "traceFormat") {
            base.format = try InkMLTraceFormat(
                format, context, place: "the trace format at line \(lines.line(at: format.offset))")
            base.unitsPerInch = base.format.unitsPerInchFromUnits
        }
        documentContext = base
        current = base
    }

    /// Walks `elements` in order; `group` and `brush` are a `<traceGroup>`'s overrides.
    private mutating func walk(_ elements: [XMLElement], in group: InkMLContext?, brush: XMLElement?) throws {
        for e in elements {
            let place = "line \(lines.line(at: e.offset))"
            switch e.name {
            case "traceFormat" where group == nil:
                current.format = try InkMLTraceFormat(e, context, place: place)
                current.unitsPerInch = current.format.unitsPerInchFromUnits ?? current.unitsPerInch
            case "context" where group == nil:
                current = try definitions.resolve(e, over: current, context, place: place)
            case "trace":
                try trace(e, in: group, brush: brush, place: place)
            case "traceGroup":
                let inner = try referencedContext(e, place: place) ?? group
                let innerBrush = try definitions.reference(e, "brushRef", "brush", context, place: place) ?? brush
                try walk(e.children, in: inner, brush: innerBrush)
            default:
                continue
            }
        }
    }

    private mutating func referencedContext(_ e: XMLElement, place: String) throws -> InkMLContext? {
        guard let ref = e.attribute("contextRef") else { return nil }
        if let known = resolved[ref] { return known }
        guard let element = definitions.element(ref, "context") else {
            throw context.badValue(place, "contextRef '\(ref)' names no <context>")
        }
        let value = try definitions.resolve(element, over: documentContext, context, place: place)
        resolved[ref] = value
        return value
    }

    private mutating func trace(_ e: XMLElement, in group: InkMLContext?, brush: XMLElement?, place line: String) throws
    {
        traceNumber += 1
        let place = "trace \(traceNumber) (\(line))"
        if e.attribute("type") == "penUp" { return }
        var ctx = try referencedContext(e, place: place) ?? group ?? current
        if let b = try definitions.reference(e, "brushRef", "brush", context, place: place) ?? brush { ctx.brush = b }
        let format = ctx.format
        let width = format.channels.count
        let values: [Double]
        do {
            values = try InkMLTraceDecoder.decode(
                e.text, channels: width, required: format.regularCount, maxPoints: context.limits.maxPointsPerStroke)
        } catch let p as InkMLTraceProblem {
            if p.isLimit {
                throw context.error(
                    .limitExceeded(
                        place: place, what: "points in one trace", limit: "\(context.limits.maxPointsPerStroke)"))
            }
            throw context.syntax(
                "\(place): \(p.problem)", offset: (e.textOffset ?? e.offset) + p.offset, in: bytes, language: "InkML")
        }
        let count = values.count / width
        points += count
        guard points <= context.limits.maxPoints else {
            throw context.error(.limitExceeded(place: place, what: "points", limit: "\(context.limits.maxPoints)"))
        }
        let timeOffset = e.attribute("timeOffset").flatMap(Double.init) ?? 0
        let msPerUnit = format.millisecondsPerTimeUnit
        let (xi, yi, ti) = (format.xIndex, format.yIndex, format.timeIndex)
        let fi = ctx.ignoresPressure ? nil : format.forceIndex
        var rawForce = false
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        for k in 0..<count {
            let base = k * width
            var force: Double?
            if let fi, !values[base + fi].isNaN {
                force = format.normalisedForce(values[base + fi])
                if force == nil {
                    force = values[base + fi]
                    rawForce = true
                }
            }
            let t = ti.flatMap { values[base + $0].isNaN ? nil : values[base + $0] * msPerUnit + timeOffset }
            samples.append(Sample(x: values[base + xi], y: values[base + yi], t: t, force: force))
        }
        traces.append(
            Trace(place: place, pen: try ctx.pen(context, place: place), samples: samples, rawForce: rawForce))
        if unitsPerInch == nil { unitsPerInch = ctx.unitsPerInch }
    }

    private func drawing() throws -> Drawing {
        // Forces without a declared range: scale by the largest one when it exceeds 1.
        let rawMax = traces.filter(\.rawForce).flatMap { $0.samples.compactMap(\.force) }.max() ?? 0
        let scale = rawMax > 1 ? 1 / rawMax : 1
        var builder = DrawingBuilder(context)
        for trace in traces {
            let slot = try builder.startStroke(pen: trace.pen, expectedPoints: trace.samples.count, at: trace.place)
            for (p, var sample) in trace.samples.enumerated() {
                if trace.rawForce, let f = sample.force { sample.force = f * scale }
                try builder.append(sample, to: slot, at: "\(trace.place), point \(p + 1)")
            }
        }
        return try builder.drawing(
            unitsPerInch: unitsPerInch, strokeNoun: "trace",
            noInk: traceNumber == 0 ? "no <trace> elements" : "only pen-up traces")
    }
}
