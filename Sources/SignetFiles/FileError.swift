import SignetCore

/// A file could not be read or written.
public struct FileError: SignetError, Hashable {
    public enum Reason: Sendable, Hashable {
        case cannotOpen(String)
        case cannotRead(String)
        case tooLarge(limit: Int)
        case cannotWrite(String)
        case isDirectory
        /// A line of a line-by-line input is longer than `limit` bytes.
        case lineTooLong(line: Int, limit: Int)
    }

    public var path: String
    public var reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: FailureKind {
        switch reason {
        case .cannotWrite: return .failed
        default: return .badInput
        }
    }

    public var message: String {
        let name = path == "-" ? "standard input" : path
        switch reason {
        case .cannotOpen(let why):
            return "\(name): cannot open (\(why)); check the path and its permissions."
        case .cannotRead(let why):
            return "\(name): cannot read (\(why))."
        case .tooLarge(let limit):
            return "\(name): larger than the \(limit)-byte limit for this kind of input; check that it is the right file."
        case .cannotWrite(let why):
            return "\(name): cannot write (\(why)); check that the folder exists and is writable."
        case .isDirectory:
            return "\(name): is a folder, not a file."
        case .lineTooLong(let line, let limit):
            return "\(name), line \(line): longer than the \(limit)-byte line limit; check that it holds one record per line (NDJSON)."
        }
    }
}
