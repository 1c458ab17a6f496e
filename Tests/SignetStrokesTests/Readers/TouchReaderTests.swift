import SignetStrokes
import Testing

@Suite("Touch event reader")
struct TouchReaderTests {
    /// Two fingers interleaved, a palm that is cancelled, and a third touch that ends.
    static let events = [
        #"{"phase":"began","id":1,"x":10,"y":10,"t":0,"force":0.5}"#,
        #"{"phase":"began","id":2,"x":100,"y":10,"t":1}"#,
        #"{"phase":"moved","id":1,"x":12,"y":11,"t":16,"force":0.6}"#,
        #"{"phase":"began","id":"palm","x":300,"y":300,"t":17}"#,
        #"{"phase":"moved","id":2,"x":101,"y":12,"t":17}"#,
        #"{"phase":"moved","id":"palm","x":301,"y":301,"t":30}"#,
        #"{"phase":"cancelled","id":"palm","t":31}"#,
        #"{"phase":"ended","id":1,"x":14,"y":13,"t":32,"force":0.1}"#,
        #"{"phase":"ended","id":2,"x":102,"y":14,"t":33}"#,
        #"{"phase":"began","id":1,"x":50,"y":50,"t":100}"#,
        #"{"phase":"ended","id":1,"t":120}"#,
    ]

    static let expected: [[Sample]] = [
        [
            Sample(x: 10, y: 10, t: 0, force: 0.5), Sample(x: 12, y: 11, t: 16, force: 0.6),
            Sample(x: 14, y: 13, t: 32, force: 0.1),
        ],
        [Sample(x: 100, y: 10, t: 1), Sample(x: 101, y: 12, t: 17), Sample(x: 102, y: 14, t: 33)],
        [Sample(x: 50, y: 50, t: 100)],
    ]

    @Test("NDJSON: interleaved ids make separate strokes in the order they began; cancelled drops")
    func ndjson() throws {
        let d = try read(Self.events.joined(separator: "\n") + "\n", name: "log.ndjson")
        #expect(d.strokes.map(\.samples) == Self.expected)
    }

    @Test("a JSON array of the same events reads the same")
    func array() throws {
        let d = try read("[\n" + Self.events.joined(separator: ",\n") + "\n]", name: "log.json")
        #expect(d.strokes.map(\.samples) == Self.expected)
    }

    @Test("the stream reader fed line by line equals the whole-input reader")
    func streamEqualsWhole() throws {
        var stream = try StrokeStreamReader(format: .touch, name: "log.ndjson")
        for line in Self.events { try stream.feed(line: line) }
        #expect(!stream.isComplete, "a touch stream is only complete at its end")
        #expect(try stream.finish() == (try read(Self.events.joined(separator: "\n"))))
    }

    @Test("CRLF line ends, blank lines and a byte order mark are fine")
    func lineEnds() throws {
        let text = "\u{FEFF}" + Self.events.joined(separator: "\r\n\r\n")
        #expect(try read(text).strokes.map(\.samples) == Self.expected)
    }

    @Test("a moved without began starts a stroke; a stroke still open at the end is kept")
    func lenientStarts() throws {
        let d = try read(
            """
            {"phase":"moved","x":1,"y":1}
            {"phase":"moved","x":2,"y":2}
            {"phase":"stationary","x":2,"y":2}
            """)
        #expect(points(d) == [[[1, 1], [2, 2], [2, 2]]])
    }

    @Test("a began on an open touch starts a new stroke")
    func beganAgain() throws {
        let d = try read(
            #"[{"phase":"began","x":1,"y":1},{"phase":"began","x":5,"y":5},{"phase":"moved","x":6,"y":6}]"#)
        #expect(points(d) == [[[1, 1]], [[5, 5], [6, 6]]])
    }

    @Test("force: 0…1 as given, divided by maxForce when present, above 1 counts as full")
    func force() throws {
        let d = try read(
            #"[{"phase":"began","x":1,"y":1,"force":3.2,"maxForce":6.4},{"phase":"moved","x":2,"y":2,"force":1.7},{"phase":"moved","x":3,"y":3,"force":0.3}]"#
        )
        #expect(d.strokes[0].samples.map(\.force) == [0.5, 1, 0.3])
    }

    @Test(
        "bad events name their line (NDJSON) or index (array)",
        arguments: [
            (
                "{\"phase\":\"began\",\"x\":1,\"y\":1}\n{\"phase\":\"hover\",\"x\":1,\"y\":1}",
                "input.json, line 2: phase 'hover' is not one of began, moved, stationary, ended, cancelled."
            ),
            (
                "{\"phase\":\"began\",\"x\":1,\"y\":1}\n{\"x\":1,\"y\":1}",
                "input.json, line 2: \"phase\" is missing; every touch event needs one of began, moved, ended, cancelled."
            ),
            (
                "{\"phase\":\"began\",\"x\":1,\"y\":1}\n{\"phase\":\"moved\",\"x\":1",
                "input.json, line 2, column 23: the input ends where ',' or '}' should be; check that the file is complete, valid JSON."
            ),
            ("{\"phase\":\"began\",\"x\":1}", "input.json, line 1: \"y\" is missing."),
            (
                "[{\"phase\":\"began\",\"x\":1,\"y\":1},{\"phase\":\"moved\",\"id\":[1],\"x\":1,\"y\":1}]",
                "input.json, event 2: \"id\" should be a number or a string, not an array."
            ),
            (
                "[{\"phase\":\"began\",\"x\":1,\"y\":1,\"force\":-1}]",
                "input.json, event 1: force -1 should be 0 or more."
            ),
            (
                "[{\"phase\":\"began\",\"x\":1,\"y\":1},{\"phase\":\"cancelled\"}]",
                "input.json: no ink: every touch was cancelled; check that the file holds a capture."
            ),
            ("[]", "input.json: no ink: no touch events; check that the file holds a capture."),
        ])
    func badEvents(input: String, message: String) {
        #expect(readError(input, format: .touch) == message)
    }

    @Test("--index is refused: a touch log holds one drawing")
    func index() {
        #expect(
            readError(Self.events.joined(separator: "\n"), index: 1)
                == "input.json holds 1 drawing, so StrokeReadOptions.index 1 is out of range; use only StrokeReadOptions.index 0."
        )
    }
}
