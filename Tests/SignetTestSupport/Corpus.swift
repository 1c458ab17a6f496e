import Foundation

/// Where the package and the shared test corpus live.
package enum Corpus {
    /// The package root (the folder holding Package.swift).
    package static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `../shared/corpus` next to the package root, or `$SIGNET_CORPUS`.
    package static let root: URL = {
        if let custom = ProcessInfo.processInfo.environment["SIGNET_CORPUS"] { return URL(fileURLWithPath: custom) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardizedFileURL
    }()

    /// True when the corpus is present; tests that need it are skipped otherwise.
    package static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path)
    }

    /// The note a skipped test shows.
    package static let missingNote =
        "skipped: the shared corpus is not at ../shared/corpus (set SIGNET_CORPUS to point at it)"

    /// The path of `relative` inside the corpus.
    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every file under `folder` (relative to the corpus root) with one of `extensions`, sorted.
    package static func files(in folder: String, extensions: Set<String>? = nil) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let items = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return items.compactMap { $0 as? String }
            .filter { extensions == nil || extensions!.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { base.appendingPathComponent($0).path }
            .filter {
                var dir: ObjCBool = false;
                return FileManager.default.fileExists(atPath: $0, isDirectory: &dir) && !dir.boolValue
            }
            .sorted()
    }
}
