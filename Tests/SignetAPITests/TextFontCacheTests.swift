import Foundation
import Signet
import SignetTestSupport
import Synchronization
import Testing

/// The process's font cache: jobs asking for one path share one read, even at the same time.
@Suite(
    "TextFontCache: one read per font path",
    .enabled(
        if: FileManager.default.fileExists(atPath: TextFont.dejaVuSansPath),
        "DejaVu Sans is missing: install Debian's fonts-dejavu-core"))
struct TextFontCacheTests {
    /// A cache over the real loader that counts the reads of each path.
    final class Counting: Sendable {
        let reads = Mutex<[String: Int]>([:])
        var cache: TextFontCache {
            TextFontCache { [self] path in
                reads.withLock { $0[path, default: 0] += 1 }
                return try TextFont.file(at: path)
            }
        }
    }

    @Test("eight jobs at once read DejaVu Sans once and share the font")
    func concurrentJobsShareOneRead() throws {
        let counting = Counting()
        let cache = counting.cache
        let fonts = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let font = try? cache.font(at: TextFont.dejaVuSansPath) else { return }
            fonts.withLock { $0.append(ObjectIdentifier(font)) }
        }
        let seen = fonts.withLock { $0 }
        #expect(seen.count == 8, "every job got the font")
        #expect(Set(seen).count == 1, "one font object, shared")
        #expect(counting.reads.withLock { $0 } == [TextFont.dejaVuSansPath: 1])
    }

    @Test("another path is another read; a path that fails is read again next time")
    func pathsAndFailures() throws {
        let counting = Counting()
        let cache = counting.cache
        let dir = TemporaryDirectory("font-cache")
        let copy = dir.path("copy.ttf")
        try FileManager.default.copyItem(atPath: TextFont.dejaVuSansPath, toPath: copy)
        let missing = dir.path("missing.ttf")
        let a = try cache.font(at: TextFont.dejaVuSansPath)
        let b = try cache.font(at: copy)
        let again = try cache.font(at: copy)
        #expect(a !== b && b === again)
        for _ in 0..<2 { #expect(throws: RenderError.self) { try cache.font(at: missing) } }
        #expect(counting.reads.withLock { $0 } == [TextFont.dejaVuSansPath: 1, copy: 1, missing: 2])
    }

    @Test("beyond the capacity the oldest font is read again; the newer ones stay")
    func capacity() throws {
        let counting = Counting()
        let cache = counting.cache
        let dir = TemporaryDirectory("font-cache-capacity")
        let paths = (0...TextFontCache.capacity).map { dir.path("font\($0).ttf") }
        for path in paths {
            try FileManager.default.copyItem(atPath: TextFont.dejaVuSansPath, toPath: path)
            _ = try cache.font(at: path)
        }
        _ = try cache.font(at: paths[1])
        _ = try cache.font(at: paths[0])
        let reads = counting.reads.withLock { $0 }
        #expect(reads[paths[0]] == 2 && reads[paths[1]] == 1 && reads.values.reduce(0, +) == paths.count + 1)
    }

    @Test("the shared cache hands every caller the same font")
    func sharedCache() throws {
        let first = try TextFontCache.shared.font(at: TextFont.dejaVuSansPath)
        let second = try TextFontCache.shared.font(at: TextFont.dejaVuSansPath)
        #expect(first === second)
        #expect(first.name == TextFont.dejaVuSansPath)
    }
}
