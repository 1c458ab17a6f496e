import SignetCore

/// Reads an ISO/IEC 19794-7 full-format record (first edition layout, as
/// ``ISO19794_7/encode(_:options:)`` writes it and as other writers of that edition do) into a
/// drawing. Every count is checked against the bytes that remain before anything is allocated,
/// so a record that lies about its counts is refused, never trusted.
enum ISO19794RecordReader {
    /// What a channel description says that the drawing needs.
    private struct Description {
        var scale: Double?
    }

    static func read(_ bytes: [UInt8], _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        var input = ISO19794Cursor(bytes, context)
        guard bytes.starts(with: ISO19794_7.magic) else {
            throw context.badValue(
                "byte 1", "this is not an ISO/IEC 19794-7 record (it does not start with \"SDI\" and a zero byte)")
        }
        input.offset = 4
        let version = try input.bytes(4, "the version number")
        guard version.elementsEqual(ISO19794_7.version) || version.elementsEqual([0x30, 0x31, 0x30, 0x00]) else {
            let shown = String(decoding: version.prefix { $0 != 0 }, as: UTF8.self)
            throw context.badValue(
                "byte 5",
                "version '\(shown)' is not the first edition's full format (' 10'), the one Signet reads; convert the record to it"
            )
        }
        let inclusion = try input.uint16("the channel inclusion field")
        let channels = ISO19794Channel.included(in: inclusion)
        guard channels.contains(.x), channels.contains(.y) else {
            throw context.badValue("byte 9", "the channel inclusion field has no X or Y channel; a record needs both")
        }
        var descriptions: [ISO19794Channel: Description] = [:]
        for channel in channels {
            descriptions[channel] = try description(of: channel, &input)
        }
        _ = try input.bytes(1, "the reserved byte after the channel descriptions")
        // The body's flags say whether extended data follows the samples; Signet does not read it.
        _ = try input.byte("the body's flags")
        let count = try input.bytes(3, "the sample count").reduce(0) { $0 << 8 | Int($1) }
        let pointSize = channels.reduce(0) { $0 + $1.width }
        guard count <= input.remaining / pointSize else {
            throw context.badValue(
                "byte \(input.offset - 2)",
                "the record counts \(count) samples of \(pointSize) bytes, but only \(input.remaining) bytes follow; the record is cut short or its count is wrong"
            )
        }
        guard count > 0 else { throw context.error(.noInk(detail: "the record holds no samples")) }
        return try samples(count, channels, descriptions, &input, context)
    }

    /// A channel description: a preamble byte, then a 16-bit value for each part it includes.
    private static func description(of channel: ISO19794Channel, _ input: inout ISO19794Cursor) throws -> Description {
        let preamble = try input.byte("the \(channel.name) channel's description")
        var description = Description()
        for part in ISO19794DescriptionPart.allCases where part.hasValue && preamble & part.rawValue != 0 {
            let value = try input.uint16("the \(channel.name) channel's description")
            if part == .scalingValue { description.scale = ISO19794ScalingValue(bits: value).value }
        }
        return description
    }

    /// The sample points, split into strokes where the pen is up.
    private static func samples(
        _ count: Int, _ channels: [ISO19794Channel], _ descriptions: [ISO19794Channel: Description],
        _ input: inout ISO19794Cursor, _ context: ReadContext
    ) throws -> Drawing {
        let xScale = descriptions[.x]?.scale
        let yFactor = xScale.flatMap { x in descriptions[.y]?.scale.map { x / $0 } } ?? 1
        let timeScale = descriptions[.time]?.scale ?? descriptions[.timeDelta]?.scale
        let tiltScale = (descriptions[.tiltX]?.scale ?? 1, descriptions[.tiltY]?.scale ?? 1)
        let splitsOn: ISO19794Channel? =
            channels.contains(.tipSwitch) ? .tipSwitch : channels.contains(.force) ? .force : nil
        var builder = DrawingBuilder(context)
        var slot: Int?
        var elapsed = 0.0
        var values = [ISO19794Channel: Int]()
        for index in 0..<count {
            let place = "sample \(index + 1)"
            for channel in channels {
                let raw = channel.width == 1 ? Int(try input.byte(place)) : Int(try input.uint16(place))
                values[channel] = channel.isSigned ? raw - 32768 : raw
            }
            var t: Double?
            if let v = values[.time] {
                t = Double(v) / (timeScale ?? 1000) * 1000
            } else if let v = values[.timeDelta] {
                elapsed += Double(v) / (timeScale ?? 1000) * 1000
                t = elapsed
            }
            if let split = splitsOn, values[split] == 0 {
                slot = nil
                continue
            }
            let sample = Sample(
                x: Double(values[.x]!), y: Double(values[.y]!) * yFactor, t: t,
                force: values[.force].map { Double($0) / ISO19794_7.fullScaleForce },
                tiltX: values[.tiltX].map { Double($0) / tiltScale.0 },
                tiltY: values[.tiltY].map { Double($0) / tiltScale.1 })
            if slot == nil { slot = try builder.startStroke(at: place) }
            try builder.append(sample, to: slot!, at: place)
        }
        return try builder.drawing(
            unitsPerInch: xScale.map { $0 * 25.4 }, noInk: "every sample of the record has the pen up")
    }
}

/// Reads big-endian fields from a record, naming what was cut short.
struct ISO19794Cursor {
    let bytes: [UInt8]
    let context: ReadContext
    var offset = 0

    init(_ bytes: [UInt8], _ context: ReadContext) {
        self.bytes = bytes
        self.context = context
    }

    var remaining: Int { bytes.count - offset }

    mutating func bytes(_ n: Int, _ what: @autoclosure () -> String) throws -> ArraySlice<UInt8> {
        guard n <= remaining else {
            throw context.badValue(
                "byte \(offset + 1)", "the record ends inside \(what()); it is cut short, so copy it again in full")
        }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    mutating func byte(_ what: @autoclosure () -> String) throws -> UInt8 {
        try bytes(1, what()).first!
    }

    mutating func uint16(_ what: @autoclosure () -> String) throws -> UInt16 {
        let b = try bytes(2, what())
        return UInt16(b[b.startIndex]) << 8 | UInt16(b[b.startIndex + 1])
    }
}
