import Glibc
import Signet

/// Page images from `signet-preview`, the program beside `signet` that links poppler (so `signet`
/// never does): one run, the PNG read from its standard output. Used by `signet verify`'s overlay
/// check and by `signet capture --pdf`'s page.
enum PagePreview {
    /// A page could not be rendered.
    struct Failure: SignetError {
        var message: String
        var kind: FailureKind { .failed }
    }

    /// The executable that renders pages.
    static let executable = "signet-preview"

    /// The PDF to read: a file it opens, or bytes read already, which it gets as an anonymous file
    /// in memory (`Subprocess.run`'s `document`), so what it shows is exactly those bytes.
    enum Input {
        case file(String)
        case bytes([UInt8])
    }

    /// The PNG `signet-preview INPUT ARGUMENTS -o -` writes for page `page` (named in messages).
    /// `missing` says what to do when the program is not installed.
    static func png(
        _ input: Input, page: Int, arguments: [String], password: Secret? = nil, withholding secrets: Set<String>,
        timeout: Double? = nil, missing: String
    ) throws -> [UInt8] {
        try run(
            input, ["--page", String(page), "-o", "-"] + arguments, what: "page \(page)", password: password,
            withholding: secrets, timeout: timeout, missing: missing)
    }

    /// What `signet-preview INPUT --objects ENDS` prints: every object poppler resolves of the file
    /// cut at each end (`nil`: whole), for verify's comparison of two readings.
    static func objects(
        _ input: Input, ends: [Int?], password: Secret?, withholding secrets: Set<String>, timeout: Double?,
        missing: String
    ) throws -> [UInt8] {
        try run(
            input, ["--objects", ends.map { String($0 ?? 0) }.joined(separator: ",")], what: "the objects",
            password: password, withholding: secrets, timeout: timeout, missing: missing)
    }

    /// Standard output of `signet-preview INPUT ARGUMENTS`; `password`, when given, goes to it on its
    /// standard input (`--password-stdin`), never on its command line or in its environment;
    /// without one its standard input is empty, so it never asks the terminal. Its environment lacks
    /// the variables `secrets` names (`Subprocess`). `what` names the work in messages.
    private static func run(
        _ input: Input, _ arguments: [String], what: String, password: Secret?, withholding secrets: Set<String>,
        timeout: Double?, missing: String
    ) throws -> [UInt8] {
        guard let path = ExternalCommand.locate(executable) else {
            throw Failure(message: "\(executable) is not installed next to signet, and it renders the pages \(missing)")
        }
        var output: [UInt8] = []
        var secret = password.map { $0.withCString { Array(UnsafeRawBufferPointer(start: $0, count: $1)) } }
        defer { secret?.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } } }
        let (file, document): (String, [UInt8]?) =
            switch input {
            case .file(let path): (path, nil)
            case .bytes(let bytes): (Subprocess.documentPath, bytes)
            }
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(
                path, [file] + arguments + (secret == nil ? [] : ["--password-stdin"]),
                withholding: secrets, input: secret ?? [], document: document, timeout: timeout
            ) { output += $0 }
        } catch {
            throw Failure(message: "\(path) cannot be started (\(error))")
        }
        if result.timedOut, let timeout {
            throw Failure(message: "\(executable) did not finish \(what) within \(Int(timeout.rounded(.up))) s")
        }
        guard result.status == 0 else {
            // "signet preview: FILE: what": the caller names the document; FILE may be a temporary
            // file (the output about to be written) or the anonymous file the bytes were handed in.
            let last = result.errorText.split(separator: "\n").last.map(String.init) ?? ""
            let why =
                ["signet preview: " + file + ": ", "signet preview: "].first(where: last.hasPrefix)
                .map { String(last.dropFirst($0.count)) } ?? last
            throw Failure(message: "\(executable) failed on \(what) with exit code \(result.status): \(why)")
        }
        return output
    }
}
