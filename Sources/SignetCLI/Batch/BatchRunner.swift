import Dispatch
import FoundationEssentials
import SignetCore
import SignetFiles
import Synchronization

/// What happened to one job, printed as one NDJSON line in job order.
struct BatchRow: Encodable {
    let line: Int
    let id: BatchJobID?
    let op: String?
    let ok: Bool
    let skipped: Bool?
    let output: String?
    let error: String?
    /// What the command said on standard error besides its error (warnings), when anything.
    let messages: [String]?
    /// The command's `--json` object, when it ran to the end.
    let result: AnyEncodable?
    let exit: Int32
    let ms: Int

    init(
        line: Int, id: BatchJobID?, op: String?, ok: Bool, output: String?, exit: Int32, ms: Int, skipped: Bool? = nil,
        error: String? = nil, messages: [String]? = nil, result: AnyEncodable? = nil
    ) {
        (self.line, self.id, self.op, self.ok, self.output, self.exit, self.ms) = (line, id, op, ok, output, exit, ms)
        (self.skipped, self.error, self.messages, self.result) = (skipped, error, messages, result)
    }

    private enum Key: String, CodingKey { case line, id, op, ok, skipped, output, error, messages, result, exit, ms }

    /// `line, op, ok, output, error, exit, ms` always (null when empty); `id`, `skipped`, `messages`
    /// and `result` only when set.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(line, forKey: .line)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(op, forKey: .op)
        try c.encode(ok, forKey: .ok)
        try c.encodeIfPresent(skipped, forKey: .skipped)
        try c.encode(output, forKey: .output)
        try c.encode(error, forKey: .error)
        try c.encodeIfPresent(messages, forKey: .messages)
        try c.encodeIfPresent(result, forKey: .result)
        try c.encode(exit, forKey: .exit)
        try c.encode(ms, forKey: .ms)
    }
}

/// Totals at the end of a batch.
struct BatchSummary: Encodable {
    var jobs = 0
    var ok = 0
    var failed = 0
    var skipped = 0
    var ms = 0
}

/// Runs jobs on `workers` threads, each feeding one worker process (`BatchWorker`), and hands
/// results back strictly in job order.
///
/// Memory stays flat with the job count: lines are read one at a time, and a worker waits
/// before taking a new job while more than `window` finished results are held back behind a
/// slow earlier job.
final class BatchRunner: @unchecked Sendable {
    struct Settings {
        var workers: Int
        var keepGoing: Bool
        var resume: Bool
        /// (index, count): run jobs whose position `p` (0-based, blank lines excluded) has `p % count == index`.
        var shard: (index: Int, count: Int)
        /// Per-job limits of the worker processes (`--job-timeout`, `--job-memory`).
        var limits = BatchWorker.Limits()
    }

    private let settings: Settings
    private let context: CommandContext
    private let emit: (BatchVerdict, [UInt8]) -> Void
    private let monitor = Monitor()
    private var lines: AnyIterator<(Int, String)>
    private var position = 0
    private var nextTicket = 0
    private var nextToEmit = 0
    /// Finished rows held back behind an earlier job, with their NDJSON line already encoded.
    private var finished: [Int: (row: BatchVerdict, line: [UInt8])] = [:]
    private var stop = false
    private(set) var summary = BatchSummary()
    private let window: Int

    init(
        settings: Settings, lines: AnyIterator<(Int, String)>, context: CommandContext,
        emit: @escaping (BatchVerdict, [UInt8]) -> Void
    ) {
        self.settings = settings
        self.lines = lines
        self.context = context
        self.emit = emit
        self.window = max(64, settings.workers * 16)
    }

    func run(progress: ProgressBar) -> BatchSummary {
        let started = ContinuousClock.now
        let done = DispatchGroup()
        for _ in 0..<settings.workers {
            DispatchQueue.global().async(group: done) { [self] in work(progress: progress) }
        }
        done.wait()
        summary.ms = Self.milliseconds(since: started)
        return summary
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let d = ContinuousClock.now - start
        return Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Takes the next job of this shard, or nil when there are no more (or the batch stops).
    private func take() -> (ticket: Int, line: Int, text: String)? {
        monitor.locked {
            while !stop && nextTicket - nextToEmit >= window { monitor.wait() }
            while !stop, let (line, text) = lines.next() {
                defer { position += 1 }
                guard position % settings.shard.count == settings.shard.index else { continue }
                defer { nextTicket += 1 }
                return (nextTicket, line, text)
            }
            return nil
        }
    }

    private func work(progress: ProgressBar) {
        var worker: BatchWorker?
        while let job = take() {
            let (row, encoded) = execute(line: job.line, text: job.text, worker: &worker)
            monitor.locked {
                finished[job.ticket] = (row, encoded)
                // --fail-fast: no new job once one failed; those already taken finish and are reported.
                if !row.ok && !settings.keepGoing { stop = true }
                while let ready = finished.removeValue(forKey: nextToEmit) {
                    emit(ready.row, ready.line)
                    count(ready.row)
                    nextToEmit += 1
                }
                progress.update(summary.jobs)
                monitor.broadcast()
            }
        }
    }

    /// The job's verdict and encoded row: from this process for lines that need no command, else
    /// from `worker` (started, or replaced after a failure, as needed).
    private func execute(line: Int, text: String, worker: inout BatchWorker?) -> (BatchVerdict, [UInt8]) {
        let started = ContinuousClock.now
        let job: BatchJob
        switch BatchJobExecutor.prepare(line: line, text: text, resume: settings.resume) {
        case .done(let row): return (BatchVerdict(row), JSONOutput.encode(row))
        case .run(let prepared): job = prepared
        }
        let failure: BatchWorker.Failure
        switch live(&worker).flatMap({ $0.run(line: line, text: text, limits: settings.limits) }) {
        case .success(let encoded):
            if let verdict = try? JSONDecoder().decode(BatchVerdict.self, from: Data(encoded)) {
                return (verdict, encoded)
            }
            worker = nil
            failure = BatchWorker.Failure(cause: .unavailable("its answer was not a result row"), said: nil)
        case .failure(let f):
            failure = f
        }
        let row = BatchJobExecutor.failedRow(job, failure, ms: Self.milliseconds(since: started))
        return (BatchVerdict(row), JSONOutput.encode(row))
    }

    /// `worker` when it is running, else a new one in its place.
    private func live(_ worker: inout BatchWorker?) -> Result<BatchWorker, BatchWorker.Failure> {
        if let running = worker, running.isAlive { return .success(running) }
        do {
            let started = try BatchWorker(limits: settings.limits)
            worker = started
            return .success(started)
        } catch {
            return .failure(error)
        }
    }

    private func count(_ row: BatchVerdict) {
        summary.jobs += 1
        if row.skipped == true { summary.skipped += 1 } else if row.ok { summary.ok += 1 } else { summary.failed += 1 }
    }
}
