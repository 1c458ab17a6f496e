import SignetStrokes
import Testing

@Suite("W3C Pointer Events reader")
struct PointerEventsReaderTests {
    static func event(
        _ type: String, _ x: Double, _ y: Double, t: Double = 0, id: Int = 1, pointer: String = "pen",
        pressure: Double = 0.4, buttons: Int = 1, tilt: (Double, Double) = (0, 0)
    ) -> String {
        #"{"type":"\#(type)","pointerId":\#(id),"pointerType":"\#(pointer)","clientX":\#(x),"clientY":\#(y),"pressure":\#(pressure),"tiltX":\#(tilt.0),"tiltY":\#(tilt.1),"buttons":\#(buttons),"timeStamp":\#(t)}"#
    }

    @Test(
        "events become strokes (a pen's tilt kept, a mouse's and a finger's not)",
        arguments: [
            (
                "down/move/up; hovering moves and other event types are not ink; up adds its point with the last pressure",
                [
                    event("pointerover", 0, 0, buttons: 0), event("pointermove", 1, 1, pressure: 0, buttons: 0),
                    event("pointerdown", 10, 10, t: 5),
                    event("pointermove", 11, 12, t: 13, pressure: 0.6, tilt: (-18, 27)),
                    event("pointerup", 12, 13, t: 21, pressure: 0, buttons: 0),
                    event("pointermove", 20, 20, pressure: 0, buttons: 0), event("pointerleave", 20, 20, buttons: 0),
                ],
                [
                    [
                        Sample(x: 10, y: 10, t: 5, force: 0.4, tiltX: 0, tiltY: 0),
                        Sample(x: 11, y: 12, t: 13, force: 0.6, tiltX: -18, tiltY: 27),
                        Sample(x: 12, y: 13, t: 21, force: 0.6, tiltX: 0, tiltY: 0),
                    ]
                ]
            ),
            (
                "a mouse, and a stroke of constant 0.5 (no sensor), have no pressure; an up where the pointer already is adds nothing",
                [
                    event("pointerdown", 1, 1, pointer: "mouse", pressure: 0.5),
                    event("pointermove", 2, 2, pointer: "mouse"),
                    event("pointerup", 2, 2, pointer: "mouse", pressure: 0, buttons: 0),
                    event("pointerdown", 5, 5, id: 3, pointer: "touch", pressure: 0.5),
                    event("pointermove", 6, 6, id: 3, pointer: "touch", pressure: 0.5),
                    event("pointerup", 6, 6, id: 3, pointer: "touch", pressure: 0, buttons: 0),
                ],
                [
                    [Sample(x: 1, y: 1, t: 0), Sample(x: 2, y: 2, t: 0)],
                    [Sample(x: 5, y: 5, t: 0), Sample(x: 6, y: 6, t: 0)],
                ]
            ),
            (
                "pointers interleave into separate strokes; pointercancel drops one; a pressed move starts a stroke",
                [
                    event("pointermove", 1, 1), event("pointerdown", 50, 50, id: 2, pointer: "touch"),
                    event("pointermove", 2, 2), event("pointercancel", 50, 50, id: 2, pointer: "touch"),
                    event("pointerup", 90, 90, id: 7, pressure: 0, buttons: 0),
                ],
                [
                    [
                        Sample(x: 1, y: 1, t: 0, force: 0.4, tiltX: 0, tiltY: 0),
                        Sample(x: 2, y: 2, t: 0, force: 0.4, tiltX: 0, tiltY: 0),
                    ]
                ]
            ),
        ])
    func strokes(_ what: String, events: [String], expected: [[Sample]]) throws {
        let d = try read("[" + events.joined(separator: ",") + "]")
        #expect(d.strokes.map(\.samples) == expected, "\(what)")
    }

    @Test("a dump is told from perfect-freehand points although a PointerEvent has x and y too")
    func detection() {
        let text = #"[{"type":"pointerdown","pointerId":1,"x":1,"y":2,"clientX":1,"clientY":2}]"#
        #expect(StrokeFormat.detect(Array(text.utf8), name: "events.json") == .pointerEvents)
    }

    @Test(
        "an event that looks like a pointer event but is not says what is missing",
        arguments: [
            (
                #"[{"pointerId":1,"clientX":1,"clientY":2}]"#,
                "input.json, event 1: \"type\" is missing; every pointer event needs one (pointerdown, pointermove, pointerup, …)."
            ),
            (
                #"[{"type":"pointerdown","clientX":1,"clientY":2}]"#,
                "input.json, event 1: \"pointerId\" is missing; a pointerdown event needs one."
            ),
            (
                #"[{"type":"pointerdown","pointerId":1,"clientX":1}]"#,
                "input.json, event 1: \"clientY\" is missing; a pointerdown event needs clientX and clientY."
            ),
            (
                #"[{"type":"pointermove","pointerId":1,"clientX":1,"clientY":2}]"#,
                "input.json: no ink: no pointer went down (pointerdown), or every one was cancelled; check that the file holds a capture."
            ),
        ])
    func bad(input: String, message: String) {
        #expect(readError(input) == message)
    }
}
