import SignetStrokes
import Testing

@Suite("Flutter pointer reader")
struct FlutterPointerReaderTests {
    /// A record as an app dumps `PointerData`: only the members the reader uses, plus `buttons`.
    static func record(
        _ change: String, _ x: Double, _ y: Double, t: Int = 0, device: Int = 1, kind: String = "stylus",
        pressure: Double = 0.5, range: (Double, Double) = (0, 1)
    ) -> String {
        #"{"timeStamp":\#(t),"change":"\#(change)","kind":"\#(kind)","device":\#(device),"physicalX":\#(x),"physicalY":\#(y),"buttons":1,"pressure":\#(pressure),"pressureMin":\#(range.0),"pressureMax":\#(range.1)}"#
    }

    @Test(
        "records become strokes",
        arguments: [
            (
                "down/move/up, µs times read as ms; add, hover and remove are not ink",
                [
                    record("add", 0, 0), record("hover", 5, 5, pressure: 0), record("down", 10, 20, t: 1000),
                    record("move", 12, 21, t: 9000, pressure: 0.75), record("up", 14, 22, t: 17000, pressure: 0.25),
                    record("remove", 14, 22),
                ],
                [
                    [
                        Sample(x: 10, y: 20, t: 1, force: 0.5), Sample(x: 12, y: 21, t: 9, force: 0.75),
                        Sample(x: 14, y: 22, t: 17, force: 0.25),
                    ]
                ]
            ),
            (
                "pressure runs from pressureMin to pressureMax; min = max (no sensor) and a mouse have none",
                [
                    record("down", 1, 1, pressure: 2, range: (1, 5)), record("up", 2, 2, pressure: 5, range: (1, 5)),
                    record("down", 3, 3, device: 2, kind: "touch", pressure: 1, range: (1, 1)),
                    record("up", 3, 3, device: 2, kind: "touch", pressure: 1, range: (1, 1)),
                    record("down", 4, 4, device: 3, kind: "PointerDeviceKind.mouse"),
                    record("up", 5, 5, device: 3, kind: "mouse"),
                ],
                [
                    [Sample(x: 1, y: 1, t: 0, force: 0.25), Sample(x: 2, y: 2, t: 0, force: 1)],
                    [Sample(x: 3, y: 3, t: 0), Sample(x: 3, y: 3, t: 0)],
                    [Sample(x: 4, y: 4, t: 0), Sample(x: 5, y: 5, t: 0)],
                ]
            ),
            (
                "devices interleave into separate strokes; cancel drops a palm; the eraser end is not ink",
                [
                    record("PointerChange.down", 1, 1), record("down", 50, 50, device: 9, kind: "touch"),
                    record("move", 2, 2), record("move", 51, 51, device: 9, kind: "touch"),
                    record("cancel", 51, 51, device: 9, kind: "touch"), record("up", 3, 3),
                    record("down", 7, 7, device: 4, kind: "invertedStylus"),
                    record("up", 8, 8, device: 4, kind: "invertedStylus"),
                ],
                [
                    [
                        Sample(x: 1, y: 1, t: 0, force: 0.5), Sample(x: 2, y: 2, t: 0, force: 0.5),
                        Sample(x: 3, y: 3, t: 0, force: 0.5),
                    ]
                ]
            ),
        ])
    func strokes(_ what: String, records: [String], expected: [[Sample]]) throws {
        let d = try read("[" + records.joined(separator: ",") + "]", format: .flutter)
        #expect(d.strokes.map(\.samples) == expected, "\(what)")
    }

    /// A record as an app writes `PointerData` with the enums' indexes (`change.index`).
    static func indexed(
        _ change: Int, _ x: Double, _ y: Double, t: Int = 0, device: Int = 1, kind: Int = 0, synthesized: Bool = false,
        signal: Int? = nil
    ) -> String {
        let signalKind = signal.map { #","signalKind":\#($0)"# } ?? ""
        return
            #"{"timeStamp":\#(t),"change":\#(change),"kind":\#(kind),"device":\#(device),"physicalX":\#(x),"physicalY":\#(y),"synthesized":\#(synthesized)\#(signalKind)}"#
    }

    /// A packet as apps record `onPointerDataPacket`: the app's clock beside the packet's records.
    static func packet(_ ts: Int, _ records: [String]) -> String {
        #"{"ts":\#(ts),"events":["# + records.joined(separator: ",") + "]}"
    }

    // dart:ui's order (lib/ui/pointer.dart): PointerChange cancel 0, add 1, remove 2, hover 3,
    // down 4, move 5, up 6; PointerDeviceKind touch 0, mouse 1, stylus 2, invertedStylus 3.
    @Test(
        "packets and indexed enums as apps record them; synthesized records as Flutter reads them",
        arguments: [
            (
                "packets of records by index: synthesized add, then down/move/up; µs times read as ms",
                [
                    packet(
                        1_733_500_000_000,
                        [indexed(1, 0, 0, synthesized: true), indexed(4, 10, 20, t: 1000), indexed(5, 11, 21, t: 9000)]),
                    packet(1_733_500_000_016, [indexed(5, 12, 22, t: 17000), indexed(6, 12, 22, t: 25000)]),
                    packet(1_733_500_000_033, [indexed(2, 12, 22, t: 25000)]),
                ],
                [[[10, 20, 1], [11, 21, 9], [12, 22, 17], [12, 22, 25]]]
            ),
            (
                "a synthesized move to where the pen lifted is ink, with the up's time",
                [
                    packet(
                        1,
                        [
                            indexed(4, 1, 1, t: 1000), indexed(5, 2, 2, t: 2000),
                            indexed(5, 3, 2, t: 3000, synthesized: true), indexed(6, 3, 2, t: 3000),
                        ])
                ],
                [[[1, 1, 1], [2, 2, 2], [3, 2, 3], [3, 2, 3]]]
            ),
            (
                "a synthesized cancel drops the stroke; so does a remove or add while down (the converter's cancel)",
                [
                    packet(1, [indexed(4, 1, 1), indexed(5, 2, 2), indexed(0, 2, 2, synthesized: true)]),
                    packet(2, [indexed(4, 5, 5, device: 2), indexed(2, 6, 6, device: 2)]),
                    packet(3, [indexed(4, 7, 7, device: 3), indexed(1, 8, 8, device: 3)]),
                    packet(4, [indexed(4, 9, 9, device: 4), indexed(6, 9, 9, device: 4)]),
                ],
                [[[9, 9, 0], [9, 9, 0]]]
            ),
            (
                "a scroll signal while down moves the pen, not while up; the inverted stylus (3) is no ink",
                [
                    indexed(3, 0, 0, signal: 1), indexed(4, 1, 1, signal: 0), indexed(3, 4, 4, signal: 1),
                    indexed(6, 4, 4), indexed(4, 6, 6, kind: 3), indexed(6, 7, 7, kind: 3),
                ],
                [[[1, 1, 0], [4, 4, 0], [4, 4, 0]]]
            ),
            (
                "plain records by index and names mixed; kind 4 (unknown in older Flutter) is ink",
                [
                    indexed(4, 1, 1, kind: 4),
                    #"{"change":"PointerChange.move","kind":"PointerDeviceKind.touch","device":1,"physicalX":2,"physicalY":2,"timeStamp":0}"#,
                    indexed(6, 3, 3, kind: 4),
                ],
                [[[1, 1, 0], [2, 2, 0], [3, 3, 0]]]
            ),
        ])
    func packets(_ what: String, items: [String], expected: [[[Double]]]) throws {
        let text = "[\n" + items.joined(separator: ",\n") + "\n]"
        #expect(StrokeFormat.detect(Array(text.utf8), name: "log.json") == .flutter, "\(what): detected")
        let d = try read(text)
        #expect(d.strokes.map { $0.samples.map { [$0.x, $0.y, $0.t ?? -1] } } == expected, "\(what)")
    }

    @Test("the object form divides physical pixels by its devicePixelRatio, and is detected")
    func devicePixelRatio() throws {
        let text =
            #"{"devicePixelRatio":2.5,"data":["# + Self.record("down", 25, 50) + "," + Self.record("up", 50, 75) + "]}"
        #expect(StrokeFormat.detect(Array(text.utf8), name: "log.json") == .flutter)
        #expect(points(try read(text)) == [[[10, 20], [20, 30]]])
    }

    @Test(
        "a record that looks like Flutter's but is not says what is missing",
        arguments: [
            (
                #"[{"physicalX":1,"physicalY":2}]"#,
                "input.json, record 1: \"change\" is missing; every pointer record needs one of down, move, up, cancel."
            ),
            (
                #"[{"change":"down","physicalX":1}]"#,
                "input.json, record 1: \"physicalY\" is missing; a down record needs physicalX and physicalY."
            ),
            (
                #"[{"change":"press","physicalX":1,"physicalY":2}]"#,
                "input.json, record 1: change 'press' is not a PointerChange: one of cancel (0), add (1), remove (2), hover (3), down (4), move (5), up (6), panZoomStart (7), panZoomUpdate (8), panZoomEnd (9)."
            ),
            (
                #"[{"change":10,"physicalX":1,"physicalY":2}]"#,
                "input.json, record 1: change 10 is not a PointerChange: one of cancel (0), add (1), remove (2), hover (3), down (4), move (5), up (6), panZoomStart (7), panZoomUpdate (8), panZoomEnd (9)."
            ),
            (
                #"[{"change":4,"kind":6,"physicalX":1,"physicalY":2}]"#,
                "input.json, record 1: kind 6 is not a PointerDeviceKind: one of touch (0), mouse (1), stylus (2), invertedStylus (3), trackpad (4), unknown (5)."
            ),
            (
                #"[{"ts":1,"events":[{"change":4,"physicalX":1}]}]"#,
                "input.json, packet 1, record 1: \"physicalY\" is missing; a down record needs physicalX and physicalY."
            ),
            (
                #"[{"ts":1,"events":{"change":4}}]"#,
                "input.json, packet 1: its events should be an array, not an object."
            ),
            (
                #"[{"ts":1,"events":[]}]"#,
                "input.json: no ink: no pointer records; check that the file holds a capture."
            ),
            (
                #"{"devicePixelRatio":0,"data":[]}"#,
                "input.json, top level: \"devicePixelRatio\" should be a number above 0, not 0."
            ),
            (#"{"devicePixelRatio":2}"#, "input.json, top level: \"data\" is missing."),
            (
                #"[{"change":"hover","physicalX":1,"physicalY":2}]"#,
                "input.json: no ink: no pointer went down (change \"down\"); check that the file holds a capture."
            ),
        ])
    func bad(input: String, message: String) {
        #expect(readError(input, format: .flutter) == message)
    }
}
