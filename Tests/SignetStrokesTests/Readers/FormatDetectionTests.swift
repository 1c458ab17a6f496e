import SignetStrokes
import Testing

@Suite("Format detection")
struct FormatDetectionTests {
    @Test(
        "the content decides",
        arguments: [
            (#"{"format":"signet-strokes","version":1,"strokes":[]}"#, "s.json", StrokeFormat.signet),
            (#"{"strokes":[[[1,2]]]}"#, "s.json", .signet),
            ("{\n  \"format\": \"signet-strokes\",\n  \"strokes\": []\n}", "s.json", .signet),
            (
                #"{"phase":"began","id":1,"x":1,"y":2}"# + "\n" + #"{"phase":"ended","id":1,"x":1,"y":2}"#, "t.ndjson",
                .touch
            ),
            (#"[{"phase":"began","x":1,"y":2}]"#, "t.json", .touch),
            (#"[{"penColor":"black","points":[{"x":1,"y":2,"time":0}]}]"#, "p.json", .signaturePad),
            (#"[{"color":"black","points":[]}]"#, "p.json", .signaturePad),
            (#"[[{"x":1,"y":2,"time":0,"color":"black"}]]"#, "p.json", .signaturePad),
            ("[]", "p.json", .signaturePad),
            (#"{"word":"cat","drawing":[[[1],[2],[0]]]}"#, "q.ndjson", .quickdraw),
            (#"[{"word":"cat","drawing":[[[1],[2]]]}]"#, "q.json", .quickdraw),
            ("<?xml version=\"1.0\"?><ink/>", "a.xml", .inkml),
            ("  <ink xmlns=\"http://www.w3.org/2003/InkML\"/>", "anything", .inkml),
            ("84\n2933 5678 31275775 0 1550 710 439\n", "U1S1.TXT", .svc2004),
            ("2\n1 2 3 1\n", "data", .svc2004),
            ("[[0,140.99,0.5,0],[1,141.99,0.5,10]]", "f.json", .perfectFreehand),
            (#"[{"x":1,"y":2}]"#, "f.json", .perfectFreehand),
            (#"{"onePoint":[[1,2]],"objectPairs":[{"x":0,"y":0}]}"#, "inputs.json", .perfectFreehand),
            (#"{"type":"excalidraw","version":2,"elements":[]}"#, "e.json", .excalidraw),
            ("\u{FEFF}[[1,2]]", "f.json", .perfectFreehand),
            (#"[{"change":"down","physicalX":1,"physicalY":2}]"#, "f.json", .flutter),
            (#"{"devicePixelRatio":3,"data":[]}"#, "f.json", .flutter),
            (#"{"data":[{"change":"down"}]}"#, "f.json", .flutter),
            ("[   5183.201377] /dev/input/event3: EV_SYN       SYN_REPORT           00000000\n", "log", .getevent),
            ("/dev/input/event3: EV_ABS ABS_MT_POSITION_X 000001a4\n", "log", .getevent),
            ("add device 1: /dev/input/event3\n  name: \"ts\"\n", "log", .getevent),
            ("[\n  [1, 2]\n]", "f.json", .perfectFreehand),
            ("[[1.5,2]]", "f.json", .perfectFreehand),
            (#"[{"type":"pointerdown","pointerId":1,"clientX":1,"clientY":2}]"#, "e.json", .pointerEvents),
            (#"[{"pointerType":"pen"}]"#, "e.json", .pointerEvents),
        ])
    func detects(text: String, name: String, format: StrokeFormat) {
        #expect(StrokeFormat.detect(Array(text.utf8), name: name) == format)
    }

    @Test(
        "the extension decides only when the content does not",
        arguments: [
            ("{}", "scene.excalidraw", StrokeFormat?.some(.excalidraw)),
            ("{}", "a.json", nil),
            ("hello", "a.inkml", .inkml),
            ("hello", "a.TXT", .svc2004),
            ("hello", "a.json", nil),
            ("{broken", "a.json", nil),
            ("[1.5]", "a.json", nil),
        ])
    func extensionHint(text: String, name: String, format: StrokeFormat?) {
        #expect(StrokeFormat.detect(Array(text.utf8), name: name) == format)
    }

    @Test("every format name round-trips through --format")
    func names() {
        #expect(
            StrokeFormat.names
                == "signet, touch, signature_pad, quickdraw, inkml, svc2004, perfect-freehand, excalidraw, flutter, getevent, pointer-events, iso19794-7"
        )
        for format in StrokeFormat.allCases { #expect(StrokeFormat(rawValue: format.rawValue) == format) }
    }
}

@Suite("Bad input")
struct BadInputTests {
    @Test("unknown format suggests --format with every name")
    func unknownFormat() {
        #expect(
            readError(#"{"hello":"world"}"#, name: "notes.json")
                == "cannot tell the format of notes.json; give StrokeReadOptions.format (one of signet, touch, signature_pad, quickdraw, inkml, svc2004, perfect-freehand, excalidraw, flutter, getevent, pointer-events, iso19794-7)."
        )
        #expect(
            readError("just some text", name: "notes")
                == "cannot tell the format of notes; give StrokeReadOptions.format (one of signet, touch, signature_pad, quickdraw, inkml, svc2004, perfect-freehand, excalidraw, flutter, getevent, pointer-events, iso19794-7)."
        )
    }

    @Test("empty and blank inputs", arguments: ["", "   \n\t\n", "\u{FEFF}"])
    func empty(text: String) {
        #expect(readError(text, name: "sig.json") == "sig.json is empty; give it the strokes to draw.")
    }

    @Test("malformed JSON reports line and column even when the format is unknown")
    func malformedJSON() {
        #expect(
            readError("{\n  \"strokes\": [\n    [[1, 2] [3, 4]]\n  ]\n}", name: "sig.json")
                == "sig.json, line 3, column 13: expected ',' or ']' after an array element; check that the file is complete, valid JSON."
        )
    }

    @Test("UTF-16 text is refused with a hint")
    func utf16() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("[]".utf8).flatMap { [$0, 0] }
        #expect(
            throws: StrokeReadError(
                "sig.json", .badValue(place: "byte 1", problem: "the text is UTF-16; save it as UTF-8"))
        ) {
            try StrokeReader.read(bytes, name: "sig.json")
        }
    }

    @Test("a forced format that does not fit says what it expected")
    func wrongForcedFormat() {
        #expect(
            readError("[[1,2]]", format: .signet)
                == "input.json, top level: the top level should be an object, not an array.")
        #expect(
            readError("[[1,2]]", format: .inkml)
                == "input.json, line 1, column 1: text before the root element; check that the file is complete, valid XML."
        )
        #expect(
            readError("<ink/>", format: .svc2004)
                == "input.json, line 1, column 1: '<ink/>' is not a number; check that the file is complete, valid SVC2004."
        )
    }

    @Test("--index on a single-drawing format is refused", arguments: [StrokeFormat.signet, .signaturePad, .svc2004])
    func indexOnSingle(format: StrokeFormat) {
        let text =
            format == .svc2004
            ? "1\n1 2 3 1\n" : format == .signet ? #"{"strokes":[[[1,2]]]}"# : #"[{"points":[{"x":1,"y":2}]}]"#
        #expect(
            readError(text, format: format, index: 3)
                == "input.json holds 1 drawing, so StrokeReadOptions.index 3 is out of range; use only StrokeReadOptions.index 0."
        )
    }
}
