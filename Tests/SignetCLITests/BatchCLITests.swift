import Foundation
import SignetTestSupport
import Testing

/// `signet batch` run as a real process: order, failures, exit codes, --fail-fast, --resume,
/// and job lines that cannot run.
@Suite("signet batch (process)")
struct BatchCLITests {
    @Test("parallel workers: rows come back in job order although later jobs finish first")
    func jobOrder() throws {
        let dir = TemporaryDirectory("batch-order")
        // Every 8th job is 40× larger, so a later small job finishes before an earlier big one.
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: 48) { $0 % 8 == 0 ? 2400 : 12 }
        let list = dir.write("jobs.ndjson", "# renders\n\n" + jobs)
        let result = try ProcessRunner.signet(["batch", list, "--jobs", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try BatchSupport.rows(result)
        #expect(
            rows.map { $0["line"] as? Int } == (3..<51).map { $0 }, "physical line numbers, comment and blank skipped")
        #expect(
            rows.allSatisfy { $0["ok"] as? Bool == true && $0["op"] as? String == "render" && $0["exit"] as? Int == 0 })
        #expect(rows.map { $0["output"] as? String } == outputs)
        #expect(Set(rows[0].keys) == ["line", "op", "ok", "output", "error", "exit", "ms", "result"])
        let rendered = try #require(rows[1]["result"] as? [String: Any], "render's --json object")
        #expect(
            rendered["output"] as? String == outputs[1] && rendered["strokes"] as? Int == 1
                && rendered["points"] as? Int == 12)
        #expect(outputs.allSatisfy(BatchSupport.isCompletePNG))
        #expect(result.stderr.contains("batch: 48 jobs, 48 ok, 0 failed, 0 skipped in "))
    }

    @Test("a failing job is recorded with its message and exit code; the rest run; the batch exits 1")
    func keepGoing() throws {
        let dir = TemporaryDirectory("batch-fail")
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: 6)
        var lines = jobs.split(separator: "\n").map(String.init)
        lines[2] = BatchSupport.lines([
            ["op": "render", "input": dir.path("missing.json"), "output": dir.path("out/missing.png")]
        ]).trimmingCharacters(in: .newlines)
        let list = dir.write("jobs.ndjson", lines.joined(separator: "\n"))
        let result = try ProcessRunner.signet(["batch", list, "--jobs", "2", "--json"])
        #expect(result.status == 1)
        let rows = try BatchSupport.rows(result)
        #expect(rows.count == 6)
        #expect(rows.map { $0["ok"] as? Bool } == [true, true, false, true, true, true])
        let failed = rows[2]
        #expect(failed["exit"] as? Int == 2)
        #expect(
            failed["error"] as? String
                == "line 3: \(dir.path("missing.json")): cannot open (No such file or directory); check the path and its permissions."
        )
        #expect(!FileManager.default.fileExists(atPath: dir.path("out/missing.png")))
        for (i, output) in outputs.enumerated() where i != 2 { #expect(BatchSupport.isCompletePNG(output)) }
        let summaryLine = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("{") })
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(summaryLine.utf8)) as? [String: Any])
        #expect(summary["jobs"] as? Int == 6 && summary["ok"] as? Int == 5 && summary["failed"] as? Int == 1)
        #expect(result.stderr.contains("signet batch: 1 of 6 jobs failed"))
    }

    @Test("--fail-fast takes no new job after a failure")
    func failFast() throws {
        let dir = TemporaryDirectory("batch-failfast")
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: 20)
        var lines = jobs.split(separator: "\n").map(String.init)
        lines[1] = #"{"op":"render","input":"\#(dir.path("missing.json"))","output":"\#(dir.path("out/x.png"))"}"#
        let list = dir.write("jobs.ndjson", lines.joined(separator: "\n"))
        let result = try ProcessRunner.signet(["batch", list, "--jobs", "1", "--fail-fast"])
        #expect(result.status == 1)
        let rows = try BatchSupport.rows(result)
        #expect(rows.map { $0["ok"] as? Bool } == [true, false], "one worker: job 1 done, job 2 failed, nothing after")
        #expect(BatchSupport.visibleFiles(dir.path("out")) == [URL(fileURLWithPath: outputs[0]).lastPathComponent])
        let both = try ProcessRunner.signet(["batch", list, "--fail-fast", "--keep-going"])
        #expect(both.status == 2 && both.stderr.contains("--keep-going and --fail-fast contradict each other"))
    }

    @Test("--resume skips jobs whose outputs exist and runs the others")
    func resume() throws {
        let dir = TemporaryDirectory("batch-resume")
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: 10)
        let list = dir.write("jobs.ndjson", jobs)
        // A file already in place is taken as done: it is left exactly as it is.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: outputs[4]))
        let first = try ProcessRunner.signet(["batch", list, "--jobs", "2", "--resume"])
        #expect(first.status == 0, "\(first.stderr)")
        let rows = try BatchSupport.rows(first)
        #expect(rows.map { $0["skipped"] as? Bool ?? false } == (0..<10).map { $0 == 4 })
        #expect(String(decoding: FileManager.default.contents(atPath: outputs[4])!, as: UTF8.self) == "kept")
        #expect(first.stderr.contains("batch: 10 jobs, 9 ok, 0 failed, 1 skipped"))
        let again = try ProcessRunner.signet(["batch", list, "--resume"])
        #expect(try BatchSupport.rows(again).allSatisfy { $0["skipped"] as? Bool == true })
        #expect(again.stderr.contains("batch: 10 jobs, 0 ok, 0 failed, 10 skipped"))
    }

    @Test("job lines that cannot run: each row says why, the batch goes on and exits 1; ids are echoed")
    func badLines() throws {
        let dir = TemporaryDirectory("batch-bad")
        let input = dir.write("sig.json", BatchSupport.strokes(seed: 1))
        let lines = [
            #"{"op":"render","input":"-","output":"\#(dir.path("a.png"))"}"#,
            #"{"op":"render","input":"\#(input)","output":"-"}"#,
            #"{"op":"sign","input":"\#(input)","detached":"\#(dir.path("a.p7s"))","p12":"x.p12","password-stdin":true}"#,
            #"{"op":"shred","input":"\#(input)","id":"scan-4"}"#,
            #"{"input":"\#(input)"}"#,
            #"{"op":"render","input":"\#(input)","output":"\#(dir.path("b.png"))","pen-width":{"x":1}}"#,
            #"{"op":"render","input":"\#(input)","output":"\#(dir.path("c.png"))","no-such-option":3}"#,
            "[1, 2",
            #"{"op":"render","input":"\#(input)","output":"\#(dir.path("ok.png"))","id":9}"#,
        ]
        let list = dir.write("jobs.ndjson", lines.joined(separator: "\n"))
        let result = try ProcessRunner.signet(["batch", list])
        #expect(result.status == 1)
        let rows = try BatchSupport.rows(result)
        let errors = rows.map { $0["error"] as? String ?? "" }
        #expect(
            rows[3]["id"] as? String == "scan-4" && rows[8]["id"] as? Int == 9 && rows[0]["id"] == nil,
            "ids are echoed as given")
        let expected = [
            #"line 1: "input": "-" would use standard input or output, which belong to the batch (job list and results); name a file"#,
            #"line 2: "output": "-" would use standard input or output"#,
            #"line 3: "password-stdin" cannot work in a batch (standard input holds no password); use "password-env" or "password-file""#,
            "line 4: unknown op 'shred' (one of compress, info, pipeline, preview, render, sign, stamp, verify)",
            #"line 5: the job has no "op""#,
            #"line 6: "pen-width" must be a string or a number"#,
            "line 7: unknown option --no-such-option for 'signet render'",
            "line 8: not a JSON object",
            "",
        ]
        #expect(errors.count == expected.count)
        for (error, prefix) in zip(errors, expected) { #expect(error.hasPrefix(prefix), "\(error)") }
        #expect(BatchSupport.visibleFiles(dir.url.path) == ["jobs.ndjson", "ok.png", "sig.json"])
    }

    @Test("- reads the job list from standard input (as Spark's RDD.pipe feeds it)")
    func standardInput() throws {
        let dir = TemporaryDirectory("batch-stdin")
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: 3)
        let result = try ProcessRunner.signet(["batch", "-", "--jobs", "1"], stdin: Array(jobs.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try BatchSupport.rows(result).map { $0["line"] as? Int } == [1, 2, 3])
        #expect(outputs.allSatisfy(BatchSupport.isCompletePNG))
    }

    @Test("usage errors: --shard and --jobs values")
    func usage() throws {
        let dir = TemporaryDirectory("batch-usage")
        let list = dir.write("jobs.ndjson", "")
        for (args, message) in [
            (["--shard", "0/2"], "--shard takes I/N with 1 ≤ I ≤ N (like 2/4); got '0/2'"),
            (["--shard", "3/2"], "--shard takes I/N with 1 ≤ I ≤ N (like 2/4); got '3/2'"),
            (["--jobs", "0"], "--jobs must be between 1 and 1024, not 0"),
        ] {
            let result = try ProcessRunner.signet(["batch", list] + args)
            #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
        }
        let empty = try ProcessRunner.signet(["batch", list])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("batch: 0 jobs"))
        let missing = try ProcessRunner.signet(["batch", dir.path("nope.ndjson")])
        #expect(missing.status == 2 && missing.stderr.contains("nope.ndjson: cannot open"))
    }
}
