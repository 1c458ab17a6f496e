import SignetCore
import SignetStrokes
import Testing

@Suite("signature_pad reader")
struct SignaturePadReaderTests {
    @Test("current point groups: pen options honoured, widths doubled into line widths")
    func current() throws {
        let d = try read(
            """
            [{"penColor":"rgb(26, 35, 126)","dotSize":2,"minWidth":1,"maxWidth":3,"velocityFilterWeight":0.5,
              "compositeOperation":"source-over","points":[{"time":1000,"x":5,"y":6,"pressure":0.5}]},
             {"penColor":"black","dotSize":0,"minWidth":0.5,"maxWidth":2.5,"velocityFilterWeight":0.7,
              "compositeOperation":"source-over","points":[{"time":1100,"x":7,"y":8,"pressure":0},{"time":1116,"x":9,"y":8,"pressure":0}]}]
            """)
        let first = try #require(d.strokes[0].pen)
        #expect(first.color == Color(red: 26 / 255, green: 35 / 255, blue: 126 / 255))
        #expect(first.widthModel == .velocity)
        #expect(first.minWidth == 2 && first.maxWidth == 6 && first.dotSize == 4 && first.velocityFilterWeight == 0.5)
        let second = try #require(d.strokes[1].pen)
        #expect(second.dotSize == nil, "dotSize 0 means signature_pad's default, (min + max) / 2")
        #expect(second.dotDiameter == 3, "signature_pad draws that default dot with radius 1.5")
        #expect(d.strokes[0].samples == [Sample(x: 5, y: 6, t: 1000, force: 0.5)])
        #expect(d.strokes[1].samples == [Sample(x: 7, y: 8, t: 1100, force: 0), Sample(x: 9, y: 8, t: 1116, force: 0)])
    }

    @Test("legacy {color, points} groups take signature_pad's default widths")
    func legacy() throws {
        let d = try read(##"[{"color":"#ff0000","points":[{"time":1,"x":5,"y":6},{"time":2,"x":8,"y":6}]}]"##)
        let pen = try #require(d.strokes[0].pen)
        #expect(pen.color == Color(red: 1, green: 0, blue: 0))
        #expect(
            pen.widthModel == .velocity && pen.minWidth == 1 && pen.maxWidth == 5 && pen.velocityFilterWeight == 0.7)
        #expect(d.strokes[0].samples == [Sample(x: 5, y: 6, t: 1), Sample(x: 8, y: 6, t: 2)])
    }

    @Test("the oldest form, arrays of {x, y, time, color} points, reads too")
    func oldest() throws {
        let d = try read(
            #"[[{"x":1,"y":2,"time":10,"color":"blue"},{"x":3,"y":4,"time":20,"color":"blue"}],[{"x":9,"y":9,"time":30}]]"#
        )
        #expect(d.strokes[0].pen?.color == Color(red: 0, green: 0, blue: 1))
        #expect(d.strokes[1].pen?.color == .black)
        #expect(points(d) == [[[1, 2], [3, 4]], [[9, 9]]])
    }

    @Test("single-point groups are dots")
    func dots() throws {
        let d = try read(#"[{"penColor":"black","points":[{"x":10,"y":10,"time":1}]}]"#)
        let ink = Ink(d)
        #expect(ink.shapes.count == 1)
        #expect(ink.shapes[0].paint == .fill, "a dot is a filled disc")
    }

    @Test(
        "problems name the group and point",
        arguments: [
            (
                #"[{"penColor":"black","compositeOperation":"destination-out","points":[{"x":1,"y":1}]}]"#,
                "input.json, group 1: this is an eraser group (compositeOperation destination-out), which Signet cannot draw; remove it."
            ),
            (
                #"[{"penColor":"chartreuse-ish","points":[{"x":1,"y":1}]}]"#,
                "input.json, group 1: \"penColor\" is 'chartreuse-ish', which is not a color Signet knows; use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or a CSS colour name such as purple."
            ),
            (
                #"[{"penColor":"black","points":[{"x":1,"y":1}]},{"penColor":"black","points":[{"x":1}]}]"#,
                "input.json, group 2, point 1: \"y\" is missing."
            ),
            (
                #"[{"penColor":"black","points":[]}]"#,
                "input.json: no ink: its one group has no points; check that the file holds a capture."
            ),
            (
                #"[{"points":[{"x":1,"y":2}]},{"points":[]}]"#,
                "input.json, group 2: the group has no points; remove it or give it some."
            ),
            (
                #"[{"penColor":"black","maxWidth":-2,"points":[{"x":1,"y":1}]}]"#,
                "input.json, group 1: \"maxWidth\" should be a number above 0, not -2."
            ),
            ("[]", "input.json: no ink: the array of point groups is empty; check that the file holds a capture."),
        ])
    func problems(input: String, message: String) {
        #expect(readError(input, format: .signaturePad) == message)
    }
}
