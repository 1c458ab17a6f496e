import SignetStrokes
import Testing

@Suite("Limits")
struct StrokeLimitsTests {
    static func strokes(_ count: Int, points: Int) -> String {
        let stroke = "[" + Array(repeating: "[1,2]", count: points).joined(separator: ",") + "]"
        return #"{"strokes":["# + Array(repeating: stroke, count: count).joined(separator: ",") + "]}"
    }

    @Test("the defaults are far above a real signature")
    func defaults() {
        let l = StrokeLimits()
        #expect(l.maxInputBytes == 16 << 20 && l.maxLineBytes == 1 << 20)
        #expect(l.maxPointsPerStroke == 100_000 && l.maxPoints == 1_000_000 && l.maxStrokes == 10_000)
        #expect(l.maxCoordinate == 10_000_000 && l.maxNesting == 100)
        #expect(
            l.summary == [
                "input size 16 MiB (NDJSON is streamed; a line may hold 1 MiB)",
                "100000 points per stroke, 1000000 points and 10000 strokes per drawing",
                "coordinates within ±10000000, nesting 100 levels deep",
            ])
    }

    @Test(
        "each limit stops the read with a clear message",
        arguments: [
            (
                StrokeLimits(maxPointsPerStroke: 3), strokes(1, points: 4),
                "input.json, stroke 1, point 4: more than 3 points in one stroke, beyond what any signature needs; check that this is the right file."
            ),
            (
                StrokeLimits(maxPoints: 5), strokes(3, points: 2),
                "input.json, stroke 3, point 2: more than 5 points, beyond what any signature needs; check that this is the right file."
            ),
            (
                StrokeLimits(maxStrokes: 2), strokes(3, points: 1),
                "input.json, stroke 3: more than 2 strokes, beyond what any signature needs; check that this is the right file."
            ),
            (
                StrokeLimits(maxInputBytes: 10), strokes(3, points: 1),
                "input.json, the whole input: more than 10 bytes, beyond what any signature needs; check that this is the right file."
            ),
            (
                StrokeLimits(maxCoordinate: 1), strokes(1, points: 1),
                "input.json, stroke 1, point 1: y = 2 is beyond the ±1 coordinate limit; check the units."
            ),
            (
                StrokeLimits(maxNesting: 2), strokes(1, points: 1),
                "input.json, line 1, column 14: nesting deeper than 2 levels; check that the file is complete, valid JSON."
            ),
            (
                StrokeLimits(maxLineBytes: 20), #"{"phase":"began","x":1,"y":2}"#,
                "input.json, line 1: more than 20 bytes in one line, beyond what any signature needs; check that this is the right file."
            ),
        ])
    func limit(limits: StrokeLimits, text: String, message: String) {
        #expect(readError(text, limits: limits) == message)
    }

    @Test(
        "limits hold in every reader",
        arguments: [
            ("3\n1 2 3 1\n1 2 3 1\n1 2 3 1\n", "a.txt", "a.txt, line 4: more than 2 points in one stroke"),
            (
                "<ink><trace>1 1,2 2,3 3</trace></ink>", "a.inkml",
                "a.inkml, trace 1 (line 1): more than 2 points in one trace"
            ),
            (
                #"[{"points":[{"x":1,"y":1},{"x":1,"y":1},{"x":1,"y":1}]}]"#, "p.json",
                "p.json, group 1, point 3: more than 2 points in one stroke"
            ),
            (
                #"{"drawing":[[[1,2,3],[1,2,3]]]}"#, "q.ndjson",
                "q.ndjson, line 1, stroke 1, point 3: more than 2 points in one stroke"
            ),
            (
                #"[{"phase":"began","x":1,"y":1},{"phase":"moved","x":1,"y":1},{"phase":"moved","x":1,"y":1}]"#,
                "t.json", "t.json, event 3: more than 2 points in one stroke"
            ),
            ("[[1,1],[1,1],[1,1]]", "f.json", "f.json, point 3: more than 2 points in one stroke"),
        ])
    func everyReader(text: String, name: String, prefix: String) {
        let message = readError(text, name: name, limits: StrokeLimits(maxPointsPerStroke: 2))
        #expect(message.hasPrefix(prefix), "\(message)")
    }

    @Test("a stream of cancelled touches does not accumulate points")
    func cancelledTouchesFree() throws {
        var stream = try StrokeStreamReader(
            format: .touch, name: "t.ndjson",
            options: StrokeReadOptions(limits: StrokeLimits(maxPoints: 3, maxStrokes: 1)))
        for _ in 0..<1000 {
            try stream.feed(line: #"{"phase":"began","x":1,"y":1}"#)
            try stream.feed(line: #"{"phase":"moved","x":2,"y":2}"#)
            try stream.feed(line: #"{"phase":"cancelled"}"#)
        }
        try stream.feed(line: #"{"phase":"began","x":5,"y":5}"#)
        #expect(points(try stream.finish()) == [[[5, 5]]])
    }
}
