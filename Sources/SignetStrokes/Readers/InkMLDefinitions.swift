/// The `<context>`, `<brush>`, `<traceFormat>` and `<inkSource>` elements a document defines
/// by id, and how a `<context>` resolves against them.
struct InkMLDefinitions: Sendable {
    private var elements: [String: XMLElement] = [:]

    /// Collects every element with an id, anywhere in the document (iteratively).
    init(_ root: XMLElement) {
        var pending = [root]
        while let e = pending.popLast() {
            if let id = e.id, ["context", "brush", "traceFormat", "inkSource"].contains(String(e.name)) {
                elements[id] = e
            }
            pending.append(contentsOf: e.children)
        }
    }

    /// The element a reference (`#id` or `id`) names, if it is of the given kind.
    func element(_ reference: String?, _ kind: String) -> XMLElement? {
        guard let reference else { return nil }
        let id = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
        guard let e = elements[id], e.name == kind else { return nil }
        return e
    }

    /// The context a `<context>` element describes, over `base` (or over the context it refers to).
    func resolve(
        _ element: XMLElement, over base: InkMLContext, _ context: ReadContext, place: String, depth: Int = 0
    )
        throws -> InkMLContext
    {
        var result = base
        if let ref = element.attribute("contextRef") {
            guard depth < 16, let parent = self.element(ref, "context") else {
                throw context.badValue(
                    place, "contextRef '\(ref)' names no context (or they refer to each other in a loop)")
            }
            result = try resolve(parent, over: base, context, place: place, depth: depth + 1)
        }
        let source =
            try reference(element, "inkSourceRef", "inkSource", context, place: place)
            ?? element.child(named: "inkSource")
        let format =
            try reference(element, "traceFormatRef", "traceFormat", context, place: place)
            ?? element.child(named: "traceFormat") ?? source?.child(named: "traceFormat")
        if let format {
            result.format = try InkMLTraceFormat(format, context, place: place)
            result.unitsPerInch = result.format.unitsPerInchFromUnits
        }
        if let resolution = source.flatMap(Self.xResolution) { result.unitsPerInch = resolution }
        if let brush = try reference(element, "brushRef", "brush", context, place: place)
            ?? element.child(named: "brush")
        {
            result.brush = brush
        }
        return result
    }

    /// The element an attribute refers to; an unknown reference is an error.
    func reference(
        _ element: XMLElement, _ attribute: String, _ kind: String, _ context: ReadContext, place: String
    ) throws -> XMLElement? {
        guard let ref = element.attribute(attribute) else { return nil }
        guard let target = self.element(ref, kind) else {
            throw context.badValue(place, "\(attribute) '\(ref)' names no <\(kind)>")
        }
        return target
    }

    /// Units per inch from `<channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>`.
    private static func xResolution(_ source: XMLElement) -> Double? {
        for group in source.children(named: "channelProperties") {
            for p in group.children(named: "channelProperty")
            where p.attribute("channel") == "X" && p.attribute("name") == "resolution" {
                guard let value = p.attribute("value").flatMap(Double.init), value > 0, value.isFinite,
                    let units = p.attribute("units"), units.hasPrefix("1/"),
                    let perInch = InkMLUnits.perInch(String(units.dropFirst(2)))
                else { return nil }
                return value * perInch
            }
        }
        return nil
    }
}
