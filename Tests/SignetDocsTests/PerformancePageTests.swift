import Foundation
import Testing

/// docs/performance.md is today's table per area, each row with the command that reproduces it:
/// every row names a command, and every script it names is in Tools/.
@Suite("Docs: performance.md's rows can be reproduced")
struct PerformancePageTests {
    @Test("every table row names its command, and every Tools/ script named exists")
    func rowsReproducible() throws {
        let page = try RepositoryText.read("docs/performance.md")
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| job |") }
        try #require(rows.count >= 10, "docs/performance.md has \(rows.count) rows")
        for row in rows {
            let last = row.split(separator: "|", omittingEmptySubsequences: true).last.map(String.init) ?? ""
            #expect(last.contains("`") || last.trimmingCharacters(in: .whitespaces) == "same", "no command in: \(row)")
        }
        let scripts = try RepositoryText.captures(#"(Tools/[A-Za-z0-9_./-]+[A-Za-z0-9_])"#, in: page)
        #expect(!scripts.isEmpty)
        for script in Set(scripts) {
            let path = RepositoryText.root.appendingPathComponent(script).path
            #expect(
                FileManager.default.fileExists(atPath: path),
                "docs/performance.md names \(script), not in the repository")
        }
    }
}
