import Foundation
import Glibc
import SignetFiles
import SignetTestSupport
import Testing

/// Inputs are read with a size limit, refused before they are read in full, and streamed in
/// bounded chunks by position.
@Suite("Bounded and streamed input")
struct InputTests {
    @Test(
        "a whole file is read up to its limit and refused beyond it",
        arguments: [(0, 10, true), (10, 10, true), (11, 10, false), (1 << 17, 1 << 17, true), (1 << 17, 1000, false)])
    func boundedRead(size: Int, limit: Int, fits: Bool) throws {
        let dir = TemporaryDirectory("bounded")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = dir.write("input.bin", bytes: bytes)
        if fits {
            let read = try InputFile.read(path, limit: limit)
            #expect(read == bytes, "\(size) bytes under a limit of \(limit)")
        } else {
            let error = try #require(throws: FileError.self) { try InputFile.read(path, limit: limit) }
            #expect(error.reason == .tooLarge(limit: limit), "\(size) bytes over a limit of \(limit): \(error.reason)")
        }
    }

    @Test("a folder and a missing file are named as such")
    func notFiles() throws {
        let dir = TemporaryDirectory("bounded-kinds")
        let folder = try #require(throws: FileError.self) { try InputFile.read(dir.url.path, limit: 10) }
        #expect(folder.reason == .isDirectory, "reading a folder: \(folder.reason)")
        let missing = try #require(throws: FileError.self) { try InputFile.read(dir.path("none"), limit: 10) }
        guard case .cannotOpen = missing.reason else {
            Issue.record("reading a missing file: \(missing.reason)")
            return
        }
        #expect(!InputFile.exists(dir.path("none")) && !InputFile.exists(dir.url.path), "exists() of non-files")
    }

    @Test(
        "chunks of a range cover it in order, none larger than asked",
        arguments: [
            (0..<10, 3, [3, 3, 3, 1]), (2..<9, 4, [4, 3]), (5..<5, 4, []), (0..<10, 100, [10]), (9..<10, 1, [1]),
        ])
    func chunks(range: Range<Int>, chunkSize: Int, sizes: [Int]) throws {
        let dir = TemporaryDirectory("chunks")
        let bytes = Array(UInt8(0)..<UInt8(10))
        let file = try ReadableFile(path: dir.write("ten.bin", bytes: bytes))
        let memory = MemorySource(bytes, name: "memory")
        for (label, source) in [("file", file as any ByteSource), ("memory", memory)] {
            var seen: [[UInt8]] = []
            try source.forEachChunk(of: range, chunkSize: chunkSize) { seen.append(Array($0)) }
            #expect(seen.map(\.count) == sizes, "\(label): chunk sizes of \(range) by \(chunkSize)")
            #expect(seen.flatMap { $0 } == Array(bytes[range]), "\(label): the bytes of \(range)")
        }
        var mapped: [UInt8] = []
        try file.forEachMappedChunk(of: range, chunkSize: chunkSize) { mapped += $0 }
        #expect(mapped == Array(bytes[range]), "mapped chunks of \(range) by \(chunkSize)")
    }

    /// A mapping past the end of a file faults; the size is checked before each chunk is mapped.
    @Test("a file cut short while it is streamed is a read error, not a crash")
    func shrunkWhileRead() throws {
        let dir = TemporaryDirectory("shrunk")
        let path = dir.write("big.bin", bytes: [UInt8](repeating: 7, count: 3 << 16))
        let file = try ReadableFile(path: path)
        var chunks = 0
        let error = try #require(throws: FileError.self) {
            try file.forEachMappedChunk(of: 0..<file.size, chunkSize: 1 << 16) { _ in
                chunks += 1
                if chunks == 1 { truncate(path, 1 << 16) }
            }
        }
        guard case .cannotRead(let why) = error.reason else {
            Issue.record("reason: \(error.reason)")
            return
        }
        #expect(why.contains("became shorter"), "the reason: \(why)")
        #expect(chunks == 1, "chunks handed over before the error: \(chunks)")
    }

    @Test("a mapped prefix reads only its first bytes")
    func mappedPrefix() throws {
        let dir = TemporaryDirectory("prefix")
        let file = try ReadableFile(path: dir.write("doc.bin", "0123456789"))
        let mapped = try MappedFile(file)
        let prefix = MappedPrefix(mapped, count: 4)
        #expect(prefix.size == 4, "prefix size")
        #expect(try prefix.allBytes() == Array("0123".utf8), "prefix bytes")
        #expect(MappedPrefix(mapped, count: 99).size == 10, "a prefix longer than the file is the file")
        let copied = try MappedFile(copying: MemorySource(Array("abc".utf8), name: "memory"))
        let copy = try #require(copied.base, "a copied source has an address")
        #expect(Array(UnsafeRawBufferPointer(start: copy, count: copied.size)) == Array("abc".utf8), "copied bytes")
    }

    @Test("two paths to one file have one identity")
    func identity() throws {
        let dir = TemporaryDirectory("identity")
        let path = dir.write("a.txt", "x")
        symlink(path, dir.path("link.txt"))
        let other = dir.write("b.txt", "x")
        #expect(FileIdentity(path: path) == FileIdentity(path: dir.path("link.txt")), "a file and a link to it")
        #expect(FileIdentity(path: path) != FileIdentity(path: other), "two files")
        #expect(FileIdentity(path: "-") == nil && FileIdentity(path: dir.path("none")) == nil, "no file")
    }
}
