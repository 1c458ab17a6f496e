import Foundation
import SignetTestSupport
import Testing

/// `signet render` on the raw touch logs devices write (Flutter pointer data, Android getevent,
/// W3C Pointer Events), run as a real process on the bundled samples.
@Suite("signet render of raw touch logs (process)")
struct TouchLogCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("SampleStrokes")

    @Test(
        "each sample renders without --format, one summary line naming its strokes",
        arguments: [
            ("flutter-lina-hoff.json", 4), ("getevent-ravi-kumar.txt", 4), ("pointer-events-nico-baird.json", 5),
        ])
    func renders(sample: String, strokes: Int) throws {
        let dir = TemporaryDirectory("signet-touch-logs")
        let input = Self.samples.appendingPathComponent(sample).path
        let result = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.path("out.png")))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "a PNG")
        #expect(
            result.stdoutText.contains(" \(strokes) strokes, "), "the summary was: \(result.stdoutText)")
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
