import Foundation
import SignetTestSupport
import Testing

/// Library errors speak to a Swift caller: they name option properties (`RenderOptions.scale`),
/// never CLI flags. The CLI turns them into flags in one place (`FlagHints`).
@Suite("Library messages name properties, not flags")
struct LibraryMessageTests {
    /// Targets that are the CLI and may spell flags.
    static let cliTargets: Set<String> = ["SignetCLI", "signet", "signet-preview"]

    /// Other tools' commands a message may quote (`'qpdf --check'`).
    static let otherTools = ["qpdf --"]

    /// Every string literal of a line (escaped quotes kept inside), ignoring `//` comments.
    static func literals(_ line: Substring) -> [String] {
        var found: [String] = [], current = "", inside = false, escaped = false
        var previous: Character = " "
        for ch in line {
            if !inside, ch == "/", previous == "/" { break }
            previous = ch
            if inside {
                if escaped { escaped = false; current.append(ch); continue }
                if ch == "\\" { escaped = true; current.append(ch); continue }
                if ch == "\"" { inside = false; found.append(current); current = ""; continue }
                current.append(ch)
            } else if ch == "\"" {
                inside = true
            }
        }
        return found
    }

    @Test("no string literal in a library target mentions a --flag")
    func noFlagsInLibraryStrings() throws {
        let sources = Corpus.packageRoot.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            !Self.cliTargets.contains($0)
        }
        let flag = try Regex("--[a-z]")
        var offenders: [String] = []
        var scanned = 0
        for target in targets {
            guard let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path) else {
                continue
            }
            for case let file as String in files where file.hasSuffix(".swift") {
                let path = "\(target)/\(file)"
                let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
                scanned += 1
                var inMultiline = false
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let fences = line.components(separatedBy: "\"\"\"").count - 1
                    let strings = inMultiline || fences > 0 ? [String(line)] : Self.literals(line)
                    if fences % 2 == 1 { inMultiline.toggle() }
                    for literal in strings {
                        var rest = literal
                        for tool in Self.otherTools { rest = rest.replacingOccurrences(of: tool, with: "") }
                        if rest.contains(flag) { offenders.append("\(path):\(number + 1): \"\(literal)\"") }
                    }
                }
            }
        }
        #expect(scanned > 100)
        #expect(
            offenders.isEmpty,
            Comment(rawValue: "library strings that name CLI flags:\n" + offenders.joined(separator: "\n")))
    }

    /// Every string literal of the library targets, with where it is.
    static func libraryLiterals() throws -> [(place: String, text: String)] {
        let sources = Corpus.packageRoot.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            !cliTargets.contains($0)
        }
        var found: [(String, String)] = []
        for target in targets {
            guard let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path) else {
                continue
            }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: sources.appendingPathComponent("\(target)/\(file)"), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for literal in literals(line) { found.append(("\(target)/\(file):\(number + 1)", literal)) }
                }
            }
        }
        return found
    }

    /// A property a library message names (`RenderOptions.scale`, `StampPlacement.at`) reaches a
    /// CLI user as a flag only if FlagHints knows it: each one must appear there.
    @Test("every option property a library message names has its flag in FlagHints")
    func everyPropertyHasAFlag() throws {
        let hints = try String(
            contentsOf: Corpus.packageRoot.appendingPathComponent("Sources/SignetCLI/CLI/FlagHints.swift"),
            encoding: .utf8)
        let property = try Regex(#"\b[A-Z][A-Za-z]*(Options|Placement)(\.[A-Za-z]+)+"#)
        var missing: [String] = []
        let interpolation = try Regex(#"\\\((?:[^()]|\([^()]*\))*\)"#)
        for (place, literal) in try Self.libraryLiterals() {
            let text = literal.replacing(interpolation, with: "")
            for match in text.matches(of: property) where !hints.contains(String(text[match.range])) {
                missing.append("\(place): \(text[match.range])")
            }
        }
        #expect(
            missing.isEmpty, Comment(rawValue: "properties FlagHints does not map:\n" + missing.joined(separator: "\n"))
        )
    }

    @Test("the scanner finds literals and skips comments")
    func scanner() {
        #expect(Self.literals(#"throw bad("--scale must be positive") // --dpi"#) == ["--scale must be positive"])
        #expect(Self.literals(#"let a = "x \"y\" --z", b = "w""#) == [#"x \"y\" --z"#, "w"])
        #expect(Self.literals("/// use --scale").isEmpty)
    }
}
