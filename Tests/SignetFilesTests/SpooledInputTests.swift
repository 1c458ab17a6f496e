import Foundation
import Glibc
import SignetFiles
import SignetTestSupport
import Testing

/// Standard input copied to a temporary file for readers that need a path, bounded by a limit,
/// and removed when released.
@Suite("Spooled standard input")
struct SpooledInputTests {
    /// A pipe whose read end holds `bytes`, then end of input.
    static func pipe(holding bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0, "pipe()")
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == bytes.count, "bytes written into the pipe: \(written)")
        return ends[0]
    }

    @Test("the input is copied into a file that is removed when released")
    func spooled() throws {
        let dir = TemporaryDirectory("spool")
        let input = try Self.pipe(holding: Array("%PDF-1.7 spooled".utf8))
        defer { close(input) }
        let path = try TemporaryFolder.with(TMPDIR: dir.url.path) { () throws -> String in
            let spool = try SpooledInput(fd: input, limit: 100)
            let copied = FileManager.default.contents(atPath: spool.path).map { Array($0) }
            #expect(copied == Array("%PDF-1.7 spooled".utf8), "the spooled copy")
            #expect(spool.path.hasPrefix(dir.path("signet-stdin-")), "the spool's path \(spool.path)")
            return spool.path
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the spool after release")
    }

    @Test("an input over the limit is refused")
    func overLimit() throws {
        let input = try Self.pipe(holding: [UInt8](repeating: 0x41, count: 101))
        defer { close(input) }
        let error = try #require(throws: FileError.self) { try SpooledInput(fd: input, limit: 100) }
        #expect(error.reason == .tooLarge(limit: 100), "101 bytes under a limit of 100: \(error.reason)")
    }
}
