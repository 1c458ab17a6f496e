import Foundation
import Testing

/// What the project ships speaks of the project: no words about how the work on it was organised
/// (who reviewed what, in which step, on which branch or checkout). The phrases below are those
/// such notes used; each is a fact about the project said another way (an issue number, a date,
/// "the build before the change").
@Suite("Docs: no words about how the work was organised")
struct ProjectWordsTests {
    /// Case-insensitive patterns, each a phrase about the work rather than the project.
    static let phrases = [
        #"\breviewers?\b"#, #"\b(outside|adversarial|attack|second|first|later|an|the|two) reviews?\b"#,
        #"\breview's\b"#, #"\bstop [0-9]+\b"#, #"\bthe stop\b"#, #"\bhelper sessions?\b"#,
        #"\bsessions? [0-9]+\b"#, #"\b(this|that|the|each|their|our) branch(es)?\b"#,
        #"\bbranch [a-z][a-z0-9-]*\b"#, #"\bwt-[a-z]"#, #"\bintegrator\b"#, #"\bmain's\b"#, #"\bauditor"#,
        #"\bsub-?agents?\b"#, #"\bnext engineer\b"#, #"/work/"#,
    ]

    /// What ships: the top-level pages, docs/, and the text files of the code, tests and tools.
    static func shippedFiles() -> [String] {
        let text: Set<String> = ["md", "swift", "py", "sh", "js", "ts", "c", "h", "html", "css"]
        let folders = ["docs", "Sources", "Tests", "Tools", "Capture", "SampleStrokes"]
        return ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Makefile", "Package.swift"]
            + folders.flatMap { RepositoryText.files(under: $0, extensions: text) }
    }

    @Test("no shipped file uses a phrase about how the work was organised")
    func noProcessWords() throws {
        let regex = try NSRegularExpression(
            pattern: "(" + Self.phrases.joined(separator: "|") + ")", options: [.caseInsensitive])
        let files = Self.shippedFiles().filter { !$0.hasSuffix("/ProjectWordsTests.swift") }
        try #require(files.count > 100, "found only \(files.count) files to read under \(RepositoryText.root.path)")
        var found: [String] = []
        for file in files {
            let text = try RepositoryText.read(file)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                let line = text[..<range.lowerBound].count { $0 == "\n" } + 1
                let lineText = text[text.lineRange(for: range)].trimmingCharacters(in: .whitespacesAndNewlines)
                found.append("\(file):\(line): '\(text[range])' in: \(lineText.prefix(160))")
            }
        }
        #expect(found.isEmpty, "say these as facts about the project:\n\(found.joined(separator: "\n"))")
    }
}
