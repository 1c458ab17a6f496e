/// The channels of an InkML trace: which value of a point is X, Y, time and force.
struct InkMLTraceFormat: Sendable {
    struct Channel: Sendable {
        var name: String
        var units: String?
        var min: Double?
        var max: Double?
    }

    var channels: [Channel]
    /// Channels every point has; the rest are intermittent and may be left out.
    var regularCount: Int

    /// X and Y, what a trace means without a `<traceFormat>`.
    static let implicit = InkMLTraceFormat(channels: [Channel(name: "X"), Channel(name: "Y")], regularCount: 2)

    var xIndex: Int { channels.firstIndex { $0.name == "X" }! }
    var yIndex: Int { channels.firstIndex { $0.name == "Y" }! }
    var timeIndex: Int? { channels.firstIndex { $0.name == "T" } }
    var forceIndex: Int? { channels.firstIndex { $0.name == "F" } }

    /// Milliseconds per unit of the T channel (`s` or `ms`; ms when unstated).
    var millisecondsPerTimeUnit: Double {
        guard let t = timeIndex else { return 1 }
        switch channels[t].units?.lowercased() {
        case "s": return 1000
        case "us", "µs": return 0.001
        default: return 1
        }
    }

    /// Reads `<traceFormat>`: its `<channel>`s, then those inside `<intermittentChannels>`.
    init(_ element: XMLElement, _ context: ReadContext, place: String) throws {
        func channel(_ e: XMLElement) throws -> Channel {
            guard let name = e.attribute("name") else { throw context.badValue(place, "a <channel> has no name") }
            func number(_ attribute: String) throws -> Double? {
                guard let text = e.attribute(attribute) else { return nil }
                guard let v = Double(text), v.isFinite else {
                    throw context.badValue(place, "channel \(name) has \(attribute)=\"\(text)\", which is not a number")
                }
                return v
            }
            return Channel(name: name, units: e.attribute("units"), min: try number("min"), max: try number("max"))
        }
        channels = try element.children(named: "channel").map(channel)
        regularCount = channels.count
        for group in element.children(named: "intermittentChannels") {
            channels += try group.children(named: "channel").map(channel)
        }
        guard channels.contains(where: { $0.name == "X" }), channels.contains(where: { $0.name == "Y" }) else {
            let names = channels.map(\.name).joined(separator: " ")
            throw context.badValue(
                place, "the trace format has channels \(names.isEmpty ? "(none)" : names) but needs X and Y")
        }
    }

    private init(channels: [Channel], regularCount: Int) {
        self.channels = channels
        self.regularCount = regularCount
    }

    /// Force normalised to 0…1 by the F channel's `min`/`max`; `nil` when that range is not stated.
    func normalisedForce(_ raw: Double) -> Double? {
        guard let f = forceIndex, let max = channels[f].max else { return nil }
        let min = channels[f].min ?? 0
        guard max > min else { return nil }
        return Swift.min(Swift.max((raw - min) / (max - min), 0), 1)
    }

    /// Capture units per inch from the X channel's `units` (cm, mm, in, pt, himetric).
    var unitsPerInchFromUnits: Double? {
        channels[xIndex].units.flatMap(InkMLUnits.perInch)
    }
}
