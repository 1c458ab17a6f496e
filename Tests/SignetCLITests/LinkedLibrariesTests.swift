import Foundation
import SignetTestSupport
import Testing

/// `signet` links no Foundation and no ICU, only FoundationEssentials: an idle process stays
/// small (docs/performance.md). The debug build needs the toolchain's Swift libraries; the release
/// build carries the Swift runtime inside (`-static-stdlib`, Package.swift), so it needs none, and
/// runs where no Swift is installed. Read from the binary's own dynamic section (its DT_NEEDED
/// entries) and, for what a static link put inside, from its bytes.
@Suite("signet links no Foundation")
struct LinkedLibrariesTests {
    /// Libraries `signet` must not need: all of Foundation's locale and ICU side.
    static func forbidden(_ library: String) -> Bool {
        library.hasPrefix("libFoundation.so") || library.hasPrefix("libFoundationInternationalization")
            || library.hasPrefix("libicu") || library.hasPrefix("lib_FoundationICU")
    }

    /// Names that only Foundation's locale side and ICU bring into a statically linked binary.
    static let staticForbidden = ["FoundationInternationalization", "ucol_open"]

    @Test("the debug `signet` needs FoundationEssentials but no libFoundation.so or ICU")
    func debugBinary() throws {
        let needed = try ELFNeeded.libraries(
            of: Array(try Data(contentsOf: URL(fileURLWithPath: ProcessRunner.signet))))
        #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "\(ProcessRunner.signet) needs: \(needed)")
        let bad = needed.filter(Self.forbidden)
        #expect(bad.isEmpty, "\(ProcessRunner.signet) needs \(bad); all it needs: \(needed)")
    }

    @Test(
        "the release `signet` needs no Swift library, and holds no Foundation locale code or ICU",
        .enabled(if: ReleaseBinary.available, "no release build: run `swift build -c release` (make test does)"))
    func releaseBinary() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ReleaseBinary.signet)))
        let needed = try ELFNeeded.libraries(of: bytes)
        let swift = needed.filter {
            $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("libdispatch")
        }
        #expect(swift.isEmpty, "\(ReleaseBinary.signet) needs \(swift); all it needs: \(needed)")
        #expect(needed.contains("libc.so.6"), "\(needed)")
        for name in Self.staticForbidden {
            #expect(!Self.holds(bytes, Array(name.utf8)), "\(ReleaseBinary.signet) holds \"\(name)\"")
        }
    }

    /// Whether `needle` occurs in `haystack` (memchr to each candidate first byte, then memcmp: a
    /// 40 MB binary in milliseconds).
    static func holds(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                guard let base = hay.baseAddress, let pinned = pin.baseAddress, let first = needle.first,
                    hay.count >= needle.count
                else {
                    return false
                }
                var at = 0
                while at <= hay.count - needle.count,
                    let hit = memchr(base + at, Int32(first), hay.count - needle.count + 1 - at)
                {
                    if memcmp(hit, pinned, needle.count) == 0 { return true }
                    at = base.distance(to: UnsafeRawPointer(hit)) + 1
                }
                return false
            }
        }
    }

    @Test("the reader finds what a binary needs, and the rule refuses Foundation and ICU")
    func reader() throws {
        let swift = try ELFNeeded.libraries(of: Array(try Data(contentsOf: URL(fileURLWithPath: ProcessRunner.signet))))
        #expect(swift.contains("libc.so.6"), "\(swift)")
        #expect(Self.forbidden("libFoundation.so") && Self.forbidden("libicuuc.so.72"))
        #expect(!Self.forbidden("libFoundationEssentials.so"))
        #expect(Self.holds(Array("a ucol_open b".utf8), Array("ucol_open".utf8)))
        #expect(!Self.holds(Array("ucol_ope".utf8), Array("ucol_open".utf8)))
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
