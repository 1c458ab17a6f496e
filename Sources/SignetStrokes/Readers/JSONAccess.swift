import SignetCore

/// Parsing and typed member access for the JSON readers, with messages that say where.
extension ReadContext {
    /// Parses `bytes` as one JSON value; a syntax error names the line and column
    /// (`firstLine` is the line number of the first byte, for one NDJSON line).
    func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes, maxNesting: limits.maxNesting)
        } catch let e as JSONSyntaxError {
            throw syntax(e.problem, offset: e.offset, in: bytes, language: "JSON", firstLine: firstLine)
        }
    }

    func parseJSON(_ bytes: ArraySlice<UInt8>, firstLine: Int = 1) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parseJSON($0, firstLine: firstLine) }
    }

    /// A required number member.
    func number(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> Double {
        guard let value = object[key] else { throw badValue(place(), "\"\(key)\" is missing") }
        return try number(value, named: key, at: place())
    }

    /// An optional number member: absent or `null` give `nil`.
    func optionalNumber(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> Double? {
        guard let value = object[key] else { return nil }
        if case .null = value { return nil }
        return try number(value, named: key, at: place())
    }

    func number(_ value: JSONValue, named what: String, at place: @autoclosure () -> String) throws -> Double {
        guard case .number(let v) = value else {
            throw badValue(place(), "\"\(what)\" should be a number, not \(value.typeName)")
        }
        return v
    }

    /// An optional number that must be finite and greater than zero (widths, sizes).
    func optionalPositive(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> Double? {
        guard let v = try optionalNumber(object, key, at: place()) else { return nil }
        guard v.isFinite, v > 0 else {
            throw badValue(place(), "\"\(key)\" should be a number above 0, not \(v.shown)")
        }
        return v
    }

    func optionalString(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> String? {
        guard let value = object[key] else { return nil }
        if case .null = value { return nil }
        guard case .string(let s) = value else {
            throw badValue(place(), "\"\(key)\" should be a string, not \(value.typeName)")
        }
        return s
    }

    func array(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> JSONArray {
        guard let value = object[key] else { throw badValue(place(), "\"\(key)\" is missing") }
        return try array(value, named: key, at: place())
    }

    func array(_ value: JSONValue, named what: String, at place: @autoclosure () -> String) throws -> JSONArray {
        guard case .array(let items) = value else {
            throw badValue(place(), "\(what) should be an array, not \(value.typeName)")
        }
        return items
    }

    func object(_ value: JSONValue, named what: String, at place: @autoclosure () -> String) throws -> JSONObject {
        guard case .object(let members) = value else {
            throw badValue(place(), "\(what) should be an object, not \(value.typeName)")
        }
        return members
    }

    /// A CSS color member (`#rgb`, `#rrggbb`, `rgb()`, `rgba()` or a basic name).
    func optionalColor(_ object: JSONObject, _ key: String, at place: @autoclosure () -> String) throws -> Color? {
        guard let text = try optionalString(object, key, at: place()) else { return nil }
        guard let color = Color(css: text) else {
            throw badValue(
                place(), "\"\(key)\" is '\(text)', which is not a color Signet knows; use \(Color.acceptedForms)")
        }
        return color
    }
}
