import Foundation
import SignetTestSupport
import Testing

/// What `signet --help` and `signet <command> --help` list, read back from the text a person reads,
/// so the manual pages and completions are checked against help rather than against the specs.
enum HelpListing {
    /// The names of the commands block of `signet --help`, in order.
    static func commands() throws -> [String] {
        block(try help([]), after: "commands:").map { String($0.split(separator: " ")[0]) }
    }

    /// The option spellings (`-o`, `--output`) of `signet --help`'s own options block.
    static func programOptions() throws -> Set<String> {
        spellings(block(try help([]), after: "options (instead of a command):"))
    }

    /// The option spellings `signet <command> --help` lists.
    static func options(_ command: String) throws -> Set<String> {
        spellings(block(try help([command]), after: "options:"))
    }

    static func help(_ arguments: [String]) throws -> String {
        let r = try ProcessRunner.signet(arguments + ["--help"])
        #expect(r.status == 0, "signet \(arguments) --help exited \(r.status): \(r.stderr)")
        return r.stdoutText
    }

    /// The lines between `heading` and the next empty line, those that start an entry (`  x…`).
    private static func block(_ text: String, after heading: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else {
            Issue.record("no '\(heading)' in help:\n\(text)")
            return []
        }
        let rest = lines[(start + 1)...].drop { $0.isEmpty }
        return rest.prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { $0.dropFirst(2) }
    }

    /// `-o, --output FILE   help` → `-o`, `--output`: the words before the two spaces that end the label.
    private static func spellings(_ entries: [Substring]) -> Set<String> {
        var names: Set<String> = []
        for entry in entries {
            let label = entry.components(separatedBy: "  ")[0]
            for word in label.split(separator: " ") where word.hasPrefix("-") {
                names.insert(String(word.hasSuffix(",") ? word.dropLast() : word))
            }
        }
        return names
    }
}
