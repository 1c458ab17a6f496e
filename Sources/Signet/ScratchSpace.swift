import FoundationEssentials
import Glibc

/// A private folder for a job's intermediate files (a PDF handed over in memory, the stamped
/// PDF a pipeline signs next), removed with everything in it when released. Errors about a file
/// in it are renamed to what the caller knows (`naming`), since its path means nothing to them.
final class ScratchSpace {
    let folder: String

    /// A new folder `.signet-XXXXXX` (mode 0700) inside `parent`.
    init(in parent: String) throws {
        var template = Array((parent + "/.signet-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError(path: parent, reason: .cannotWrite("no scratch folder: " + String(cString: strerror(errno))))
        }
        folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// In the system's temporary folder (`$TMPDIR`, else /tmp).
    static func temporary() throws -> ScratchSpace {
        try ScratchSpace(in: getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
    }

    /// In the folder of `output` (the current folder for `-`), so large intermediates live on the
    /// file system that must hold the output anyway.
    static func near(_ output: String) throws -> ScratchSpace {
        guard output != "-", let slash = output.lastIndex(of: "/") else { return try ScratchSpace(in: ".") }
        return try ScratchSpace(in: slash == output.startIndex ? "/" : String(output[..<slash]))
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }

    /// Writes `bytes` to the file `name` and returns its path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let path = path(name)
        try AtomicOutput.write(bytes, to: path)
        return path
    }

    /// The whole file `name`.
    func read(_ name: String) throws -> [UInt8] {
        let file = try ReadableFile(path: path(name))
        return try file.bytes(0..<file.size)
    }

    /// Runs `body`; an error about the scratch file `path` is rethrown naming `name` instead.
    static func naming<T>(_ path: String, as name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as PDFError where error.file == path {
            error.file = name
            throw error
        } catch var error as SignError where error.context.contains(path) {
            error.context = error.context.replacing(path, with: name)
            throw error
        } catch let error as FileError where error.path == path {
            throw FileError(path: name, reason: error.reason)
        } catch let error as CodecError where error.file == path {
            throw error.naming(name)
        }
    }
}
