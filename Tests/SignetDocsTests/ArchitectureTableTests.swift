import Foundation
import SignetTestSupport
import Testing

/// docs/architecture.md's table of targets says what each target depends on; Package.swift (read
/// through `swift package dump-package`) is what the build uses. They must say the same.
@Suite("Docs: the architecture table against Package.swift")
struct ArchitectureTableTests {
    /// One row of the table: the targets it names and the dependencies it lists (backticked names).
    struct Row {
        var targets: [String]
        var dependencies: Set<String>
    }

    /// Every library and executable target of the package (not tests, test support or Tools/) with its
    /// declared target dependencies; system library targets (the `C*` row) map to `nil`.
    static func packageTargets() throws -> [String: Set<String>?] {
        let scratch = TemporaryDirectory("dump-package")
        let result = try ProcessRunner.run(
            "swift",
            [
                "package", "--package-path", RepositoryText.root.path, "--scratch-path", scratch.path("build"),
                "dump-package",
            ])
        guard result.status == 0 else { throw ToolFailure("swift package dump-package failed: \(result.stderr)") }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        var targets: [String: Set<String>?] = [:]
        for target in try #require(json["targets"] as? [[String: Any]]) {
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                ["regular", "executable", "system"].contains(type)
            else { continue }
            if let path = target["path"] as? String, path.hasPrefix("Tools/") || path.hasPrefix("Tests/") { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency["byName"] ?? dependency["target"]).flatMap { ($0 as? [Any])?.first as? String }
            }
            targets[name] = type == "system" ? .some(nil) : Set(dependencies)
        }
        return targets
    }

    /// The rows of the table whose header starts with `| target |` and ends with `| depends on |`.
    static func tableRows() throws -> [Row] {
        let page = try RepositoryText.read("docs/architecture.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| target |") && $0.hasSuffix("| depends on |") })
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let names = { (cell: String) in (try? RepositoryText.captures("`([A-Za-z0-9*-]+)`", in: cell)) ?? [] }
            return Row(targets: names(cells[1]), dependencies: Set(names(cells[cells.count - 2])))
        }
    }

    @Test("every target is in the table, and a row naming one target lists exactly its dependencies")
    func tableMatchesPackage() throws {
        let targets = try Self.packageTargets()
        let rows = try Self.tableRows()
        let named = Set(rows.flatMap(\.targets))
        for (name, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            let row = dependencies == nil ? "C*" : name
            #expect(named.contains(row), "docs/architecture.md's table has no row for \(name)")
        }
        for row in rows where row.targets.count == 1 && !row.dependencies.isEmpty {
            let target = row.targets[0]
            let declared = try #require(
                targets[target] ?? nil, "docs/architecture.md names \(target), not a target of Package.swift")
            #expect(
                row.dependencies == declared,
                "\(target): docs/architecture.md says \(row.dependencies.sorted()), Package.swift says \(declared.sorted())"
            )
        }
    }
}
