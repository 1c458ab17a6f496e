/// A dart:ui enum as a Flutter app writes it to JSON: by name (`down`, or `PointerChange.down`
/// as Dart prints the value) or by index (`4`, what `PointerChange.down.index` gives). The cases
/// are declared in dart:ui's order (lib/ui/pointer.dart), so a case's position is its index.
protocol DartEnum: RawRepresentable<String>, CaseIterable where AllCases == [Self] {
    /// The Dart type's name, the prefix of a printed value.
    static var dartName: String { get }
}

extension DartEnum {
    /// The value `json` names, or `nil` when it is no name or index of this enum.
    static func named(_ json: JSONValue) -> Self? {
        switch json {
        case .string(let text):
            let prefix = dartName + "."
            return Self(rawValue: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case .number(let n):
            guard n >= 0, n < Double(allCases.count), n == n.rounded(.down) else { return nil }
            return allCases[Int(n)]
        default:
            return nil
        }
    }

    /// The names with their indexes, for messages: "cancel (0), add (1), …".
    static var choices: String {
        allCases.enumerated().map { "\($0.element.rawValue) (\($0.offset))" }.joined(separator: ", ")
    }

    /// The optional member `key` of `o`; absent or `null` give `nil`, anything else must name a case.
    static func read(_ o: JSONObject, _ key: String, _ context: ReadContext, at place: String) throws -> Self? {
        guard let value = o[key] else { return nil }
        if case .null = value { return nil }
        guard let found = named(value) else {
            let shown = value.string.map { "'\($0)'" } ?? value.number.map(\.shown) ?? value.typeName
            throw context.badValue(place, "\(key) \(shown) is not a \(dartName): one of \(choices)")
        }
        return found
    }
}

/// How the pointer changed since its last record (dart:ui `PointerChange`).
enum FlutterPointerChange: String, DartEnum {
    case cancel, add, remove, hover, down, move, up, panZoomStart, panZoomUpdate, panZoomEnd
    static let dartName = "PointerChange"
}

/// The kind of device (dart:ui `PointerDeviceKind`). Older Flutter had no `trackpad` and wrote
/// `unknown` as 4; today a trackpad sends only add, remove and pan/zoom records, so a down, move
/// or up of kind 4 is ink either way.
enum FlutterDeviceKind: String, DartEnum {
    case touch, mouse, stylus, invertedStylus, trackpad, unknown
    static let dartName = "PointerDeviceKind"
}

/// A pointer signal (dart:ui `PointerSignalKind`): a record with one other than `none` is a
/// scroll or scale, not a change of contact.
enum FlutterSignalKind: String, DartEnum {
    case none, scroll, scrollInertiaCancel, scale, stylusAuxiliaryAction, unknown
    static let dartName = "PointerSignalKind"
}
