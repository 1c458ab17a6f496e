import SignetStrokes
import Testing

@Suite("Quick, Draw! reader")
struct QuickDrawReaderTests {
    static func record(_ word: String, _ drawing: String) -> String {
        #"{"word":"\#(word)","countrycode":"US","recognized":true,"key_id":"1","drawing":\#(drawing)}"#
    }

    static let records = [
        record("a", "[[[1,2,3],[4,5,6],[0,16,33]],[[7],[8],[50]]]"),
        record("b", "[[[10.5,-2.25],[20,21],[0,0]]]"),
        record("c", "[[[100,101],[200,202]]]"),
    ]

    @Test("raw records keep their times; equal consecutive times, floats and negatives are kept")
    func raw() throws {
        let d = try read(Self.records.joined(separator: "\n"))
        #expect(
            d.strokes.map(\.samples) == [
                [Sample(x: 1, y: 4, t: 0), Sample(x: 2, y: 5, t: 16), Sample(x: 3, y: 6, t: 33)],
                [Sample(x: 7, y: 8, t: 50)],
            ])
        let b = try read(Self.records.joined(separator: "\n"), index: 1)
        #expect(b.strokes[0].samples == [Sample(x: 10.5, y: 20, t: 0), Sample(x: -2.25, y: 21, t: 0)])
    }

    @Test("simplified records (no t array) read without times")
    func simplified() throws {
        let d = try read(Self.records.joined(separator: "\n"), index: 2)
        #expect(d.strokes[0].samples == [Sample(x: 100, y: 200), Sample(x: 101, y: 202)])
    }

    @Test("a JSON array of records reads the same as NDJSON, record by record", arguments: 0..<3)
    func arrayEqualsNDJSON(index: Int) throws {
        let array = try read("[" + Self.records.joined(separator: ",\n") + "]", index: index)
        let lines = try read(Self.records.joined(separator: "\n"), index: index)
        #expect(array == lines)
    }

    @Test("the stream stops at the wanted record and never parses the lines before it")
    func streamSkips() throws {
        var stream = try StrokeStreamReader(format: .quickdraw, name: "q.ndjson", options: StrokeReadOptions(index: 2))
        for line in ["not json at all", "{still not", Self.records[2]] {
            #expect(!stream.isComplete)
            try stream.feed(line: line)
        }
        #expect(stream.isComplete)
        try stream.feed(line: "ignored garbage after the record")
        #expect(try stream.finish().strokes[0].samples == [Sample(x: 100, y: 200), Sample(x: 101, y: 202)])
    }

    @Test(
        "problems",
        arguments: [
            (
                3,
                "input.json holds 3 records, so StrokeReadOptions.index 3 is out of range; use StrokeReadOptions.index 0 to 2."
            )
        ])
    func indexOutOfRange(index: Int, message: String) {
        #expect(readError(Self.records.joined(separator: "\n"), index: index) == message)
        #expect(readError("[" + Self.records.joined(separator: ",") + "]", index: index) == message)
    }

    @Test(
        "bad records name the record, stroke and point",
        arguments: [
            (record("x", "[[[1,2],[3]]]"), "input.json, line 1, stroke 1: the x, y arrays differ in length (2, 1)."),
            (
                record("x", "[[[1,2],[3,4],[0]]]"),
                "input.json, line 1, stroke 1: the x, y and t arrays differ in length (2, 2, 1)."
            ),
            (
                record("x", "[[[1]]]"),
                "input.json, line 1, stroke 1: a stroke should be [[x…], [y…]] or [[x…], [y…], [t…]], not 1 arrays."
            ),
            (
                record("x", "[[[1,\"2\"],[3,4]]]"),
                "input.json, line 1, stroke 1, point 2: \"x\" should be a number, not a string."
            ),
            (
                record("x", "[]"),
                "input.json: no ink: line 1 has an empty \"drawing\"; check that the file holds a capture."
            ),
            (#"{"word":"x"}"#, "input.json, line 1: \"drawing\" is missing."),
            (
                "[" + record("x", "[[[1],[1e400]]]") + "]",
                "input.json, record 1, stroke 1, point 1: y is Infinity, not a finite number."
            ),
        ])
    func badRecords(input: String, message: String) {
        #expect(readError(input, format: .quickdraw) == message)
    }
}
