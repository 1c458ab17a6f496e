extension BadInputCases {
    /// `render IN.json -o OUT.png` with `text` as IN.json, shown in the table.
    private static func strokes(_ label: String, _ text: String, fragment: String) -> BadInputCase {
        var c = BadInputCase(
            "render", label, ["IN.json", "-o", "OUT.png"], files: [.text("IN.json", text)], fragment: fragment)
        c.shows = ("IN.json", text)
        return c
    }

    /// `render IN.json -o OUT.png` with a large IN.json made when the case runs.
    private static func large(
        _ label: String, fragment: String, _ text: @escaping @Sendable () -> String
    ) -> BadInputCase {
        BadInputCase(
            "render", label, ["IN.json", "-o", "OUT.png"], files: [.bytes("IN.json") { Array(text().utf8) }],
            fragment: fragment)
    }

    /// `render IN.json -o OUT.png` on a good capture, with options that are wrong.
    private static func options(
        _ label: String, _ extra: [String], fragment: String, output: String = "OUT.png"
    ) -> BadInputCase {
        BadInputCase("render", label, ["IN.json", "-o", output] + extra, files: [F.strokes()], fragment: fragment)
    }

    static let render: [BadInputCase] = [
        strokes("malformed JSON (cut short)", #"{"strokes": [{"points": [[1, 2], [3,"#, fragment: "line 1, column 37"),
        strokes(
            "NaN coordinate", #"{"strokes":[{"points":[[1,2],[NaN,3]]}]}"#, fragment: "stroke 1, point 2: x is NaN"),
        strokes("infinite coordinate", #"{"strokes":[{"points":[[1,2],[3,1e999]]}]}"#, fragment: "y is Infinity"),
        strokes("absurd coordinate", #"{"strokes":[{"points":[[1,2],[1e300,3]]}]}"#, fragment: "coordinate limit"),
        strokes("no strokes (no ink)", #"{"format":"signet-strokes","version":1,"strokes":[]}"#, fragment: "no ink"),
        strokes(
            "strokes without points (no ink)", #"{"strokes":[[],{"points":[]}]}"#,
            fragment: "none of its 2 strokes has a point"),
        strokes("empty file", "", fragment: "is empty"),
        strokes("text in no stroke format", "hello world\n", fragment: "cannot tell the format"),
        large("JSON nested 150 deep", fragment: "nesting deeper than 100 levels") {
            String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
        },
        large("10,001 strokes", fragment: "more than 10000 strokes") {
            #"{"strokes":["# + Array(repeating: #"{"points":[[1,2]]}"#, count: 10_001).joined(separator: ",") + "]}"
        },
        large("100,001 points in one stroke", fragment: "more than 100000 points in one stroke") {
            #"{"strokes":[{"points":["# + (0...100_000).map { "[\($0 % 97),\($0 % 89)]" }.joined(separator: ",")
                + "]}]}"
        },
        large("input over 16 MiB", fragment: "larger than the 16777216-byte limit") {
            #"{"strokes":[{"points":[[1,2]]}],"pad":""# + String(repeating: "x", count: 16 << 20) + #""}"#
        },
        BadInputCase(
            "render", "NDJSON line over 1 MiB", ["IN.ndjson", "-o", "OUT.png"],
            files: [
                .bytes("IN.ndjson") {
                    Array(
                        (#"{"phase":"began","id":1,"x":1,"y":2}"# + "\n"
                            + #"{"phase":"moved","id":1,"x":1,"y":2,"pad":""#
                            + String(repeating: "x", count: 1 << 20) + "\"}\n").utf8)
                }
            ],
            fragment: "line 2: longer than the 1048576-byte line limit"),
        BadInputCase(
            "render", "InkML trace never closed", ["IN.inkml", "-o", "OUT.png"],
            files: [.text("IN.inkml", "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 2, 3 4")],
            fragment: "<trace> is never closed"),
        BadInputCase(
            "render", "SVC2004 line with 3 numbers", ["U1S1.TXT", "-o", "OUT.png"],
            files: [.text("U1S1.TXT", "2\n1 2 3 1 0 0 100\n4 5 6\n")], fragment: "expected 7 numbers"),
        BadInputCase(
            "render", "malformed JSON on standard input", ["-", "-o", "OUT.png"],
            files: [.text("IN.json", "{\"strokes\": [")], stdin: "IN.json",
            fragment: "standard input, line 1, column 14"),
        BadInputCase(
            "render", "missing input file", ["IN.json", "-o", "OUT.png"],
            fragment: "cannot open (No such file or directory)"),
        BadInputCase(
            "render", "folder as input", ["IN.json", "-o", "OUT.png"], files: [.folder("IN.json")],
            fragment: "is a folder"),
        options("output over the pixel limit", ["--scale", "300"], fragment: "over the limit of 25000000 pixels"),
        options(
            "ink shorter than --min-ink-length", ["--min-ink-length", "5000"],
            fragment: "shorter than --min-ink-length 5000"),
        options("--index beyond the drawings", ["--index", "3"], fragment: "--index 3 is out of range"),
        options("unknown --format", ["--format", "svg"], fragment: "--format must be one of"),
        options("wrong --format for the content", ["--format", "inkml"], fragment: "valid XML"),
        options("unknown option", ["--frobnicate"], fragment: "unknown option --frobnicate"),
        options("--scale not a number", ["--scale", "abc"], fragment: "--scale takes a number; got 'abc'"),
        options("--color not a colour", ["--color", "nope"], fragment: "--color takes a color ("),
        options("--fit with a zero side", ["--fit", "0x10"], fragment: "--fit takes WIDTHxHEIGHT"),
        options("--padding negative", ["--padding", "-1"], fragment: "--padding must be between 0 and 10000"),
        options("--scale with --dpi", ["--scale", "2", "--dpi", "300"], fragment: "give --scale or --dpi, not both"),
        options("output type unknown", [], fragment: "cannot tell the output type", output: "OUT.gif"),
        options(
            "--max-bytes to an SVG", ["--max-bytes", "3KB"], fragment: "name the output .png or .jpg", output: "OUT.svg"
        ),
        options("output is the input", [], fragment: "inputs are never overwritten", output: "IN.json"),
        BadInputCase(
            "render", "no output named", ["IN.json"], files: [F.strokes()], fragment: "say where the output goes"),
        BadInputCase(
            "render", "output folder missing", ["IN.json", "-o", "missing/OUT.png"], files: [F.strokes()], exit: 1,
            fragment: "missing/OUT.png: cannot write"),
        BadInputCase(
            "render", "--index beyond the records", ["raw_airplane.json", "-o", "OUT.png", "--index", "50"],
            files: [.corpus("strokes/quickdraw/raw_airplane.json")], fragment: "holds 50 records"),
    ]
}
