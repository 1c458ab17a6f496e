import Foundation
import SignetStrokes
import Testing

/// `StrokeReadOptions.drawingName` (`--index NAME`): the formats that name their drawings pick
/// one by name; an unknown name lists the names there are, at most ten.
@Suite("Drawings picked by name")
struct DrawingNameTests {
    static func record(_ word: String, _ key: String, x: Int) -> String {
        #"{"word":"\#(word)","countrycode":"NO","recognized":true,"key_id":"\#(key)","drawing":[[[\#(x),\#(x + 1)],[0,1]]]}"#
    }

    static let records = [
        record("cat", "5354061568786432", x: 1), record("tree", "6021837462919168", x: 2),
        record("cat", "4690182541733888", x: 3),
    ]

    static let paths = #"{"onePoint":[[5,5]],"twoPoints":[[1,1],[2,2]],"objectPairs":[{"x":0,"y":0},{"x":10,"y":0}]}"#

    static let ndjson: String = records.joined(separator: "\n")
    static let array: String = "[" + records.joined(separator: ",") + "]"

    static let picked: [(what: String, text: String, name: String, expected: [[[Double]]])] = [
        ("NDJSON, by key_id", ndjson, "4690182541733888", [[[3, 0], [4, 1]]]),
        ("NDJSON, by word: the first record with it", ndjson, "cat", [[[1, 0], [2, 1]]]),
        ("NDJSON, a later word", ndjson, "tree", [[[2, 0], [3, 1]]]),
        ("a JSON array, by key_id", array, "6021837462919168", [[[2, 0], [3, 1]]]),
        ("a JSON array, by word", array, "cat", [[[1, 0], [2, 1]]]),
        ("one record on one line", records[1], "tree", [[[2, 0], [3, 1]]]),
        (
            "a key_id written as a number", #"[{"key_id":5354061568786432,"drawing":[[[7,8],[0,1]]]}]"#,
            "5354061568786432", [[[7, 0], [8, 1]]]
        ),
        ("perfect-freehand paths", paths, "twoPoints", [[[1, 1], [2, 2]]]),
        ("perfect-freehand, another", paths, "objectPairs", [[[0, 0], [10, 0]]]),
    ]

    @Test(
        "a name picks the drawing: Quick, Draw! by key_id or word (the first with it), perfect-freehand by path name",
        arguments: picked)
    func picks(_ what: String, text: String, name: String, expected: [[[Double]]]) throws {
        #expect(points(try read(text, drawingName: name)) == expected, "\(what)")
    }

    @Test(
        "an unknown name lists the names there are",
        arguments: [
            (
                ndjson, "dog",
                "input.json has no record with the key_id or word 'dog'; its words are 'cat', 'tree'; change StrokeReadOptions.drawingName to one of them, or give StrokeReadOptions.index (from 0)."
            ),
            (
                array, "Cat",
                "input.json has no record with the key_id or word 'Cat'; its words are 'cat', 'tree'; change StrokeReadOptions.drawingName to one of them, or give StrokeReadOptions.index (from 0)."
            ),
            (
                paths, "three",
                "input.json has no path named 'three'; its path names are 'onePoint', 'twoPoints', 'objectPairs'; change StrokeReadOptions.drawingName to one of them, or give StrokeReadOptions.index (from 0)."
            ),
            (
                #"[{"drawing":[[[1],[2]]]},{"drawing":[[[3],[4]]]}]"#, "cat",
                "input.json has no record with the key_id or word 'cat', nor any names; give StrokeReadOptions.index (from 0) instead."
            ),
        ])
    func unknown(text: String, name: String, message: String) {
        #expect(readError(text, drawingName: name) == message)
    }

    @Test("the list stops at ten names, with … for the rest, however many records there are")
    func bounded() {
        let lines = (0..<5000).map { Self.record("word\($0 % 40)", "\($0)", x: $0) }
        let message = readError(lines.joined(separator: "\n"), drawingName: "dog")
        let listed = (0..<10).map { "'word\($0)'" }.joined(separator: ", ")
        #expect(message.contains("its words are \(listed), …; change"), "\(message)")
    }

    @Test(
        "a name for a format that does not name drawings is refused",
        arguments: [
            (#"{"format":"signet-strokes","strokes":[{"points":[[1,2]]}]}"#, StrokeFormat.signet),
            (#"[{"change":"down","physicalX":1,"physicalY":2}]"#, .flutter),
            ("[[1,2],[3,4]]", .perfectFreehand),
        ])
    func unnamed(text: String, format: StrokeFormat) {
        #expect(
            readError(text, drawingName: "cat")
                == "input.json holds one drawing, and its format does not name drawings, so there is none named 'cat'; leave StrokeReadOptions.drawingName nil.",
            "\(format)")
    }
}
