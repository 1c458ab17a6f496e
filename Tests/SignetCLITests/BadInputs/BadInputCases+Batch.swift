extension BadInputCases {
    /// `batch jobs.ndjson` with `lines` as the job list (plus a good capture, IN.json, for jobs to use).
    private static func jobs(
        _ label: String, _ lines: [String], _ extra: [String] = [], exit: Int32 = 1, fragment: String,
        argumentSecrets: [String] = []
    ) -> BadInputCase {
        var c = BadInputCase(
            "batch", label, ["jobs.ndjson"] + extra,
            files: [.text("jobs.ndjson", lines.joined(separator: "\n") + "\n"), F.strokes()],
            argumentSecrets: argumentSecrets, exit: exit, fragment: fragment, printsReport: exit == 1)
        if extra.isEmpty { c.shows = ("jobs.ndjson", lines.joined(separator: "\n")) }
        return c
    }

    static let batch: [BadInputCase] = [
        jobs("job line not JSON", ["render IN.json -o OUT.png"], fragment: "line 1: not a JSON object"),
        jobs("unknown op", [#"{"op":"frobnicate","input":"IN.json"}"#], fragment: "unknown op 'frobnicate'"),
        jobs("job without an op", [#"{"input":"IN.json","output":"OUT.png"}"#], fragment: #"the job has no "op""#),
        jobs(
            "input that is an object", [#"{"op":"render","input":{"path":"IN.json"},"output":"OUT.png"}"#],
            fragment: #""input" must be a string or a number"#),
        jobs(
            "unknown option key", [#"{"op":"render","input":"IN.json","output":"OUT.png","bogus":1}"#],
            fragment: "unknown option --bogus"),
        jobs(
            "password in the job line",
            [#"{"op":"sign","input":"IN.pdf","output":"OUT.pdf","p12":"x.p12","password":"hunter2-secret"}"#],
            fragment: "unknown option --password", argumentSecrets: ["hunter2-secret"]),
        jobs(
            "PDF password from standard input in a job",
            [#"{"op":"stamp","input":"IN.pdf","output":"OUT.pdf","image":"s.png","password-stdin":true}"#],
            fragment: #""password-stdin" cannot work in a batch"#),
        jobs(
            "signed PDF's password from standard input in a job",
            [#"{"op":"pipeline","input":"IN.json","pdf":"IN.pdf","output":"OUT.pdf","pdf-password-stdin":true}"#],
            fragment: #""pdf-password-stdin" cannot work in a batch (standard input holds no pdf password)"#),
        jobs(
            "two failing jobs", [#"{"op":"render","input":"missing.json","output":"OUT.png"}"#, #"{"op":"info"}"#],
            fragment: "2 of 2 jobs failed"),
        BadInputCase("batch", "missing job list", ["jobs.ndjson"], fragment: "jobs.ndjson: cannot open"),
        jobs(
            "--shard beyond the count", [#"{"op":"render","input":"IN.json","output":"OUT.png"}"#], ["--shard", "3/2"],
            exit: 2,
            fragment: "--shard takes I/N"),
        jobs(
            "--jobs 0", [#"{"op":"render","input":"IN.json","output":"OUT.png"}"#], ["--jobs", "0"], exit: 2,
            fragment: "--jobs must be between 1 and 1024"),
    ]
}
