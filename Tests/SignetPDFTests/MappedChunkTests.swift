import Foundation
import SignetFiles
import SignetTestSupport
import Testing

/// `ReadableFile.forEachMappedChunk`, which the incremental writer copies (and a signer hashes)
/// a file input through: the same bytes as reading them, at any offset and chunk size, and an
/// error, not a fault, when the file is cut short while it is read.
@Suite("Mapped chunks: a file read in place, chunk by chunk")
struct MappedChunkTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var range: Range<Int>
        var chunkSize: Int
        var testDescription: String { name }
    }

    static let size = 3 * 4096 + 123

    static let cases: [Case] = [
        Case(name: "whole file, one chunk", range: 0..<size, chunkSize: 1 << 20),
        Case(name: "whole file, page-sized chunks", range: 0..<size, chunkSize: 4096),
        Case(name: "unaligned start and odd chunks", range: 5..<(size - 7), chunkSize: 1000),
        Case(name: "a range inside one page", range: 4100..<4200, chunkSize: 64),
        Case(name: "empty range", range: 17..<17, chunkSize: 4096),
    ]

    static func makeFile(in dir: TemporaryDirectory) throws -> (path: String, bytes: [UInt8]) {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let path = dir.path("input.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    @Test("the chunks are the file's bytes, in order and within the chunk size", arguments: cases)
    func sameBytes(_ c: Case) throws {
        let dir = TemporaryDirectory("mapped-chunks")
        let (path, bytes) = try Self.makeFile(in: dir)
        var seen: [UInt8] = []
        try ReadableFile(path: path).forEachMappedChunk(of: c.range, chunkSize: c.chunkSize) { chunk in
            #expect(chunk.count > 0 && chunk.count <= c.chunkSize)
            seen.append(contentsOf: chunk)
        }
        #expect(seen == Array(bytes[c.range]))
    }

    @Test("a file cut short between chunks is a read error naming it")
    func truncatedWhileRead() throws {
        let dir = TemporaryDirectory("mapped-chunks")
        let (path, _) = try Self.makeFile(in: dir)
        let file = try ReadableFile(path: path)
        var chunks = 0
        #expect {
            try file.forEachMappedChunk(of: 0..<file.size, chunkSize: 4096) { _ in
                chunks += 1
                #expect(truncate(path, 4096) == 0)
            }
        } throws: { error in
            guard let error = error as? FileError, case .cannotRead(let why) = error.reason else { return false }
            return error.context == path && why.contains("shorter")
        }
        #expect(chunks == 1)
    }
}
