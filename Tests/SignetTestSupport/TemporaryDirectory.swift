import Foundation

/// `TMPDIR` pointed elsewhere for the length of a call (to show that a job writes no temporary
/// file); folders other tests create meanwhile wait, so they still land in the real one.
package enum TemporaryFolder {
    static let lock = NSLock()

    package static func with<T>(TMPDIR value: String, _ body: () throws -> T) rethrows -> T {
        try lock.withLock {
            let old = ProcessInfo.processInfo.environment["TMPDIR"]
            setenv("TMPDIR", value, 1)
            defer { if let old { setenv("TMPDIR", old, 1) } else { unsetenv("TMPDIR") } }
            return try body()
        }
    }
}

/// A fresh folder under the system temporary directory, removed when the value is released.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    package init(_ label: String = "signet-test") {
        url = TemporaryFolder.lock.withLock { FileManager.default.temporaryDirectory }
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) -> String {
        let p = path(name)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    package func write(_ name: String, bytes: [UInt8]) -> String {
        let p = path(name)
        try! Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// The names of the files in the folder, sorted.
    package func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
