import Foundation
import SignetCore
import SignetStrokes
import Testing

@Suite("perfect-freehand and Excalidraw readers")
struct PerfectFreehandExcalidrawTests {
    @Test("a bare array of [x, y, pressure, t] points is one stroke (pressure third)")
    func bareArray() throws {
        let d = try read("[[0,140.99,0.5,0],[1,141.99,0.5,10],[6.01,140.99,0.25,144]]")
        #expect(
            d.strokes[0].samples == [
                Sample(x: 0, y: 140.99, t: 0, force: 0.5), Sample(x: 1, y: 141.99, t: 10, force: 0.5),
                Sample(x: 6.01, y: 140.99, t: 144, force: 0.25),
            ])
    }

    @Test("[x, y] pairs and {x, y} objects")
    func pairsAndObjects() throws {
        #expect(points(try read("[[1,2],[3,4]]")) == [[[1, 2], [3, 4]]])
        #expect(
            try read(#"[{"x":1,"y":2,"pressure":0.5},{"x":3,"y":4}]"#).strokes[0].samples == [
                Sample(x: 1, y: 2, force: 0.5), Sample(x: 3, y: 4),
            ])
    }

    @Test(
        "named paths: --index picks one by position",
        arguments: [(0, [[5.0, 5.0]]), (1, [[1, 1], [1, 1]]), (2, [[0, 0], [10, 0]])])
    func namedPaths(index: Int, expected: [[Double]]) throws {
        let text = #"{"onePoint":[[5,5]],"twoEqualPoints":[[1,1],[1,1]],"objectPairs":[{"x":0,"y":0},{"x":10,"y":0}]}"#
        #expect(points(try read(text, index: index)) == [expected])
    }

    @Test(
        "perfect-freehand problems",
        arguments: [
            (
                #"{"a":[[1,2]],"b":[[3,4]]}"#, 2,
                "input.json holds 2 named paths, so StrokeReadOptions.index 2 is out of range; use StrokeReadOptions.index 0 to 1."
            ),
            ("[[1,2,3,4,5]]", 0, "input.json, point 1: a point is [x, y, pressure?, t?], not 5 values."),
            (#"{"a":[[1,2]],"b":5}"#, 1, "input.json, path 'b': the path should be an array, not a number."),
        ])
    func freehandProblems(input: String, index: Int, message: String) {
        #expect(readError(input, format: .perfectFreehand, index: index) == message)
    }

    static func scene(_ elements: String) -> String { #"{"type":"excalidraw","version":2,"elements":[\#(elements)]}"# }

    @Test("freedraw points are relative to the element; shapes and deleted elements are not ink")
    func excalidraw() throws {
        let d = try read(
            Self.scene(
                """
                {"type":"rectangle","x":0,"y":0,"width":10,"height":10},
                {"type":"freedraw","x":100,"y":50,"strokeColor":"#c92a2a","opacity":50,"strokeWidth":2,"simulatePressure":false,
                 "points":[[0,0],[10,-5],[20,5]],"pressures":[0,0.5,1]},
                {"type":"freedraw","isDeleted":true,"x":0,"y":0,"points":[[0,0],[1,1]],"pressures":[]},
                {"type":"freedraw","x":1,"y":2,"strokeWidth":1,"simulatePressure":true,"points":[[0,0],[3,4]],"pressures":[]}
                """), name: "scene.excalidraw")
        #expect(d.strokes.count == 2)
        #expect(
            d.strokes[0].samples == [
                Sample(x: 100, y: 50, force: 0), Sample(x: 110, y: 45, force: 0.5), Sample(x: 120, y: 55, force: 1),
            ])
        let pen = try #require(d.strokes[0].pen)
        #expect(pen.color.hex == "#C92A2A80")
        #expect(pen.width == 8.5 && pen.widthModel == .pressure)
        #expect(d.strokes[1].samples == [Sample(x: 1, y: 2), Sample(x: 4, y: 6)])
        #expect(d.strokes[1].pen?.widthModel == .velocity, "simulated pressure follows speed")
    }

    @Test("a turned element is turned about the centre of its points")
    func rotation() throws {
        let d = try read(
            Self.scene(
                #"{"type":"freedraw","x":10,"y":10,"angle":\#(Double.pi / 2),"points":[[0,0],[20,0]],"pressures":[]}"#))
        let s = d.strokes[0].samples
        #expect(abs(s[0].x - 20) < 1e-9 && abs(s[0].y - 0) < 1e-9)
        #expect(abs(s[1].x - 20) < 1e-9 && abs(s[1].y - 20) < 1e-9)
    }

    @Test(
        "Excalidraw problems",
        arguments: [
            (
                scene(#"{"type":"text","x":0,"y":0}"#),
                "input.json: no ink: no freedraw elements; check that the file holds a capture."
            ),
            (scene(#"{"type":"freedraw","x":0,"points":[[0,0]]}"#), "input.json, element 1: \"y\" is missing."),
            (
                scene(#"{"type":"freedraw","x":0,"y":0,"opacity":150,"points":[[0,0]]}"#),
                "input.json, element 1: \"opacity\" should be within 0…100, not 150."
            ),
            (
                scene(#"{"type":"freedraw","x":0,"y":0,"points":[[0,0,1]]}"#),
                "input.json, element 1, point 1: a point is [x, y], not 3 values."
            ),
        ])
    func excalidrawProblems(input: String, message: String) {
        #expect(readError(input, format: .excalidraw) == message)
    }
}
