import FoundationEssentials
import SignetCore
import SignetFiles
import Synchronization

/// Turns one job line into its result row: parsing and `--resume` in the batch process, the
/// command itself in a worker process (`BatchWorker`), so a job that crashes takes only its worker.
enum BatchJobExecutor {
    /// The job to hand to a worker, or the row of a line that needs none (unparsable, or skipped by `--resume`).
    enum Prepared {
        case run(BatchJob)
        case done(BatchRow)
    }

    static func prepare(line: Int, text: String, resume: Bool) -> Prepared {
        let started = ContinuousClock.now
        let job: BatchJob
        do {
            job = try BatchJobParser.parse(text, line: line)
        } catch {
            let message = (error as? SignetError).map(FlagAdvice.line) ?? "\(error)"
            return .done(
                BatchRow(
                    line: line, id: (error as? BatchJobError)?.id, op: nil, ok: false, output: nil, exit: 2,
                    ms: BatchRunner.milliseconds(since: started), error: message))
        }
        // Outputs are renamed into place only when complete, so one that exists is complete.
        if resume, !job.outputs.isEmpty, job.outputs.allSatisfy(InputFile.exists) {
            return .done(
                BatchRow(
                    line: line, id: job.id, op: job.op, ok: true, output: job.outputs.first, exit: 0,
                    ms: BatchRunner.milliseconds(since: started), skipped: true))
        }
        return .run(job)
    }

    /// Runs `job` in this process, its messages collected into the row (what a worker does).
    static func run(_ job: BatchJob, context: CommandContext) -> BatchRow {
        let started = ContinuousClock.now
        let messages = Mutex<[String]>([])
        var quiet = context
        quiet.stderrIsTerminal = false
        quiet.writeMessage = { text in messages.withLock { $0.append(text) } }
        quiet.writeOutput = { _ in }
        quiet.budgetThreads = 1
        quiet.askSecret = nil
        let output = job.outputs.first
        guard let result = CLI.invoke(named: job.op, job.arguments, context: quiet) else {
            return BatchRow(
                line: job.line, id: job.id, op: job.op, ok: false, output: output, exit: 2,
                ms: BatchRunner.milliseconds(since: started),
                error: "line \(job.line): 'signet \(job.op)' is not available in this build")
        }
        let said = messages.withLock { $0 }
        return BatchRow(
            line: job.line, id: job.id, op: job.op, ok: result.exitCode == 0, output: output,
            exit: result.exitCode, ms: BatchRunner.milliseconds(since: started),
            error: result.error.map { "line \(job.line): \($0)" }, messages: said.isEmpty ? nil : said,
            result: result.outcome.map { AnyEncodable($0.json) })
    }

    /// The row of a job whose worker died or was stopped (`BatchWorker.Failure`).
    static func failedRow(_ job: BatchJob, _ failure: BatchWorker.Failure, ms: Int) -> BatchRow {
        BatchRow(
            line: job.line, id: job.id, op: job.op, ok: false, output: job.outputs.first, exit: failure.exitCode,
            ms: ms, error: "line \(job.line): \(failure.description)")
    }
}

/// What the batch process needs of a row a worker encoded: the verdict, for the summary.
struct BatchVerdict: Decodable {
    let line: Int
    let ok: Bool
    let skipped: Bool?
    let error: String?
    let exit: Int32

    init(_ row: BatchRow) { (line, ok, skipped, error, exit) = (row.line, row.ok, row.skipped, row.error, row.exit) }
}
