import Foundation
import Testing

/// docs/architecture.md's rule "every C status is checked in one file per library": each C module
/// (a system library or one of our shims) is imported from one folder of Sources/ only, where its
/// owner types live; everything else speaks Swift.
@Suite("Docs: one importer folder per C library")
struct CLibraryImportTests {
    /// C modules imported from more than one folder today, with the issue that moves them (each is
    /// reported as a known issue until it holds, and fails the test once it holds and is still listed).
    static let knownSpread: [String: String] = [:]

    /// Every C module under Sources/ (a folder named C… with a module map or an include folder). A system
    /// library only a shim calls (libpng through `CSignetPNG`) is imported by no Swift file, which is fine.
    static func cModules() throws -> [String] {
        let sources = RepositoryText.root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("C") }.sorted()
    }

    /// The folders (relative to the package root) whose Swift files import each module.
    static func importers() throws -> [String: Set<String>] {
        var folders: [String: Set<String>] = [:]
        for file in RepositoryText.swiftFiles(under: "Sources") {
            for module in try RepositoryText.captures(#"^import (C[A-Za-z0-9]+)$"#, in: try RepositoryText.read(file)) {
                folders[module, default: []].insert((file as NSString).deletingLastPathComponent)
            }
        }
        return folders
    }

    @Test("each C module is imported from one folder", arguments: try cModules())
    func oneFolder(_ module: String) throws {
        let folders = try Self.importers()[module] ?? []
        guard let reason = Self.knownSpread[module] else {
            #expect(
                folders.count <= 1, "\(module) is imported from \(folders.sorted()); keep it in one folder of owners")
            return
        }
        withKnownIssue(Comment(rawValue: reason)) {
            #expect(folders.count <= 1, "\(module) is imported from \(folders.sorted())")
        }
    }
}
