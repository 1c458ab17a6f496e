import Glibc

/// A private folder under `$TMPDIR` (or /tmp) for targets whose code under test reads and writes
/// files; created once per process, its files are reused run after run.
public final class ScratchFolder: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    /// Creates a fresh folder named `prefix` and six random characters.
    public init(_ prefix: String) {
        let parent = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((parent + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot create a scratch folder in \(parent)")
        }
        path = String(cString: made)
    }

    /// Writes `bytes` to the file `name` in the folder (replacing it) and returns its path.
    public func write(_ bytes: [UInt8], to name: String) -> String {
        let file = path + "/" + name
        guard let handle = fopen(file, "wb") else { fatalError("cannot write \(file)") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
        guard written == bytes.count else { fatalError("short write to \(file)") }
        return file
    }

    /// Removes the file `name` if it exists.
    public func remove(_ name: String) { unlink(path + "/" + name) }
}
