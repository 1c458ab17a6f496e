import SignetCore
import SignetStrokes
import Testing

@Suite("Signet JSON reader")
struct SignetJSONReaderTests {
    @Test("full form: canvas, times, forces, per-stroke pen over the drawing pen")
    func fullForm() throws {
        let d = try read(
            """
            {"format":"signet-strokes","version":1,"canvas":{"width":600,"height":200},"unitsPerInch":96,
             "pen":{"color":"#1A237E","width":3},
             "strokes":[
               {"points":[{"x":10,"y":20,"t":0,"force":0.25},{"x":11.5,"y":21,"t":16,"force":0.5}]},
               {"pen":{"color":"red","widthModel":"pressure","minWidth":1,"maxWidth":4},"points":[{"x":30,"y":40}]}
             ]}
            """)
        #expect(d.canvas == Size(width: 600, height: 200))
        #expect(d.unitsPerInch == 96)
        #expect(d.pen.color == Color(css: "#1A237E"))
        #expect(d.pen.width == 3)
        #expect(
            d.strokes[0].samples == [
                Sample(x: 10, y: 20, t: 0, force: 0.25), Sample(x: 11.5, y: 21, t: 16, force: 0.5),
            ])
        #expect(d.strokes[0].pen == nil)
        let pen = try #require(d.strokes[1].pen)
        #expect(pen.color == Color(red: 1, green: 0, blue: 0))
        #expect(pen.width == 3, "a stroke pen starts from the drawing pen")
        #expect(pen.widthModel == .pressure && pen.minWidth == 1 && pen.maxWidth == 4)
        #expect(d.strokes[1].samples == [Sample(x: 30, y: 40)])
    }

    @Test("compact form: [x, y, t?, force?] points, null slots, bare point arrays as strokes")
    func compactForm() throws {
        let d = try read(
            """
            {"format":"signet-strokes","version":1,"strokes":[
              {"points":[[1,2],[3,4,10],[5,6,20,0.5],[7,8,null,0.75]]},
              [[-1.5,2e1,0,1]]
            ]}
            """)
        #expect(
            d.strokes[0].samples == [
                Sample(x: 1, y: 2), Sample(x: 3, y: 4, t: 10), Sample(x: 5, y: 6, t: 20, force: 0.5),
                Sample(x: 7, y: 8, force: 0.75),
            ])
        #expect(d.strokes[1].samples == [Sample(x: -1.5, y: 20, t: 0, force: 1)])
        #expect(d.canvas == nil)
        #expect(d.pen == .standard)
    }

    @Test("unitsPerInch without a pen width: pens are 2.5 CSS px in the file's units")
    func unitsAndDefaultPen() throws {
        let bare = try read(#"{"unitsPerInch":300,"strokes":[[[1,2],[3,4]]]}"#)
        #expect(bare.pen == Pen.standard(unitsPerInch: 300) && abs(bare.pen.width - 2.5 * 300 / 96) < 1e-12)
        let colored = try read(
            #"{"unitsPerInch":300,"pen":{"color":"red"},"strokes":[{"pen":{"widthModel":"pressure"},"points":[[1,2]]}]}"#
        )
        #expect(colored.pen.color == Color(red: 1, green: 0, blue: 0) && colored.pen.width == bare.pen.width)
        #expect(colored.strokes[0].pen?.maxWidth == bare.pen.maxWidth, "a stroke pen starts from the drawing pen")
        let sized = try read(#"{"unitsPerInch":300,"pen":{"width":4},"strokes":[[[1,2]]]}"#)
        #expect(sized.pen.width == 4, "a given width is in the file's units, as is")
    }

    @Test("a pen's tiltX and tiltY (degrees, as the pad writes them) are kept")
    func tilt() throws {
        let d = try read(#"{"strokes":[{"points":[{"x":1,"y":2,"t":0,"force":0.5,"tiltX":-18,"tiltY":27}]}]}"#)
        #expect(d.strokes[0].samples == [Sample(x: 1, y: 2, t: 0, force: 0.5, tiltX: -18, tiltY: 27)])
        #expect(try read(#"{"strokes":[[{"x":1,"y":2}]]}"#).strokes[0].samples[0].tiltX == nil)
    }

    @Test("unknown members are ignored; format and version are optional")
    func lenientExtras() throws {
        let d = try read(#"{"strokes":[{"points":[[1,2]],"id":"a"}],"meta":{"app":"x"}}"#)
        #expect(points(d) == [[[1, 2]]])
    }

    @Test(
        "bad values name the stroke and point",
        arguments: [
            (
                #"{"strokes":[{"points":[[1,2],[3]]}]}"#,
                "input.json, stroke 1, point 2: a compact point is [x, y, t?, force?], not 1 values."
            ),
            (#"{"strokes":[{"points":[{"x":1}]}]}"#, "input.json, stroke 1, point 1: \"y\" is missing."),
            (
                #"{"strokes":[{"points":[{"x":"1","y":2}]}]}"#,
                "input.json, stroke 1, point 1: \"x\" should be a number, not a string."
            ),
            (#"{"strokes":[[[1,2]],[[1,NaN]]]}"#, "input.json, stroke 2, point 1: y is NaN, not a finite number."),
            (#"{"strokes":[[[1,2,0,1.5]]]}"#, "input.json, stroke 1, point 1: the pressure 1.5 is outside 0…1."),
            (
                #"{"strokes":[[[1e9,2]]]}"#,
                "input.json, stroke 1, point 1: x = 1000000000 is beyond the ±10000000 coordinate limit; check the units."
            ),
            (
                #"{"strokes":[[[1,2]],{"points":[]}]}"#,
                "input.json, stroke 2: the stroke has no points; remove it or give it some."
            ),
            (
                #"{"strokes":[{"points":[]}]}"#,
                "input.json: no ink: its one stroke has no points; check that the file holds a capture."
            ),
            (
                #"{"strokes":[[],{"points":[]},[]]}"#,
                "input.json: no ink: none of its 3 strokes has a point; check that the file holds a capture."
            ),
            (#"{"strokes":[]}"#, "input.json: no ink: \"strokes\" is empty; check that the file holds a capture."),
            (
                #"{"format":"other","strokes":[]}"#,
                "input.json, top level: \"format\" is 'other', not 'signet-strokes'; try another StrokeReadOptions.format."
            ),
            (
                #"{"version":2,"strokes":[]}"#,
                "input.json, top level: version 2 is not one this Signet reads (1); update Signet."
            ),
            (
                #"{"canvas":{"width":0,"height":5},"strokes":[]}"#,
                "input.json, canvas: \"width\" should be a number above 0, not 0."
            ),
            (
                #"{"pen":{"color":"plaid"},"strokes":[]}"#,
                "input.json, drawing pen: \"color\" is 'plaid', which is not a color Signet knows; use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or a CSS colour name such as purple."
            ),
            (
                #"{"strokes":[{"pen":{"widthModel":"wobbly"},"points":[[1,2]]}]}"#,
                "input.json, stroke 1 pen: \"widthModel\" is 'wobbly'; use one of fixed, velocity, pressure."
            ),
            (
                #"{"strokes":[5]}"#,
                "input.json, stroke 1: a stroke should be an object with \"points\" or an array of points, not a number."
            ),
        ])
    func badValues(input: String, message: String) {
        #expect(readError(input, format: .signet) == message)
    }
}
