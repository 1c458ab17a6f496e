import SignetCore
import SignetStrokes
import Testing

@Suite("Android getevent reader")
struct GeteventReaderTests {
    /// `getevent -lt` lines of /dev/input/event2, one frame per entry: (seconds, [(type, code, value)]).
    static func log(_ frames: [(Double, [(String, String, String)])], device: String = "/dev/input/event2: ") -> String
    {
        frames.flatMap { time, events in
            (events + [("EV_SYN", "SYN_REPORT", "00000000")]).map { type, code, value in
                "[\(String(repeating: " ", count: 4))\(time)] \(device)\(type)       \(code)    \(value)   "
            }
        }.joined(separator: "\n")
    }

    static let header = """
        add device 1: /dev/input/event2
          name:     "touchscreen"
          events:
            KEY (0001): BTN_TOUCH
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 100, max 2099, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                        ABS_MT_PRESSURE       : value 0, min 0, max 200, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """

    /// One finger: down at (16, 132), a move that changes only x, a lift; then a tap.
    static let finger: [(Double, [(String, String, String)])] = [
        (
            10.5,
            [
                ("EV_ABS", "ABS_MT_TRACKING_ID", "00000044"), ("EV_ABS", "ABS_MT_POSITION_X", "00000010"),
                ("EV_ABS", "ABS_MT_POSITION_Y", "00000084"), ("EV_ABS", "ABS_MT_PRESSURE", "00000032"),
                ("EV_KEY", "BTN_TOUCH", "DOWN"),
            ]
        ),
        (10.625, [("EV_ABS", "ABS_MT_POSITION_X", "00000020"), ("EV_ABS", "ABS_MT_PRESSURE", "00000064")]),
        (10.75, [("EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ("EV_KEY", "BTN_TOUCH", "UP")]),
        (11.25, [("EV_ABS", "ABS_MT_TRACKING_ID", "00000045"), ("EV_ABS", "ABS_MT_POSITION_X", "00000030")]),
        (11.5, [("EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")]),
    ]

    @Test("the header's axes: points from the axes' minimums, pressure over its range, the panel as canvas")
    func withHeader() throws {
        let text = Self.header + Self.log(Self.finger)
        #expect(StrokeFormat.detect(Array(text.utf8), name: "touch.log") == .getevent)
        let d = try read(text)
        #expect(
            d.strokes.map(\.samples) == [
                [Sample(x: 16, y: 32, t: 10_500, force: 0.25), Sample(x: 32, y: 32, t: 10_625, force: 0.5)],
                [Sample(x: 48, y: 32, t: 11_250, force: 0.5)],
            ])
        #expect(d.canvas == Size(width: 1080, height: 2000))
    }

    @Test("without a header the raw values are kept and pressure is not used; axes given in the options win")
    func givenAxes() throws {
        let text = Self.log(Self.finger, device: "")
        #expect(points(try read(text, format: .getevent)) == [[[16, 132], [32, 132]], [[48, 132]]])
        let axes = TouchAxes(
            x: TouchAxis(min: 0, max: 999, resolution: 10), y: TouchAxis(min: 0, max: 499, resolution: 5),
            pressure: TouchAxis(min: 0, max: 100))
        let d = try StrokeReader.read(
            Array((Self.header + Self.log(Self.finger)).utf8), name: "log",
            options: StrokeReadOptions(touchAxes: axes))
        #expect(d.strokes[0].samples.map(\.force) == [0.5, 1])
        #expect(points(d) == [[[16, 264], [32, 264]], [[48, 264]]], "y in x's units: 10 per mm against 5")
        #expect(abs(d.unitsPerInch! - 254) < 1e-9, "10 units per mm")
        #expect(d.canvas == Size(width: 1000, height: 1000))
    }

    @Test("one finger is followed: a second contact (a palm on slot 1) is ignored; other devices too")
    func oneFinger() throws {
        let frames: [(Double, [(String, String, String)])] = [
            (
                1,
                [
                    ("EV_ABS", "ABS_MT_TRACKING_ID", "00000001"), ("EV_ABS", "ABS_MT_POSITION_X", "0000000a"),
                    ("EV_ABS", "ABS_MT_POSITION_Y", "0000000a"),
                ]
            ),
            (
                1.125,
                [
                    ("EV_ABS", "ABS_MT_SLOT", "00000001"), ("EV_ABS", "ABS_MT_TRACKING_ID", "00000002"),
                    ("EV_ABS", "ABS_MT_POSITION_X", "00000190"), ("EV_ABS", "ABS_MT_POSITION_Y", "00000190"),
                ]
            ),
            (
                1.25,
                [
                    ("EV_ABS", "ABS_MT_SLOT", "00000000"), ("EV_ABS", "ABS_MT_POSITION_X", "0000000b"),
                    ("EV_ABS", "ABS_MT_SLOT", "00000001"), ("EV_ABS", "ABS_MT_POSITION_X", "00000191"),
                ]
            ),
            (
                1.375,
                [
                    ("EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ("EV_ABS", "ABS_MT_SLOT", "00000000"),
                    ("EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"),
                ]
            ),
        ]
        // Another device reporting a position once the touchscreen has is not read.
        let other = "\n[       1.1] /dev/input/event0: EV_ABS       ABS_X    00000999\n"
        let d = try read(Self.log([frames[0]]) + other + Self.log(Array(frames[1...])), format: .getevent)
        #expect(points(d) == [[[10, 10], [11, 10]]], "the frame that moved only the palm adds no point")
        #expect(d.strokes[0].samples.map(\.t) == [1000, 1250])
    }

    @Test("a single-touch device (ABS_X/ABS_Y) is down between BTN_TOUCH DOWN and UP")
    func singleTouch() throws {
        let frames: [(Double, [(String, String, String)])] = [
            (2, [("EV_ABS", "ABS_X", "00000005"), ("EV_ABS", "ABS_Y", "00000006")]),
            (2.01, [("EV_KEY", "BTN_TOUCH", "DOWN"), ("EV_ABS", "ABS_X", "00000007")]),
            (2.02, [("EV_ABS", "ABS_Y", "00000008")]),
            (2.03, [("EV_KEY", "BTN_TOUCH", "UP"), ("EV_ABS", "ABS_X", "00000009")]),
        ]
        #expect(points(try read(Self.log(frames))) == [[[7, 6], [7, 8]]])
    }

    @Test(
        "bad logs name the line",
        arguments: [
            (
                "[   1.0] /dev/input/event2: 0003 0035 000001a4",
                "input.json, line 1, column 1: expected an event like '[ 12.345678] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4'; record with getevent -lt so events carry names; check that the file is complete, valid getevent."
            ),
            (
                "[   1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 1a4g",
                "input.json, line 1: '1a4g' is not a hex value (nor DOWN or UP)."
            ),
            (
                "add device 1: /dev/input/event2\n  name: \"touchscreen\"\n",
                "input.json: no ink: no input events (EV_ABS, EV_KEY, EV_SYN lines); check that the file holds a capture."
            ),
            (
                "[   1.0] /dev/input/event2: EV_SYN SYN_REPORT 00000000",
                "input.json: no ink: no contact touched down (a tracking id or BTN_TOUCH DOWN); check that the file holds a capture."
            ),
        ])
    func bad(input: String, message: String) {
        #expect(readError(input) == message)
    }
}
