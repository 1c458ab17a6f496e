/// One line of Android `getevent -l` output, told apart by its words:
/// - an event, `[   12345.678901] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4` (the time
///   with `-t`, the device when getevent watches several);
/// - the `-p` header's `add device 1: /dev/input/event2` and its axis lines,
///   `ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`;
/// - anything else (the header's names, key lists and properties), which carries nothing to read.
enum GeteventLine: Equatable {
    case event(Event)
    case device(String)
    case axis(name: String, TouchAxis)
    case other

    struct Event: Equatable {
        /// Seconds on the device's clock, with `-t`.
        var time: Double?
        /// The device path, when getevent prints it.
        var device: String
        var type: String
        var code: String
        /// The raw word: 8 hex digits (`ffffffff` is -1), or a key's `DOWN`/`UP`.
        var value: String
    }

    /// The line made of `words`; `nil` for a line that starts like an event (time, device or
    /// `EV_` type) and then breaks off.
    init?(_ words: [String]) {
        guard let start = Self.eventStart(words) else {
            if words.count == 4, words[0] == "add", words[1] == "device", words[2].hasSuffix(":") {
                self = .device(words[3])
            } else {
                self = Self.axis(words) ?? .other
            }
            return
        }
        let rest = start.rest
        guard rest.count == 3, rest[rest.startIndex].hasPrefix("EV_") else { return nil }
        self = .event(
            Event(
                time: start.time, device: start.device, type: rest[rest.startIndex],
                code: rest[rest.startIndex + 1], value: rest[rest.startIndex + 2]))
    }

    /// The time and device an event line starts with, and the words after them; `nil` for a line
    /// that has neither a `[seconds]` time, nor a `/dev/…:` device, nor an `EV_` type first, or
    /// nothing after them (`[1.5]` is JSON).
    static func eventStart(_ words: [String]) -> (time: Double?, device: String, rest: ArraySlice<String>)? {
        var rest = words[...]
        var time: Double?
        if let first = rest.first, first.hasPrefix("[") {
            // `[` and the time may be one word or two: `[   12.5]` or `[12.5]`.
            var stamp = first.dropFirst()
            rest = rest.dropFirst()
            if stamp.isEmpty, let next = rest.first {
                stamp = next[...]
                rest = rest.dropFirst()
            }
            guard stamp.hasSuffix("]"), let seconds = Double(stamp.dropLast()) else { return nil }
            time = seconds
        }
        var device = ""
        if let first = rest.first, first.hasPrefix("/dev/"), first.hasSuffix(":") {
            device = String(first.dropLast())
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, time != nil || !device.isEmpty || rest.first!.hasPrefix("EV_") else { return nil }
        return (time, device, rest)
    }

    /// An axis line of the `-p` header: a name starting `ABS_`, a colon, then `key value` pairs
    /// separated by commas (a first axis line starts with `ABS (0003):`).
    private static func axis(_ words: [String]) -> GeteventLine? {
        guard let at = words.firstIndex(where: { $0.hasPrefix("ABS_") }), at + 1 < words.count,
            words[at + 1] == ":"
        else { return nil }
        var values: [String: Double] = [:]
        var i = at + 2
        while i + 1 < words.count {
            values[words[i]] = Double(words[i + 1].trimmingSuffix(","))
            i += 2
        }
        guard let min = values["min"], let max = values["max"] else { return nil }
        return .axis(name: words[at], TouchAxis(min: min, max: max, resolution: values["resolution"] ?? 0))
    }

    /// The event's value as a number: hex as a signed 32-bit value, `DOWN` 1, `UP` 0.
    static func number(_ word: String) -> Int? {
        switch word {
        case "DOWN": return 1
        case "UP": return 0
        default:
            guard word.count <= 8, let bits = UInt32(word, radix: 16) else { return nil }
            return Int(Int32(bitPattern: bits))
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
