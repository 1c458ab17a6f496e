import Foundation
import SignetCore

/// One line of a job list, turned into the arguments of the command it names.
///
/// Keys are the CLI's long option names (`"width": 25`, `"max-bytes": 100000`), plus `"op"`,
/// `"input"` or `"inputs"` for the positional input(s) and `"output"` for `-o`. `true` is a flag,
/// `false` and `null` leave the option out, an array repeats the option.
struct BatchJob: Sendable {
    /// 1-based line number in the job file.
    let line: Int
    let op: String
    let arguments: [String]
    /// Files the job writes (`output`, `detached`), for `--resume`.
    let outputs: [String]
}

/// A job line that cannot be run.
struct BatchJobError: SignetError {
    let line: Int
    let text: String
    var kind: FailureKind { .badInput }
    var message: String { "line \(line): \(text)" }
}

enum BatchJobParser {
    /// The operations a job may name.
    static let operations: Set<String> = ["render", "compress", "stamp", "sign", "pipeline", "verify", "info", "preview"]

    static func parse(_ text: String, line: Int) throws -> BatchJob {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw BatchJobError(line: line, text: "not a JSON object (\(Self.reason(error))); each line is one job like {\"op\":\"render\",\"input\":\"a.json\",\"output\":\"a.png\"}")
        }
        guard let job = object as? [String: Any] else {
            throw BatchJobError(line: line, text: "a job must be a JSON object with an \"op\"")
        }
        guard let op = job["op"] as? String else {
            throw BatchJobError(line: line, text: "the job has no \"op\" (one of \(operations.sorted().joined(separator: ", ")))")
        }
        guard operations.contains(op) else {
            throw BatchJobError(line: line, text: "unknown op '\(op)' (one of \(operations.sorted().joined(separator: ", ")))")
        }
        var positionals: [String] = []
        var options: [String] = []
        var outputs: [String] = []
        for key in job.keys.sorted() where key != "op" {
            let value = job[key]!
            switch key {
            case "input":
                positionals.append(try scalar(value, key: key, line: line))
            case "inputs":
                guard let list = value as? [Any] else { throw BatchJobError(line: line, text: "\"inputs\" must be an array of paths") }
                positionals += try list.map { try scalar($0, key: key, line: line) }
            case "output":
                let path = try scalar(value, key: key, line: line)
                options += ["-o", path]
                outputs.append(path)
            default:
                if key == "detached", let path = value as? String { outputs.append(path) }
                options += try option(key, value, line: line)
            }
        }
        return BatchJob(line: line, op: op, arguments: positionals + options, outputs: outputs)
    }

    private static func option(_ key: String, _ value: Any, line: Int) throws -> [String] {
        if value is NSNull { return [] }
        if let number = value as? NSNumber, isBoolean(number) {
            return number.boolValue ? ["--\(key)"] : []
        }
        if let list = value as? [Any] {
            return try list.flatMap { ["--\(key)", try scalar($0, key: key, line: line)] }
        }
        return ["--\(key)", try scalar(value, key: key, line: line)]
    }

    private static func scalar(_ value: Any, key: String, line: Int) throws -> String {
        if let s = value as? String { return s }
        if let n = value as? NSNumber, !isBoolean(n) { return n.stringValue }
        throw BatchJobError(line: line, text: "\"\(key)\" must be a string or a number")
    }

    /// JSON `true`/`false` arrive as NSNumber with the C type `char`; numbers never do.
    private static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    private static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
        return text.trimmingSpaces()
    }
}
