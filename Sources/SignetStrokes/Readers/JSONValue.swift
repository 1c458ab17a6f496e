/// A parsed JSON value. Objects keep their members in file order, because `--index` picks
/// perfect-freehand named paths by position.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, for "should be a number, not a string" messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true/false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    var number: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    var string: String? {
        if case .string(let v) = self { return v }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let v) = self { return v }
        return nil
    }

    var object: JSONObject? {
        if case .object(let v) = self { return v }
        return nil
    }
}

/// A JSON object's members in file order; a repeated key means its last value (as in JavaScript).
struct JSONObject: Sendable {
    var keys: [String]
    var values: [JSONValue]

    init(keys: [String] = [], values: [JSONValue] = []) {
        self.keys = keys
        self.values = values
    }

    subscript(key: String) -> JSONValue? {
        guard let i = keys.lastIndex(of: key) else { return nil }
        return values[i]
    }

    func has(_ key: String) -> Bool { keys.contains(key) }
}
