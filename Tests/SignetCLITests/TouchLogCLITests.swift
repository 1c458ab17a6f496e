import Foundation
import SignetTestSupport
import Testing

/// `signet render` on the raw touch logs devices write (Flutter pointer data, Android getevent,
/// W3C Pointer Events), run as a real process on the bundled samples.
@Suite("signet render of raw touch logs (process)")
struct TouchLogCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("SampleStrokes")

    @Test(
        "each sample renders without --format, one summary line naming its strokes and the format detected",
        arguments: [
            ("flutter-lina-hoff.json", 4, "flutter"), ("flutter-packets-mila-novak.json", 4, "flutter"),
            ("getevent-ravi-kumar.txt", 4, "getevent"),
            ("pointer-events-nico-baird.json", 5, "pointer-events"),
        ])
    func renders(sample: String, strokes: Int, format: String) throws {
        let dir = TemporaryDirectory("signet-touch-logs")
        let input = Self.samples.appendingPathComponent(sample).path
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.path("out.png")))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "a PNG")
        #expect(
            result.stdoutText.contains(" \(strokes) strokes, "), "the summary was: \(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix(" points, read as \(format)\n"), "the summary was: \(result.stdoutText)")
        let json = try ProcessRunner.signet(["render", input, "-o", dir.path("again.png"), "--json"])
        #expect(json.stdoutText.contains(#""stroke_format":"\#(format)""#), "the JSON was: \(json.stdoutText)")
    }

    @Test("--help names the three formats --format accepts")
    func help() throws {
        let result = try ProcessRunner.signet(["render", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "flutter           Flutter pointer data records",
            "getevent          Android getevent -lt output",
            "pointer-events    W3C Pointer Events dump",
        ] {
            #expect(result.stdoutText.contains(line), "\(line) in: \(result.stdoutText)")
        }
    }

    @Test("a getevent log without its header renders from standard input with --format getevent")
    func geteventFromStdin() throws {
        let log = """
            [   10.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
            [   10.000000] EV_ABS       ABS_MT_POSITION_X    00000010
            [   10.000000] EV_ABS       ABS_MT_POSITION_Y    00000020
            [   10.000000] EV_SYN       SYN_REPORT           00000000
            [   10.008000] EV_ABS       ABS_MT_POSITION_X    00000040
            [   10.008000] EV_SYN       SYN_REPORT           00000000
            [   10.016000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   10.016000] EV_SYN       SYN_REPORT           00000000

            """
        let result = try ProcessRunner.signet(
            ["render", "-", "--format", "getevent", "-o", "-"], stdin: Array(log.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 stroke, 2 points"), "the summary was: \(result.stderr)")
    }

    /// The log of `geteventFromStdin` drawn on an 1000 x 2000 panel: a short horizontal stroke.
    static let headerless = """
        [   10.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
        [   10.000000] EV_ABS       ABS_MT_POSITION_X    00000100
        [   10.000000] EV_ABS       ABS_MT_POSITION_Y    00000200
        [   10.000000] EV_ABS       ABS_MT_PRESSURE      00000080
        [   10.000000] EV_SYN       SYN_REPORT           00000000
        [   10.008000] EV_ABS       ABS_MT_POSITION_X    00000300
        [   10.008000] EV_SYN       SYN_REPORT           00000000
        [   10.016000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [   10.016000] EV_SYN       SYN_REPORT           00000000

        """

    @Test("--axis-range gives a headerless getevent log its panel: the uncropped canvas is the panel's shape")
    func axisRange() throws {
        let dir = TemporaryDirectory("signet-axis-range")
        let log = dir.write("log.txt", Self.headerless)
        func size(_ extra: [String]) throws -> (width: Int, height: Int) {
            let r = try ProcessRunner.signet(
                ["render", log, "-o", dir.path("out.png"), "--format", "getevent", "--no-crop", "--json"] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any] ?? [:]
            return (json["width"] as? Int ?? 0, json["height"] as? Int ?? 0)
        }
        let bare = try size([])
        #expect(bare.width > bare.height, "without axes the canvas is the ink's: \(bare)")
        let panel = try size(["--axis-range", "x=0:999,y=0:1999,pressure=0:255"])
        #expect(panel.height > panel.width * 3 / 2, "with the axes the canvas is the 1000 x 2000 panel: \(panel)")
    }

    @Test(
        "a bad --axis-range, or one with another --format, is refused naming what is wrong",
        arguments: [
            (["--axis-range", "x=0:99,z=0:9"], "knows the axes x, y and pressure, not 'z'"),
            (["--axis-range", "x=99:0"], "takes AXIS=MIN:MAX[:RES] items with MAX above MIN"),
            (["--axis-range", "x=0:9,x=0:19"], "names the axis 'x' twice"),
            (["--axis-range", "x=0:9", "--format", "signet"], "--axis-range is about Android getevent logs"),
        ])
    func badAxisRange(_ extra: [String], _ message: String) throws {
        let dir = TemporaryDirectory("signet-axis-range-bad")
        let log = dir.write("log.txt", Self.headerless)
        let r = try ProcessRunner.signet(["render", log, "-o", dir.path("out.png")] + extra)
        #expect(CLIRefusal.problems(r, command: "render", message: message) == [])
    }

    @Test("a log that looks like Flutter's but lacks a field: exit 2 and the missing field named")
    func missingField() throws {
        let dir = TemporaryDirectory("signet-touch-logs")
        let input = dir.write("log.json", #"[{"change":"down","physicalX":4,"timeStamp":0}]"#)
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "log.json, record 1: \"physicalY\" is missing; a down record needs physicalX and physicalY."),
            "stderr was: \(result.stderr)")
        #expect(dir.contents() == ["log.json"], "no output left behind")
    }
}
