/// A parsed JSON document stored flat: one node per value in document order, the children of
/// every array and object in one shared list of node numbers, and the text of every string and
/// member name in one list. Readers see it through `JSONValue`, `JSONArray` and `JSONObject`,
/// small views into it; a document is built with a few growing arrays and freed as a few arrays,
/// never as a tree of one box per value (a signature's JSON holds tens of thousands of values).
final class JSONTape: Sendable {
    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            case null, falseValue, trueValue, number, string, array, object
        }

        var kind: Kind
        /// The elements of an array, the members of an object.
        var count: UInt32
        /// A number's bits; a string's place in `strings`; a container's first place in `children`.
        var payload: UInt64
    }

    let nodes: [Node]
    /// Node numbers: an array's elements in order; an object's member names and values, alternating.
    let children: [UInt32]
    let strings: [String]

    init(nodes: [Node], children: [UInt32], strings: [String]) {
        self.nodes = nodes
        self.children = children
        self.strings = strings
    }

    /// A document with nothing in it, behind empty arrays and objects made outside a parse.
    static let empty = JSONTape(nodes: [], children: [], strings: [])

    /// The value of node `index` (the document's root is node 0).
    func value(at index: Int) -> JSONValue {
        let node = nodes[index]
        switch node.kind {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .number: return .number(Double(bitPattern: node.payload))
        case .string: return .string(strings[Int(node.payload)])
        case .array: return .array(JSONArray(tape: self, start: UInt32(node.payload), count: node.count))
        case .object: return .object(JSONObject(tape: self, start: UInt32(node.payload), count: node.count))
        }
    }

    /// The value of the child at `slot` of `children`.
    func child(_ slot: Int) -> JSONValue { value(at: Int(children[slot])) }

    /// The number at `slot` of `children`, or `nil` when that child is not a number.
    func number(_ slot: Int) -> Double? {
        let node = nodes[Int(children[slot])]
        return node.kind == .number ? Double(bitPattern: node.payload) : nil
    }

    /// The text of the string node named at `slot` of `children` (an object's member name).
    func name(_ slot: Int) -> String { strings[Int(nodes[Int(children[slot])].payload)] }
}
