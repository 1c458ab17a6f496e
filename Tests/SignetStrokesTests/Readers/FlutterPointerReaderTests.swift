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
                "input.json, record 1: change 'press' is not one of down, move, up, cancel, add, remove, hover, panZoomStart/Update/End."
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
        #expect(readError(input) == message)
    }
}
