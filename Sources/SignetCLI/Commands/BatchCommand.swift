import FoundationEssentials
import Glibc
import SignetCore
import SignetFiles

/// `signet batch JOBS.ndjson`: many jobs, one process, every core, results in job order.
enum BatchCommand: Command {
    static let spec = CommandSpec(
        name: "batch",
        summary: "run a list of jobs (one JSON object per line) in parallel",
        usage:
            "JOBS.ndjson [--jobs N] [--shard I/N] [--keep-going | --fail-fast] [--resume] [--job-timeout SECONDS] [--job-memory SIZE]",
        positionals: 1...1,
        options: [
            .value(.jobs, "N", "parallel workers (default: every core)"),
            .value(.shard, "I/N", "run only jobs I, I+N, I+2N… (1-based), so N processes or machines split one list"),
            .flag(.keepGoing, "record a failed job and go on with the rest (the default)"),
            .flag(.failFast, "take no new job after the first failure"),
            .flag(
                .resume,
                "skip jobs whose outputs already exist (outputs are written atomically, so one that exists is complete)"
            ),
            .value(.jobTimeout, "SECONDS", "stop a job that runs longer than this; it fails with exit 124"),
            .value(.jobMemory, "SIZE", "address-space limit of each worker process (like 2GB); a job over it fails"),
            .flag(.worker, "internal: serve jobs to a parent signet batch over standard input and output"),
            .value(.workerMemory, "BYTES", "internal: the worker's address-space limit"),
        ],
        notes: [
            """
            Each line is one job: {"op":"render","input":"a.json","output":"a.png","pen-width":3}. Keys are the
            long option names of the command named by "op" (render, compress, stamp, sign, pipeline, verify,
            info, preview); "input"/"inputs" are the positional inputs, "output" is -o; true is a flag, an array
            repeats the option; an "id" (string or whole number) is echoed in the job's result row. Blank lines
            and lines starting with # are skipped. Jobs run in parallel, so no job may read what another job of
            the same list writes. Standard input and output belong to the batch: no job may name "-" or use
            "password-stdin", "pdf-password-stdin" or "pin-stdin" (use their "-env" or "-file" forms), and
            no job asks for a password at the terminal.
            """,
            """
            Results go to stdout as NDJSON in job order, one line per job as it completes in order:
            {"line","op","ok","output","error","exit","ms"}, plus "id" when the job has one, "result" (the
            command's --json object), "skipped": true for jobs --resume skipped and "messages" for warnings a job
            printed. The summary goes to stderr (one JSON object with --json).
            Exit 0 when every job succeeded, 1 otherwise.
            """,
            """
            Every job runs in one of --jobs worker processes (signet itself), so a job that crashes, runs past
            --job-timeout or exhausts --job-memory fails alone: its row says how ("crashed its worker process
            with SIGABRT …", exit 128 + the signal; "ran longer than --job-timeout …", exit 124), a fresh worker
            takes the next job and the batch goes on.
            """,
            """
            Outputs are written to a hidden temporary file next to them and renamed when complete, so an output
            that exists is complete even after kill -9 or a power cut; --resume then skips jobs whose outputs
            ("output", "detached", "save-image") all exist. A killed run may leave hidden .NAME.signet-XXXXXX
            files and .signet-XXXXXX folders behind; they are never taken for outputs and can be deleted.
            """,
            """
            Splitting one list: --shard I/N over N processes (parallel -j N signet batch jobs.ndjson --shard {}/N
            ::: $(seq N)) or machines (an indexed job passing its index as I) runs every job exactly once.
            """,
        ])

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        if args.flag(.worker) { return try serveJobs(args, context) }
        let path = args.positionals[0]
        let workers = try args.int(.jobs, in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = try parseShard(args)
        if args.flag(.keepGoing) && args.flag(.failFast) {
            throw UsageError(spec.name, "--keep-going and --fail-fast contradict each other")
        }
        let jobs = JobList(try LineReader(path: path, maxLineLength: 1 << 20))
        let total = context.stderrIsTerminal && path != "-" ? try countJobs(path, shard: shard) : nil
        let progress = ProgressBar(label: "batch", total: total, context: context)
        let limits = BatchWorker.Limits(
            seconds: try args.double(.jobTimeout, in: 0.001...31_536_000),
            memoryBytes: try args.byteSize(.jobMemory))
        // A worker that dies while a job is being written to it must not take the batch with it.
        signal(SIGPIPE, SIG_IGN)
        // Rows are emitted one at a time, in job order: the first failed one is the first failure.
        var firstError: String?
        let runner = BatchRunner(
            settings: .init(
                workers: workers, keepGoing: !args.flag(.failFast), resume: args.flag(.resume), shard: shard,
                limits: limits),
            lines: AnyIterator { jobs.next() },
            context: context,
            emit: { row, line in
                if !row.ok, firstError == nil { firstError = row.error ?? "line \(row.line): exit \(row.exit)" }
                context.writeOutput(line)
            })
        let summary = runner.run(progress: progress)
        progress.finish()
        if let error = jobs.error { throw error }
        let seconds = ProgressBar.tenths(Double(summary.ms) / 1000)
        guard summary.failed > 0 else {
            return CommandOutcome(
                json: summary,
                lines: [
                    "batch: \(summary.jobs) jobs, \(summary.ok) ok, \(summary.failed) failed, \(summary.skipped) skipped in \(seconds) s"
                ],
                outputUsedStdout: true)
        }
        // A failed batch says so in one "signet batch: …" line, like any other failure.
        return CommandOutcome(
            json: summary, lines: [], verdict: .failed,
            verdictMessage:
                "\(summary.failed) of \(summary.jobs) jobs failed (each one's result line on standard output has its \"error\"); the first: \(firstError ?? "?")",
            outputUsedStdout: true)
    }

    /// `--worker`: runs the jobs a parent batch writes to standard input (`LINE<TAB>JOB`), one
    /// encoded result row per job on standard output (see `BatchWorker`).
    private static func serveJobs(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        if let bytes = try args.int(.workerMemory, in: 1 << 20...Int.max) {
            var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        }
        AllocatorTuning.keepFreedMemoryForReuse()
        let requests = try LineReader(path: "-", maxLineLength: 1 << 21)
        while let bytes = try requests.nextLine() {
            guard let tab = bytes.firstIndex(of: UInt8(ascii: "\t")),
                let line = Int(String(decoding: bytes[..<tab], as: UTF8.self))
            else { continue }
            let text = String(decoding: bytes[(tab + 1)...], as: UTF8.self)
            let row: BatchRow
            switch BatchJobExecutor.prepare(line: line, text: text, resume: false) {
            case .done(let refused): row = refused
            case .run(let job): row = BatchJobExecutor.run(job, context: context)
            }
            context.writeOutput(JSONOutput.encode(row))
        }
        return CommandOutcome(json: BatchSummary(), lines: [], outputUsedStdout: true)
    }

    /// `I/N` with 1 ≤ I ≤ N, as (I-1, N).
    static func parseShard(_ args: Arguments) throws -> (index: Int, count: Int) {
        guard let text = args.string(.shard) else { return (0, 1) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw UsageError(spec.name, "--shard takes I/N with 1 ≤ I ≤ N (like 2/4); got '\(text)'")
        }
        return (i - 1, n)
    }

    /// How many jobs this shard will run (for the progress bar's ETA).
    private static func countJobs(_ path: String, shard: (index: Int, count: Int)) throws -> Int {
        let lines = JobList(try LineReader(path: path, maxLineLength: 1 << 20))
        var position = 0, count = 0
        while lines.next() != nil {
            if position % shard.count == shard.index { count += 1 }
            position += 1
        }
        if let error = lines.error { throw error }
        return count
    }
}

/// Job lines as (line number, text), read one at a time, skipping blanks and comments. A read
/// error ends the list and is kept, so the command reports it after the jobs read so far ran.
final class JobList: @unchecked Sendable {
    private let reader: LineReader
    private(set) var error: Error?

    init(_ reader: LineReader) { self.reader = reader }

    func next() -> (Int, String)? {
        do {
            while let bytes = try reader.nextLine() {
                let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
                if text.isEmpty || text.hasPrefix("#") { continue }
                return (reader.lineNumber, text)
            }
        } catch {
            self.error = error
        }
        return nil
    }
}
