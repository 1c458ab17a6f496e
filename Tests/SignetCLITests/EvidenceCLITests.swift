import Foundation
import SignetTestSupport
import Testing

/// `signet evidence export` and `plot` run as real processes (debug, and the release build when
/// it is there), on the bundled samples.
@Suite("signet evidence (process)")
struct EvidenceCLITests {
    static let svc = Corpus.packageRoot.appendingPathComponent("SampleStrokes/svc2004-pablo-ruiz.txt").path
    static let pad = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path

    @Test("export writes a record that render and plot read back", arguments: VocabularyCLITests.binaries)
    func exportThenRead(binary: String) throws {
        let dir = TemporaryDirectory("signet-evidence-export")
        let record = dir.path("sig.iso")
        let result = try ProcessRunner.run(binary, ["evidence", "export", Self.svc, "-o", record, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains(#""channels":["X","Y","T","F"]"#), "the JSON was: \(result.stdoutText)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: record)))
        #expect(Array(bytes.prefix(8)) == Array("SDI\0 10\0".utf8), "format identifier and version")
        let render = try ProcessRunner.run(binary, ["render", record, "-o", dir.path("sig.png")])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdoutText.hasSuffix("read as iso19794-7\n"), "the summary was: \(render.stdoutText)")
        let plot = try ProcessRunner.run(
            binary, ["evidence", "plot", record, Self.svc, "-o", dir.path("compare.svg")])
        #expect(plot.status == 0, "\(plot.stderr)")
        let svg = try String(contentsOfFile: dir.path("compare.svg"), encoding: .utf8)
        #expect(svg.contains("A: \(record)") && svg.contains("B: \(Self.svc)"), "both signatures in the legend")
        #expect(plot.stdoutText.contains("SVG plot of x, y, speed and pressure against time"), "\(plot.stdoutText)")
    }

    @Test("strokes and their own record plot on one axis, in mm", arguments: VocabularyCLITests.binaries)
    func strokesBesideTheirRecord(binary: String) throws {
        let dir = TemporaryDirectory("signet-evidence-same-axis")
        let record = dir.path("pad.iso")
        let export = try ProcessRunner.run(binary, ["evidence", "export", Self.pad, "-o", record])
        #expect(export.status == 0, "\(export.stderr)")
        let plot = try ProcessRunner.run(
            binary, ["evidence", "plot", record, Self.pad, "-o", dir.path("same.svg"), "--json"])
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(
            plot.stdoutText.components(separatedBy: #""unit":"mm""#).count == 3,
            "both signatures in mm (the JSON records no resolution; the record was written at 96 per inch): \(plot.stdoutText)"
        )
        let svg = try String(contentsOfFile: dir.path("same.svg"), encoding: .utf8)
        for panel in ["x", "y"] {
            let a = Self.points(svg, series: "A \(panel)")
            let b = Self.points(svg, series: "B \(panel)")
            let apart = zip(a, b).map { max(abs($0.0 - $1.0), abs($0.1 - $1.1)) }.max() ?? .infinity
            #expect(
                !a.isEmpty && a.count == b.count && apart < 0.5,
                "\(panel): the record's \(a.count) points and the strokes' \(b.count) lie \(apart) page units apart at most"
            )
        }
    }

    /// The points of the solid polylines of `series` ("A x", "B y", …) in a plot's SVG.
    static func points(_ svg: String, series: String) -> [(Double, Double)] {
        svg.components(separatedBy: "<polyline data-series=\"\(series)\" points=\"").dropFirst().flatMap { run in
            run.prefix { $0 != "\"" }.split(separator: " ").map { pair in
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                return (xy.first ?? .nan, xy.last ?? .nan)
            }
        }
    }

    @Test("plot writes a PNG through cairo", arguments: VocabularyCLITests.binaries)
    func plotPNG(binary: String) throws {
        let dir = TemporaryDirectory("signet-evidence-png")
        let result = try ProcessRunner.run(binary, ["evidence", "plot", Self.pad, "-o", dir.path("p.png"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("p.png"))))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "a PNG")
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1920, "960 page units at 2 pixels each, got \(width)")
        #expect(result.stdoutText.contains(#""type":"png""#), "\(result.stdoutText)")
    }

    @Test("strokes without timestamps are refused (exit 2) and an existing output is kept")
    func noTimestamps() throws {
        let dir = TemporaryDirectory("signet-evidence-no-times")
        let output = dir.path("keep.iso")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: output))
        let result = try ProcessRunner.signet(
            ["evidence", "export", "-", "-o", output], stdin: Array(#"{"strokes":[[[1,2],[3,4]]]}"#.utf8))
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "standard input: stroke 1, point 1 has no time, and the pen's dynamics are a time series"),
            "\(result.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep", "the output is untouched")
        let plot = try ProcessRunner.signet(
            ["evidence", "plot", "-", "-o", dir.path("p.svg")], stdin: Array(#"{"strokes":[[[1,2],[3,4]]]}"#.utf8))
        #expect(plot.status == 2 && plot.stderr.contains("has no time"), "\(plot.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("p.svg")))
    }

    @Test("an unknown action and a wrong count of files are usage errors")
    func usage() throws {
        let unknown = try ProcessRunner.signet(["evidence", "exprot", Self.svc, "-o", "x.iso"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean export?"), "\(unknown.stderr)")
        let two = try ProcessRunner.signet(["evidence", "export", Self.svc, Self.pad, "-o", "x.iso"])
        #expect(two.status == 2 && two.stderr.contains("export takes one stroke file, not 2"), "\(two.stderr)")
        let help = try ProcessRunner.signet(["evidence", "--help"])
        #expect(help.status == 0 && help.stdoutText.contains("plot A [B] -o OUT.svg|.png"), "\(help.stdoutText)")
    }
}
