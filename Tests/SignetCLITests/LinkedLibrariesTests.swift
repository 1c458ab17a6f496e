import Foundation
import SignetTestSupport
import Testing

/// `signet` links no Foundation and no ICU, only FoundationEssentials: an idle process stays
/// small (docs/performance.md). Read from the binary's own dynamic section (its DT_NEEDED entries).
@Suite("signet links no Foundation")
struct LinkedLibrariesTests {
    /// Libraries `signet` must not need: all of Foundation's locale and ICU side.
    static func forbidden(_ library: String) -> Bool {
        library.hasPrefix("libFoundation.so") || library.hasPrefix("libFoundationInternationalization")
            || library.hasPrefix("libicu") || library.hasPrefix("lib_FoundationICU")
    }

    @Test("the debug and release `signet` need no libFoundation.so or ICU")
    func noFoundation() throws {
        let release = Corpus.packageRoot.appendingPathComponent(".build/release/signet").path
        let binaries = [ProcessRunner.signet, release].filter { FileManager.default.fileExists(atPath: $0) }
        try #require(!binaries.isEmpty, "no signet binary built (\(ProcessRunner.signet))")
        for binary in Set(binaries).sorted() {
            let needed = try ELFNeeded.libraries(of: Array(try Data(contentsOf: URL(fileURLWithPath: binary))))
            #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "\(binary) needs: \(needed)")
            let bad = needed.filter(Self.forbidden)
            #expect(bad.isEmpty, "\(binary) needs \(bad); all it needs: \(needed)")
        }
    }

    @Test("the reader finds what a binary needs, and the rule refuses Foundation and ICU")
    func reader() throws {
        let swift = try ELFNeeded.libraries(of: Array(try Data(contentsOf: URL(fileURLWithPath: ProcessRunner.signet))))
        #expect(swift.contains("libc.so.6"), "\(swift)")
        #expect(Self.forbidden("libFoundation.so") && Self.forbidden("libicuuc.so.72"))
        #expect(!Self.forbidden("libFoundationEssentials.so"))
    }
}

/// The DT_NEEDED names of a little-endian ELF64 file, read from its section headers.
enum ELFNeeded {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func libraries(of bytes: [UInt8]) throws -> [String] {
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw Malformed(description: "cut at \(offset)") }
            return (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), bytes.count > 64, bytes[4] == 2, bytes[5] == 1 else {
            throw Malformed(description: "not a little-endian ELF64 file")
        }
        let sections = try integer(0x28, 8), entrySize = try integer(0x3A, 2), count = try integer(0x3C, 2)
        func section(_ i: Int) throws -> (type: Int, offset: Int, size: Int, link: Int) {
            let at = sections + i * entrySize
            return (
                try integer(at + 4, 4), try integer(at + 0x18, 8), try integer(at + 0x20, 8), try integer(at + 0x28, 4)
            )
        }
        var names: [String] = []
        for i in 0..<count {
            let dynamic = try section(i)
            guard dynamic.type == 6 else { continue }  // SHT_DYNAMIC
            let strings = try section(dynamic.link)
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
                let tag = try integer(entry, 8)
                if tag == 0 { break }  // DT_NULL
                guard tag == 1 else { continue }  // DT_NEEDED
                let start = strings.offset + (try integer(entry + 8, 8))
                guard let end = bytes[start...].firstIndex(of: 0) else { throw Malformed(description: "unended name") }
                names.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
        }
        return names
    }
}
