import SignetCore

/// Reads Android `getevent -lt` output (also `-l` without times, and with the `-lp` header that
/// states the axes): the kernel's input events, replayed as the kernel reports them.
///
/// - Only changes are reported: each `SYN_REPORT` closes a frame, and the followed contact's
///   position and pressure at that moment (the last values set) make one sample, unless the
///   frame left them as they were (it moved another contact).
/// - Multi-touch (protocol B): `ABS_MT_SLOT` selects a slot and `ABS_MT_TRACKING_ID` starts a
///   contact in it (`ffffffff` lifts it). One finger is followed: the first contact to touch down;
///   while it is down the others are ignored, and once it lifts the next new contact is followed.
///   A tracking id replaced by another without a lift starts a new stroke.
/// - A device without tracking ids (a single-touch panel, a pen on `ABS_X`/`ABS_Y`) is down
///   between `BTN_TOUCH DOWN` and `UP`.
/// - Events of other devices than the first that reports a position are ignored.
/// - Axes (`TouchAxes` given, else the header's for that device; an axis without a finite range
///   is left out): with the position axes the canvas is the panel and points count from the
///   axes' minimums; a resolution (units per mm) gives the physical size; the pressure axis turns
///   raw pressure into 0…1. Without a pressure axis the pressure is not used. Times are the `-t`
///   seconds, in milliseconds.
struct GeteventReader {
    private struct Slot: Equatable {
        var tracking: Int?
        var x, y, pressure: Int?
    }

    private var builder: DrawingBuilder
    private var headerAxes: [String: [String: TouchAxis]] = [:]
    private var headerDevice: String?
    /// The device whose events are read, once one reports a position.
    private var device: String?
    private var axes = TouchAxes()
    private var slots: [Int: Slot] = [:]
    private var slot = 0
    private var usesTracking = false
    private var buttonDown = false
    /// The followed slot and the tracking id its stroke was started for.
    private var followed: Int?
    private var strokeTracking: Int?
    private var stroke: Int?
    /// The contact as its last sample saw it: a frame that leaves it as it was adds nothing.
    private var sampled: Slot?
    private var events = 0

    private init(_ context: ReadContext) { builder = DrawingBuilder(context) }

    private var context: ReadContext { builder.context }

    static func read(_ text: UnsafeBufferPointer<UInt8>, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        var reader = GeteventReader(context)
        var number = 0
        var offset = 0
        try TextScan.forEachLine(text) { range in
            number += 1
            offset = range.lowerBound
            guard range.count <= context.limits.maxLineBytes else {
                throw context.error(
                    .limitExceeded(
                        place: "line \(number)", what: "bytes in one line", limit: "\(context.limits.maxLineBytes)"))
            }
            let words = TextScan.words(text, range)
            guard !words.isEmpty else { return true }
            guard let line = GeteventLine(words) else {
                throw context.syntax(
                    "expected an event like '[ 12.345678] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4'; record with getevent -lt so events carry names",
                    offset: offset, in: text, language: "getevent")
            }
            try reader.take(line, at: "line \(number)")
            return true
        }
        return try reader.finish()
    }

    private mutating func take(_ line: GeteventLine, at place: @autoclosure () -> String) throws {
        switch line {
        case .device(let path):
            headerDevice = path
        case .axis(let name, let axis):
            headerAxes[headerDevice ?? "", default: [:]][name] = axis
        case .other:
            return
        case .event(let event):
            events += 1
            try apply(event, at: place())
        }
    }

    private mutating func apply(_ e: GeteventLine.Event, at place: @autoclosure () -> String) throws {
        if let device, e.device != device { return }
        guard let value = GeteventLine.number(e.value) else {
            throw context.badValue(place(), "'\(e.value)' is not a hex value (nor DOWN or UP)")
        }
        switch (e.type, e.code) {
        case ("EV_ABS", "ABS_MT_SLOT"):
            slot = value
        case ("EV_ABS", "ABS_MT_TRACKING_ID"):
            usesTracking = true
            slots[slot, default: Slot()].tracking = value < 0 ? nil : value
            if followed == nil, value >= 0 { followed = slot }
        case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_X"):
            adopt(e.device)
            slots[slot(for: e.code), default: Slot()].x = value
        case ("EV_ABS", "ABS_MT_POSITION_Y"), ("EV_ABS", "ABS_Y"):
            adopt(e.device)
            slots[slot(for: e.code), default: Slot()].y = value
        case ("EV_ABS", "ABS_MT_PRESSURE"), ("EV_ABS", "ABS_PRESSURE"):
            slots[slot(for: e.code), default: Slot()].pressure = value
        case ("EV_KEY", "BTN_TOUCH"):
            buttonDown = value != 0
        case ("EV_SYN", "SYN_REPORT"):
            try report(time: e.time, at: place())
        default:
            return
        }
    }

    /// Single-touch axes (`ABS_X`…) belong to the one contact, slot 0; multi-touch ones to the selected slot.
    private func slot(for code: String) -> Int { code.hasPrefix("ABS_MT_") ? slot : 0 }

    /// The first device to report a position is the one read; its axes are settled then.
    private mutating func adopt(_ path: String) {
        guard device == nil else { return }
        device = path
        let header = headerAxes[path] ?? headerAxes[""] ?? [:]
        let given = context.touchAxes
        axes = TouchAxes(
            x: usable(given.x) ?? usable(header["ABS_MT_POSITION_X"]) ?? usable(header["ABS_X"]),
            y: usable(given.y) ?? usable(header["ABS_MT_POSITION_Y"]) ?? usable(header["ABS_Y"]),
            pressure: usable(given.pressure) ?? usable(header["ABS_MT_PRESSURE"]) ?? usable(header["ABS_PRESSURE"]))
    }

    /// The axis when it is one: finite, `max` above `min`, a finite resolution of 0 or more.
    private func usable(_ axis: TouchAxis?) -> TouchAxis? {
        guard let axis, axis.min.isFinite, axis.max.isFinite, axis.max > axis.min, axis.resolution.isFinite,
            axis.resolution >= 0
        else { return nil }
        return axis
    }

    /// The end of a frame: a sample of the followed contact while it is down, or the end of its stroke.
    private mutating func report(time: Double?, at place: @autoclosure () -> String) throws {
        let contact: Slot?
        if usesTracking {
            contact = followed.flatMap { slots[$0] }.flatMap { $0.tracking == nil ? nil : $0 }
            if contact == nil { followed = nil }
        } else {
            contact = buttonDown ? slots[0] : nil
        }
        guard let contact, let x = contact.x, let y = contact.y else {
            stroke = nil
            return
        }
        if stroke == nil || contact.tracking != strokeTracking {
            stroke = try builder.startStroke(at: place())
            strokeTracking = contact.tracking
        } else if contact == sampled {
            return
        }
        sampled = contact
        let sample = Sample(
            x: Double(x) - (axes.x?.min ?? 0), y: (Double(y) - (axes.y?.min ?? 0)) * yScale,
            t: time.map { $0 * 1000 }, force: force(contact.pressure))
        try builder.append(sample, to: stroke!, at: place())
    }

    /// Raw pressure over the pressure axis, or `nil` without one.
    private func force(_ raw: Int?) -> Double? {
        guard let raw, let axis = axes.pressure else { return nil }
        return min(max((Double(raw) - axis.min) / (axis.max - axis.min), 0), 1)
    }

    /// Y in x's units when the two axes have different resolutions.
    private var yScale: Double {
        guard let rx = axes.x?.resolution, let ry = axes.y?.resolution, rx > 0, ry > 0 else { return 1 }
        return rx / ry
    }

    private func finish() throws -> Drawing {
        var canvas: Size?
        if let x = axes.x, let y = axes.y {
            canvas = Size(width: x.max - x.min + 1, height: (y.max - y.min + 1) * yScale)
        }
        let perMillimetre = axes.x?.resolution ?? 0
        return try builder.drawing(
            canvas: canvas, unitsPerInch: perMillimetre > 0 ? perMillimetre * 25.4 : nil,
            noInk: events == 0
                ? "no input events (EV_ABS, EV_KEY, EV_SYN lines)"
                : "no contact touched down (a tracking id or BTN_TOUCH DOWN)")
    }
}
