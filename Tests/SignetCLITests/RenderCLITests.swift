import Foundation
import SignetTestSupport
import Testing

/// `signet render` run as a real process: exit codes, messages, files left behind.
@Suite("signet render (process)")
struct RenderCLITests {
    static let signature = """
        {"format":"signet-strokes","version":1,"canvas":{"width":200,"height":80},
         "strokes":[{"points":[[10,40,0],[30,20,16],[50,45,32],[70,25,48],[90,50,64],[120,30,80]]},
                    {"points":[[140,60,200]]}]}
        """
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("one input: PNG written, one summary line, exit 0")
    func one() throws {
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("sig.json", Self.signature)
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("sig.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.path("sig.png")))
        #expect(Array(png.prefix(8)) == Self.pngSignature)
        #expect(result.stdoutText.hasPrefix("\(input) → \(dir.path("sig.png")): "))
        #expect(result.stdoutText.contains(" px, \(png.count) bytes, 2 strokes, 7 points"))
        #expect(dir.contents() == ["sig.json", "sig.png"], "no temporary file left")
    }

    @Test("--json for one input: one object with the documented fields")
    func jsonOne() throws {
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("sig.json", Self.signature)
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("sig.png"), "--dpi", "300", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "input", "output", "width", "height", "bytes", "dpi", "strokes", "points", "stroke_format",
                "ink_bounds",
            ])
        #expect(object["dpi"] as? Double == 300 && object["strokes"] as? Int == 2 && object["points"] as? Int == 7)
        #expect(object["stroke_format"] as? String == "signet", "the stroke format read: \(object)")
        let bounds = try #require(object["ink_bounds"] as? [String: Double])
        #expect(Set(bounds.keys) == ["x", "y", "width", "height"] && bounds["x"] == 8.75)
        let size = try Data(contentsOf: URL(fileURLWithPath: dir.path("sig.png"))).count
        #expect(object["bytes"] as? Int == size)
    }

    @Test("stdin to stdout: PNG bytes on stdout, the summary on stderr")
    func pipes() throws {
        let result = try ProcessRunner.signet(["render", "-", "-o", "-"], stdin: Array(Self.signature.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdout.prefix(8)) == Self.pngSignature)
        #expect(result.stderr.hasPrefix("standard input → standard output: "))
    }

    @Test(
        "SVG and PDF by extension", arguments: [("sig.svg", "<?xml"), ("sig.pdf", "%PDF-"), ("SIG.PNG", "\u{89}PNG")])
    func types(_ name: String, _ magic: String) throws {
        let dir = TemporaryDirectory("signet-cli")
        let result = try ProcessRunner.signet(["render", dir.write("sig.json", Self.signature), "-o", dir.path(name)])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = magic.unicodeScalars.map { UInt8($0.value) }
        let head = try Data(contentsOf: URL(fileURLWithPath: dir.path(name))).prefix(expected.count)
        #expect(Array(head) == expected)
    }

    /// The summary must not call an SVG's CSS pixels or a PDF's points "px" of the PNG: it names
    /// the document's unit and the image it has the physical size of; --json gives both.
    @Test(
        "SVG and PDF summaries name their unit; the documents declare that size",
        .enabled(if: ProcessRunner.hasTool("pdfinfo"), "needs pdfinfo (poppler-utils)"))
    func vectorUnits() throws {
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("sig.json", Self.signature)
        let png = try ProcessRunner.signet(["render", input, "-o", dir.path("sig.png"), "--scale", "3", "--json"])
        let pngObject = try #require(try JSONSerialization.jsonObject(with: Data(png.stdout)) as? [String: Any])
        let (w, h) = (try #require(pngObject["width"] as? Int), try #require(pngObject["height"] as? Int))
        #expect(pngObject["document"] == nil)
        for (name, unit, perInch) in [("sig.svg", "CSS px", 96.0), ("sig.pdf", "pt page", 72.0)] {
            let result = try ProcessRunner.signet(["render", input, "-o", dir.path(name), "--scale", "3"])
            // Scale 3 of CSS-pixel units: 288 pixels per inch.
            let (dw, dh) = (Double(w) * perInch / 288, Double(h) * perInch / 288)
            let size = "\(Self.oneDecimal(dw))×\(Self.oneDecimal(dh)) \(unit)"
            let summary = result.stdoutText + result.stderr
            #expect(summary.contains(": \(size) (the \(w)×\(h) px image at 288 dpi), "), "\(summary)")
            let json = try ProcessRunner.signet(["render", input, "-o", dir.path(name), "--scale", "3", "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
            let document = try #require(object["document"] as? [String: Any])
            let documentWidth = document["width"] as? Double ?? 0
            #expect(abs(documentWidth - dw) < 1e-6 && document["pixels_per_inch"] as? Double == 288)
            // What the document itself declares: the SVG's width="…px", the page size pdfinfo reads.
            let declared: [Double]
            if name.hasSuffix(".svg") {
                let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir.path(name))), as: UTF8.self)
                declared = try ["width", "height"].compactMap { key in
                    let match = text.firstMatch(of: try Regex("\(key)=\"([0-9.]+)px\""))
                    return match.flatMap { $0.output[1].substring.flatMap { Double($0) } }
                }
            } else {
                let info = try ProcessRunner.run("pdfinfo", [dir.path(name)]).stdoutText
                let line = info.split(separator: "\n").first { $0.hasPrefix("Page size:") } ?? ""
                declared = line.split(separator: " ").compactMap { Double($0) }
            }
            try #require(declared.count == 2, "\(name): \(declared)")
            #expect(abs(declared[0] - dw) < 0.01 && abs(declared[1] - dh) < 0.01, "\(name): \(declared) vs \(dw)×\(dh)")
        }
    }

    /// A size as the summary writes it: at most one decimal, none when whole.
    static func oneDecimal(_ v: Double) -> String {
        let text = String(format: "%.1f", v)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    @Test("several inputs: one bad file is reported, the others are written, exit 2 at the end")
    func batch() throws {
        let dir = TemporaryDirectory("signet-cli")
        let good1 = dir.write("a.json", Self.signature)
        let bad = dir.write(
            "b.json", "{\"format\":\"signet-strokes\",\"version\":1,\"strokes\":[{\"points\":[[1,2],[3,")
        let good2 = dir.write("c.json", Self.signature)
        let out = dir.path("out")
        let result = try ProcessRunner.signet(["render", good1, bad, good2, "--output-dir", out, "--json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("signet render: \(bad)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect((try FileManager.default.contentsOfDirectory(atPath: out)).sorted() == ["a.png", "c.png"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 3 && object["rendered"] as? Int == 2 && object["failed"] as? Int == 1)
        let error = try #require(files[1]["error"] as? [String: String])
        #expect(error["kind"] == "badInput" && error["message"]?.hasPrefix(bad) == true)
        #expect(files[0]["output"] as? String == out + "/a.png" && files[2]["width"] is Int)
    }

    @Test("output names: extension dropped, kept when two inputs share a stem, stdin is 'stdin'")
    func names() throws {
        let dir = TemporaryDirectory("signet-cli")
        let json = dir.write("face.json", Self.signature)
        let copy = dir.write("face.signet", Self.signature)
        let out = dir.path("out")
        let result = try ProcessRunner.signet(
            ["render", json, copy, "-", "--output-dir", out, "--type", "svg"], stdin: Array(Self.signature.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            (try FileManager.default.contentsOfDirectory(atPath: out)).sorted() == [
                "face.json.svg", "face.signet.svg", "stdin.svg",
            ])
        #expect(result.stdoutText.contains("rendered 3 of 3 into \(out)/"))
    }

    /// Bad inputs: exit 2, one sentence naming the file, and no output (or temporary) file.
    static let badInputs: [(String, String, [String])] = [
        ("malformed JSON", "{\"strokes\": [", []),
        ("no strokes", "{\"format\":\"signet-strokes\",\"version\":1,\"strokes\":[]}", []),
        ("ink shorter than --min-ink-length", signature, ["--min-ink-length", "5000"]),
        ("output over the pixel limit", signature, ["--scale", "300"]),
    ]

    @Test("bad input: exit 2, one clear sentence, no output file", arguments: badInputs.map { $0.0 })
    func badInput(_ name: String) throws {
        let (_, text, extra) = Self.badInputs.first { $0.0 == name }!
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("in.json", text)
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")] + extra)
        #expect(
            CLIRefusal.problems(
                result, command: "render", message: "signet render: \(input)", folder: dir, before: ["in.json"]) == [])
        if name.hasPrefix("ink shorter") { #expect(result.stderr.contains(": no ink: the ink is ")) }
    }

    /// Inputs without ink, in several formats: none has a stroke with a point in it.
    static let inkless: [(name: String, text: String, why: String)] = [
        ("empty.json", #"{"format":"signet-strokes","version":1,"strokes":[]}"#, #""strokes" is empty"#),
        ("hollow.json", #"{"strokes":[[],{"points":[]}]}"#, "none of its 2 strokes has a point"),
        ("pad.json", "[]", "the array of point groups is empty"),
        (
            "log.ndjson", #"{"phase":"began","id":1,"x":1,"y":2}"# + "\n" + #"{"phase":"cancelled","id":1}"#,
            "every touch was cancelled"
        ),
        ("U1S1.TXT", "2\n1 2 3 0\n1 2 4 0\n", "no sample has the pen down (BUTTON 1)"),
    ]

    @Test(
        "no ink: exit 2 and one 'no ink: …' sentence naming the file, nothing written", arguments: inkless.map(\.name))
    func noInk(_ name: String) throws {
        let (_, text, why) = Self.inkless.first { $0.name == name }!
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write(name, text)
        let single = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")])
        #expect(single.status == 2)
        #expect(single.stderr == "signet render: \(input): no ink: \(why); check that the file holds a capture.\n")
        let batch = try ProcessRunner.signet(["render", input, "--output-dir", dir.path("out")])
        #expect(batch.status == 2)
        #expect(batch.stderr.contains("\(input): no ink: \(why);"), "\(batch.stderr)")
        #expect(dir.contents().filter { $0 != "out" } == [name])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path("out"))) ?? [] == [])
    }

    @Test(
        "usage errors exit 2 and point at --help",
        arguments: [
            ["render", "IN"], ["render", "IN", "-o", "a.png", "--output-dir", "d"],
            ["render", "IN", "IN2", "-o", "a.png"],
            ["render", "IN", "-o", "a.jpg"], ["render", "IN", "-o", "a.png", "--scale", "2", "--dpi", "300"],
            ["render", "IN", "-o", "a.png", "--fit", "10x10"],
            ["render", "IN", "-o", "a.png", "--width-model", "wobbly"],
            ["render", "IN", "-o", "a.png", "--type", "pdf"], ["render", "-", "-", "--output-dir", "d"],
            ["render", "IN", "-o", "a.png", "--fit", "300x100", "--scale", "3"],
            ["render", "IN", "-o", "a.png", "--antialias", "ok"],
        ])
    func usage(_ argv: [String]) throws {
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("in.json", Self.signature)
        let args = argv.map {
            $0 == "IN" || $0 == "IN2" ? input : ($0 == "a.png" || $0 == "a.jpg" || $0 == "d" ? dir.path($0) : $0)
        }
        let result = try ProcessRunner.signet(args)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("signet render: ") && result.stderr.hasSuffix("see 'signet render --help'.\n"),
            "\(result.stderr)")
        #expect(dir.contents() == ["in.json"])
    }

    @Test("an output that is one of the inputs is refused and the input stays as it was")
    func inputNeverOverwritten() throws {
        let dir = TemporaryDirectory("signet-cli")
        let input = dir.write("sig.svg", Self.signature)
        for args in [
            ["render", input, "-o", input], ["render", input, "--output-dir", dir.url.path, "--type", "svg"],
        ] {
            let result = try ProcessRunner.signet(args)
            #expect(result.status == 2)
            #expect(result.stderr.contains("is the input"), "\(result.stderr)")
            #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.signature)
        }
    }

    @Test("an unwritable output is a failure (exit 1) naming the path")
    func unwritable() throws {
        let dir = TemporaryDirectory("signet-cli")
        let target = dir.path("missing/sig.png")
        let result = try ProcessRunner.signet(["render", dir.write("in.json", Self.signature), "-o", target])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("signet render: \(target): cannot write"), "\(result.stderr)")
    }

    @Test("--help states the limits and the batch behaviour")
    func help() throws {
        let result = try ProcessRunner.signet(["render", "--help"])
        #expect(result.status == 0)
        for phrase in [
            "25000000 pixels", "32767 per side", "--output-dir every input is rendered", "stroke input limits",
            "--min-ink-length N",
        ] {
            #expect(result.stdoutText.contains(phrase), "\(phrase)")
        }
    }
}
