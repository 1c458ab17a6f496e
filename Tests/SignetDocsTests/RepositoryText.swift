import Foundation
import SignetTestSupport
import Testing

/// The repository's own files, read the way the docs checks need them.
enum RepositoryText {
    static let root = Corpus.packageRoot

    /// The text of `path` (relative to the package root).
    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every `.swift` file under `folder` (relative to the package root), as paths relative to the root.
    static func swiftFiles(under folder: String) -> [String] {
        files(under: folder, extensions: ["swift"])
    }

    /// Every file under `folder` whose extension is one of `extensions`, as paths relative to the root;
    /// hidden folders (`.build`) and `node_modules` are not entered.
    static func files(under folder: String, extensions: Set<String>) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard
            let walker = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walker {
            if url.lastPathComponent == "node_modules" {
                walker.skipDescendants()
            } else if extensions.contains(url.pathExtension) {
                found.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
            }
        }
        return found.sorted()
    }

    /// The first capture group of `pattern` in every line of `text` that matches it.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The number a page states: the digits `pattern`'s capture group finds first in `path`.
    static func statedNumber(_ pattern: String, in path: String) throws -> Int {
        let found = try captures(pattern, in: try read(path)).first
        return try #require(found.flatMap { Int($0) }, "\(path) no longer states a number matching \(pattern)")
    }

    /// How many lines of the `.swift` files under `folder` match `pattern` (with one capture group).
    static func lines(matching pattern: String, inSwiftFilesUnder folder: String) throws -> Int {
        try swiftFiles(under: folder).reduce(0) { $0 + (try captures(pattern, in: try read($1)).count) }
    }
}
