/// A parsed JSON value. Arrays and objects are views into their document's `JSONTape`, so
/// taking one apart copies nothing. Objects keep their members in file order, because
/// `--index` picks perfect-freehand named paths by position.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array(JSONArray)
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

    var array: JSONArray? {
        if case .array(let v) = self { return v }
        return nil
    }

    var object: JSONObject? {
        if case .object(let v) = self { return v }
        return nil
    }
}

/// A JSON array's elements.
struct JSONArray: RandomAccessCollection, Sendable {
    private let tape: JSONTape
    private let start: UInt32
    let count: Int

    init(tape: JSONTape, start: UInt32, count: UInt32) {
        self.tape = tape
        self.start = start
        self.count = Int(count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> JSONValue {
        precondition(i >= 0 && i < count, "JSON array index out of range")
        return tape.child(Int(start) + i)
    }

    /// Element `i` when it is a number, without making a `JSONValue` (coordinates are most of
    /// a stroke file).
    func number(at i: Int) -> Double? {
        precondition(i >= 0 && i < count, "JSON array index out of range")
        return tape.number(Int(start) + i)
    }
}

/// A JSON object's members in file order; a repeated name means its last value (as in JavaScript).
struct JSONObject: Sendable {
    private let tape: JSONTape
    private let start: UInt32
    /// The number of members.
    let count: Int

    init(tape: JSONTape, start: UInt32, count: UInt32) {
        self.tape = tape
        self.start = start
        self.count = Int(count)
    }

    /// An object without members.
    init() { self.init(tape: .empty, start: 0, count: 0) }

    subscript(key: String) -> JSONValue? {
        lastMember(named: key).map { tape.child(Int(start) + 2 * $0 + 1) }
    }

    func has(_ key: String) -> Bool { lastMember(named: key) != nil }

    private func lastMember(named key: String) -> Int? {
        var member = count
        while member > 0 {
            member -= 1
            if tape.name(Int(start) + 2 * member) == key { return member }
        }
        return nil
    }

    /// The member names in file order.
    var keys: [String] { (0..<count).map { tape.name(Int(start) + 2 * $0) } }

    /// The member values in file order.
    var values: [JSONValue] { (0..<count).map { tape.child(Int(start) + 2 * $0 + 1) } }
}
