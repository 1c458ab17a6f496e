import Foundation
import SignetTestSupport
import Testing

/// One bad input of the README's table: the command, what it is given, and how it must answer.
///
/// Every case runs the real `signet` in a fresh folder holding only its `files`, with that folder
/// as the working directory, so the arguments and the messages name files by their bare names
/// (`IN.json`, `OUT.png`): the table reads the same on every machine.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    let command: String
    /// What is wrong, in a few words; unique within the command (it keys the README row).
    let label: String
    /// The arguments after `signet <command>`.
    let arguments: [String]
    /// Written into the folder before the run.
    var files: [Fixture] = []
    /// Variables set for the run besides PATH and TMPDIR (passwords named by --password-env).
    var environment: [String: String] = [:]
    /// A file of the folder given to the process as standard input.
    var stdin: String? = nil
    /// Passwords that appear in the arguments (a refused `--password=…`), never to be echoed.
    var argumentSecrets: [String] = []
    /// The exit code: 2 bad input, 1 failure, 3 a verification that said no.
    let exit: Int32
    /// A part of the one stderr line that must be there.
    let fragment: String
    /// True when a report on standard output belongs to the answer (verify's exit 3, batch rows);
    /// otherwise standard output must stay empty.
    var printsReport = false
    /// The text of the main input, shown in the table when it is short ("IN.json: `{…}`").
    var shows: (file: String, text: String)? = nil

    init(
        _ command: String, _ label: String, _ arguments: [String], files: [Fixture] = [],
        environment: [String: String] = [:],
        stdin: String? = nil, argumentSecrets: [String] = [], exit: Int32 = 2, fragment: String,
        printsReport: Bool = false
    ) {
        (self.command, self.label, self.arguments, self.files, self.environment) = (
            command, label, arguments, files, environment
        )
        (self.stdin, self.argumentSecrets, self.exit, self.fragment, self.printsReport) = (
            stdin, argumentSecrets, exit, fragment, printsReport
        )
    }

    /// True when an input comes from the shared corpus (`../shared/corpus`).
    var needsCorpus: Bool { files.contains { $0.corpusPath != nil } }

    /// Every password the run can see: none may appear in its output.
    var secrets: [String] { Array(environment.values) + files.compactMap(\.secret) + argumentSecrets }

    /// The command as a user would type it in the case's folder.
    var commandLine: String {
        let words = ["signet", command] + arguments
        return words.map { word in
            word.isEmpty || word.contains(where: { " '\"\\$#*?;&|<>(){}".contains($0) }) ? "'\(word)'" : word
        }.joined(separator: " ")
    }

    var testDescription: String { "\(command): \(label)" }
}

/// A file (or folder) a case's run needs, written by path into the case's folder.
struct Fixture: Sendable {
    /// The name inside the case's folder.
    let name: String
    let write: @Sendable (_ path: String) throws -> Void
    /// Set for a copy of a corpus file (relative to the corpus root).
    var corpusPath: String? = nil
    /// Set for a password file: its text must never be printed.
    var secret: String? = nil

    static func text(_ name: String, _ text: String) -> Fixture {
        Fixture(name: name) { try Data(text.utf8).write(to: URL(fileURLWithPath: $0)) }
    }

    static func bytes(_ name: String, _ make: @escaping @Sendable () throws -> [UInt8]) -> Fixture {
        Fixture(name: name) { try Data(try make()).write(to: URL(fileURLWithPath: $0)) }
    }

    static func folder(_ name: String) -> Fixture {
        Fixture(name: name) { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
    }

    /// A password file (one trailing line break, as an editor saves it), readable by its owner only
    /// (a shared one would add a warning line).
    static func password(_ name: String, _ secret: String) -> Fixture {
        let file = text(name, secret + "\n")
        return Fixture(
            name: name,
            write: { path in
                try file.write(path)
                chmod(path, 0o600)
            }, secret: secret)
    }

    /// A copy of a corpus file (so the corpus itself is never at risk).
    static func corpus(_ relative: String, as name: String? = nil) -> Fixture {
        Fixture(
            name: name ?? (relative as NSString).lastPathComponent,
            write: { try FileManager.default.copyItem(atPath: Corpus.path(relative), toPath: $0) },
            corpusPath: relative)
    }

    /// A copy of one file of the process-wide test PKI.
    static func pki(_ name: String, _ file: @escaping @Sendable (TestPKI) -> String) -> Fixture {
        Fixture(name: name) { try FileManager.default.copyItem(atPath: file(TestPKI.shared), toPath: $0) }
    }
}
