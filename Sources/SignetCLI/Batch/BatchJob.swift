import FoundationEssentials
import SignetCore

/// One line of a job list, turned into the arguments of the command it names.
///
/// Keys are the CLI's long option names (`"width": 25`, `"max-bytes": 100000`), plus `"op"`,
/// `"input"` or `"inputs"` for the positional input(s), `"output"` for `-o`, and an optional `"id"`
/// echoed in the result row. `true` is a flag,
/// `false` and `null` leave the option out, an array repeats the option. Standard input and
/// output belong to the batch (the job list, the results), so no job may name `-` or read a
/// password from standard input.
struct BatchJob: Sendable {
    /// 1-based line number in the job file.
    let line: Int
    /// The job's `"id"`, echoed in its result row (for lists split over machines, where line numbers are per part).
    let id: BatchJobID?
    let op: String
    let arguments: [String]
    /// Files the job writes (`output`, `detached`, `save-image`), for `--resume`.
    let outputs: [String]
}

/// A job's `"id"`: a string or a whole number, echoed as given.
enum BatchJobID: Sendable, Encodable {
    case text(String), number(Int)

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let text): try c.encode(text)
        case .number(let number): try c.encode(number)
        }
    }
}

/// A job line that cannot be run.
struct BatchJobError: SignetError {
    let line: Int
    var id: BatchJobID? = nil
    let text: String
    var kind: FailureKind { .badInput }
    var message: String { "line \(line): \(text)" }
}

enum BatchJobParser {
    /// The operations a job may name.
    static let operations: Set<String> = [
        "render", "compress", "stamp", "sign", "pipeline", "verify", "info", "preview",
    ]
    /// Options that name a file the job writes, besides `output`.
    static let outputKeys: Set<String> = ["detached", "save-image"]

    static func parse(_ text: String, line: Int) throws -> BatchJob {
        let job: [String: JobValue]
        do {
            job = try JSONDecoder().decode([String: JobValue].self, from: Data(text.utf8))
        } catch {
            throw BatchJobError(
                line: line,
                text:
                    "not a JSON object (\(reason(error))); each line is one job like {\"op\":\"render\",\"input\":\"a.json\",\"output\":\"a.png\"}"
            )
        }
        let id: BatchJobID?
        switch job["id"] {
        case nil: id = nil
        case .string(let text)?: id = .text(text)
        case .integer(let number)?: id = .number(number)
        default: throw BatchJobError(line: line, text: "\"id\" must be a string or a whole number")
        }
        let all = operations.sorted().joined(separator: ", ")
        guard case .string(let op)? = job["op"] else {
            throw BatchJobError(line: line, id: id, text: "the job has no \"op\" (one of \(all))")
        }
        guard operations.contains(op) else {
            throw BatchJobError(line: line, id: id, text: "unknown op '\(op)' (one of \(all))")
        }
        do {
            return try arguments(of: job, line: line, id: id, op: op)
        } catch var error as BatchJobError {
            error.id = id
            throw error
        }
    }

    /// The command's arguments: options (keys as long names), then "--" and the positional inputs.
    private static func arguments(of job: [String: JobValue], line: Int, id: BatchJobID?, op: String) throws -> BatchJob
    {
        var positionals: [String] = []
        var options: [String] = []
        var outputs: [String] = []
        for key in job.keys.sorted() where key != "op" && key != "id" {
            let value = job[key]!
            if key.hasSuffix("-stdin") {
                let secret = key.dropLast("-stdin".count)
                throw BatchJobError(
                    line: line,
                    text:
                        "\"\(key)\" cannot work in a batch (standard input holds no \(secret.split(separator: "-").joined(separator: " "))); use \"\(secret)-env\" or \"\(secret)-file\""
                )
            }
            switch key {
            case "input":
                positionals.append(try scalar(value, key: key, line: line))
            case "inputs":
                guard case .array(let list) = value else {
                    throw BatchJobError(line: line, text: "\"inputs\" must be an array of paths")
                }
                positionals += try list.map { try scalar($0, key: key, line: line) }
            case "output":
                let path = try scalar(value, key: key, line: line)
                options += ["-o", path]
                outputs.append(path)
            default:
                if Self.outputKeys.contains(key), case .string(let path) = value { outputs.append(path) }
                options += try option(key, value, line: line)
            }
        }
        // After "--", an input whose name starts with "-" is still an input.
        return BatchJob(line: line, id: id, op: op, arguments: options + ["--"] + positionals, outputs: outputs)
    }

    private static func option(_ key: String, _ value: JobValue, line: Int) throws -> [String] {
        switch value {
        case .null, .bool(false): return []
        case .bool(true): return ["--\(key)"]
        case .array(let list): return try list.flatMap { ["--\(key)", try scalar($0, key: key, line: line)] }
        default: return ["--\(key)", try scalar(value, key: key, line: line)]
        }
    }

    private static func scalar(_ value: JobValue, key: String, line: Int) throws -> String {
        switch value {
        case .string("-"):
            throw BatchJobError(
                line: line,
                text:
                    "\"\(key)\": \"-\" would use standard input or output, which belong to the batch (job list and results); name a file"
            )
        case .string(let s): return s
        case .integer(let n): return String(n)
        case .number(let n): return String(n)
        default: throw BatchJobError(line: line, text: "\"\(key)\" must be a string or a number")
        }
    }

    private static func reason(_ error: Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else {
            return "the line must be one object of options"
        }
        let detail = context.underlyingError.map { "\($0)" } ?? ""
        return detail.isEmpty ? context.debugDescription : detail
    }
}

/// A JSON value of a job line: options are scalars or arrays of scalars.
private enum JobValue: Decodable {
    case string(String), integer(Int), number(Double), bool(Bool), null, array([JobValue]), object

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .integer(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JobValue].self) {
            self = .array(a)
        } else {
            _ = try c.decode([String: JobValue].self)
            self = .object
        }
    }
}
