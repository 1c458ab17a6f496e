import SignetCore

/// A file could not be read or written.
public typealias FileError = StageError<FileReason>

/// Why file failed: each reason says its kind and how it reads.
public enum FileReason: StageReason {
    /// The file could not be opened; the system's reason.
    case cannotOpen(String)
    /// Reading failed; the system's reason.
    case cannotRead(String)
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// Writing (or the final rename) failed; the system's reason.
    case cannotWrite(String)
    /// The path names a folder, not a file.
    case isDirectory
    /// A line of a line-by-line input is longer than `limit` bytes.
    case lineTooLong(line: Int, limit: Int)

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        switch self {
        case .cannotWrite: return .failed
        default: return .badInput
        }
    }

    /// One line for the user: the file, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let path = context ?? "-"
        let name = StreamName.input(path)
        switch self {
        case .cannotOpen(let why):
            return "\(name): cannot open (\(why)); check the path and its permissions."
        case .cannotRead(let why):
            return "\(name): cannot read (\(why))."
        case .tooLarge(let limit):
            return
                "\(name): larger than the \(limit)-byte limit for this kind of input; check that it is the right file."
        case .cannotWrite(let why):
            return "\(name): cannot write (\(why)); check that the folder exists and is writable."
        case .isDirectory:
            return "\(name): is a folder, not a file."
        case .lineTooLong(let line, let limit):
            return
                "\(name), line \(line): longer than the \(limit)-byte line limit; check that it holds one record per line (NDJSON)."
        }
    }
}
