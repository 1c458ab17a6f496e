import FoundationEssentials

/// The one JSON style of every `--json` result: stable key order, no escaped slashes.
enum JSONOutput {
    static func encode(_ value: any Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding our own result structs cannot fail: they hold only strings, numbers and arrays.
        let data = (try? encoder.encode(AnyEncodable(value))) ?? Data("{}".utf8)
        return Array(data) + [UInt8(ascii: "\n")]
    }
}

/// Any result object, for containers that hold results of several types (batch rows).
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
