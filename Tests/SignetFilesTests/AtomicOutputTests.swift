import Foundation
import Glibc
import SignetFiles
import SignetTestSupport
import Testing

/// An output is complete or absent: bytes go to a temporary file beside the destination, which
/// replaces it only on `commit()`; an input read while its replacement is written is left as it was.
@Suite("Atomic output")
struct AtomicOutputTests {
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    @Test("nothing reaches the destination before commit; the temporary file sits beside it")
    func writeThenRename() throws {
        let dir = TemporaryDirectory("atomic")
        let destination = dir.path("out.bin")
        let out = try AtomicOutput(path: destination)
        try out.write(Array("hello ".utf8))
        try out.write(Array("world".utf8))
        let working = try #require(out.workingPath, "a file output has a temporary path")
        #expect(Self.read(destination) == nil, "the destination before commit")
        #expect(working.hasPrefix(dir.path(".out.bin.signet-")), "the temporary path \(working)")
        #expect(out.size == 11, "bytes counted: \(out.size)")
        try out.commit()
        #expect(Self.read(destination) == Array("hello world".utf8), "the destination after commit")
        #expect(dir.contents() == ["out.bin"], "the folder after commit: \(dir.contents())")
    }

    @Test("an output dropped without commit leaves no file and the old destination as it was")
    func droppedUncommitted() throws {
        let dir = TemporaryDirectory("atomic-drop")
        let destination = dir.write("out.bin", "old")
        do {
            let out = try AtomicOutput(path: destination)
            try out.write(Array("new and partial".utf8))
        }
        #expect(Self.read(destination) == Array("old".utf8), "the destination after a failed run")
        #expect(dir.contents() == ["out.bin"], "the folder after a failed run: \(dir.contents())")
    }

    /// The input and the output are one file (an in-place edit): whoever opened the input keeps
    /// reading the old bytes, because the commit renames a new file over the name.
    @Test("an input replaced in place is never written into")
    func inputNeverModified() throws {
        let dir = TemporaryDirectory("atomic-in-place")
        let path = dir.write("doc.pdf", "original bytes")
        let input = try ReadableFile(path: path)
        try AtomicOutput.write(Array("replacement".utf8), to: path)
        let stillRead = try input.bytes(0..<input.size)
        #expect(stillRead == Array("original bytes".utf8), "the open input after the commit")
        #expect(Self.read(path) == Array("replacement".utf8), "the path after the commit")
    }

    @Test("a replaced output keeps its mode; a new one gets what the umask leaves of 0666")
    func modes() throws {
        let dir = TemporaryDirectory("atomic-mode")
        let existing = dir.write("kept.bin", "old")
        chmod(existing, 0o640)
        try AtomicOutput.write([1, 2, 3], to: existing)
        let fresh = dir.path("fresh.bin")
        try AtomicOutput.write([1], to: fresh)
        // The process's umask, read without setting it (other tests create files meanwhile).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") }, "Umask in status")
        let mask = try #require(mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
        func mode(_ path: String) -> mode_t {
            var st = stat()
            stat(path, &st)
            return st.st_mode & 0o777
        }
        #expect(mode(existing) == 0o640, "mode of the replaced file: \(String(mode(existing), radix: 8))")
        #expect(
            mode(fresh) == 0o666 & ~mask,
            "mode of a new file under umask \(String(mask, radix: 8)): \(String(mode(fresh), radix: 8))")
    }

    @Test("a placeholder written earlier is filled in, and the written bytes read back")
    func overwriteAndReadBack() throws {
        let dir = TemporaryDirectory("atomic-overwrite")
        let destination = dir.path("signed.bin")
        let out = try AtomicOutput(path: destination)
        try out.write(Array("<0000000000>".utf8))
        try out.overwrite(Array("ABCD".utf8), at: 1)
        let written = try out.writtenBytes().allBytes()
        #expect(written == Array("<ABCD000000>".utf8), "bytes read back before commit: \(written)")
        try out.commit()
        #expect(Self.read(destination) == Array("<ABCD000000>".utf8), "the destination")
    }

    @Test("a folder that does not exist is a write error naming the path")
    func missingFolder() throws {
        let dir = TemporaryDirectory("atomic-missing")
        let destination = dir.path("no/such/folder/out.bin")
        let error = try #require(throws: FileError.self) { try AtomicOutput(path: destination) }
        guard case .cannotWrite = error.reason else {
            Issue.record("reason for a missing folder: \(error.reason)")
            return
        }
        #expect(error.message.contains(destination), "the message names the path: \(error.message)")
    }

    @Test("memory output collects, overwrites and reads back")
    func memorySink() throws {
        let sink = MemorySink(name: "the returned PDF")
        try sink.write([1, 2, 3, 4])
        try sink.overwrite([9, 9], at: 1)
        #expect(sink.bytes == [1, 9, 9, 4], "the bytes: \(sink.bytes)")
        #expect(try sink.writtenBytes().allBytes() == [1, 9, 9, 4], "read back")
        #expect(sink.size == 4, "its size")
    }
}
