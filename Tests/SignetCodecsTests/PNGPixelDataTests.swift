import Foundation
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The libdeflate path for 8-bit RGB and RGBA PNGs (`PNGPixelData`) against libpng: the same
/// pixels for every row filter, and nothing (so libpng decides) for other layouts and for any
/// damage libpng would refuse.
@Suite("PNG pixel data through libdeflate")
struct PNGPixelDataTests {
    /// Pixels with runs, gradients and noise, so every filter meets every kind of row.
    static func mixed(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
        var random = SeededRandom(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                let band = (x / 7 + y / 5) % 3
                pixels[at] = band == 0 ? 255 : UInt8(truncatingIfNeeded: x * 3 + y)
                pixels[at + 1] =
                    band == 1 ? UInt8.random(in: 0...255, using: &random) : UInt8(truncatingIfNeeded: y * 5)
                pixels[at + 2] = UInt8(truncatingIfNeeded: (x ^ y) * 7)
                pixels[at + 3] = opaque ? 255 : band == 2 ? 0 : UInt8.random(in: 128...255, using: &random)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// `png` decoded by libpng alone.
    static func libpng(_ png: [UInt8]) throws -> [UInt8] {
        let info = try LibPNG.info(png)
        return try LibPNG.decodeRGBA(png, width: Int(info.width), height: Int(info.height))
    }

    static let filters: [PNGOptions.Filter] = [.none, .sub, .up, .average, .paeth, .adaptive]

    @Test(
        "every filter, RGB and RGBA, any width: the same pixels as libpng",
        arguments: [PNGOptions.ColorType.rgb, .rgba], [(1, 1), (2, 3), (5, 1), (257, 33), (600, 90)])
    func sameAsLibPNG(type: PNGOptions.ColorType, size: (Int, Int)) throws {
        let image = Self.mixed(
            width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1), opaque: type == .rgb)
        for filter in Self.filters {
            let png = try PNGEncoder.encode(
                image, options: PNGOptions(colorType: type, compressionLevel: 9, filter: filter))
            let fast = try #require(
                PNGPixelData.rgba(png, header: try LibPNG.info(png)), "\(type) \(size) \(filter): not taken")
            let reference = try Self.libpng(png)
            #expect(
                fast == reference,
                "\(type) \(size) \(filter): first difference at \(String(describing: fast.indices.first { fast[$0] != reference[$0] }))"
            )
            #expect(try PNGDecoder.decode(png).pixels == reference)
        }
    }

    @Test("several IDAT chunks are read as one stream; the benchmark's signature decodes as libpng does")
    func manyChunks() throws {
        let png = try PNGEncoder.encode(
            PNGFixtures.random(width: 300, height: 200, gray: false, opaque: false, seed: 5),
            options: PNGOptions(colorType: .rgba))
        let chunks = try #require(png.withUnsafeBytes { PNGPixelData.imageData($0) })
        #expect(chunks.count > 1, "libpng writes 8 KiB IDAT chunks; \(png.count) bytes made \(chunks.count)")
        #expect(PNGPixelData.rgba(png, header: try LibPNG.info(png)) == (try Self.libpng(png)))
    }

    @Test("other layouts are left to libpng", arguments: [PNGOptions.ColorType.gray, .grayAlpha, .palette])
    func otherLayouts(type: PNGOptions.ColorType) throws {
        let image = PNGFixtures.random(
            width: 40, height: 30, gray: type != .palette, opaque: type == .gray, colors: 12, seed: 9)
        let png = try PNGEncoder.encode(image, options: PNGOptions(colorType: type))
        #expect(PNGPixelData.rgba(png, header: try LibPNG.info(png)) == nil, "\(type) was taken")
        #expect(try PNGDecoder.decode(png).pixels == (try Self.libpng(png)))
    }

    @Test("damage: whatever this path returns, libpng returns too, byte for byte; it declines a bad CRC")
    func damage() throws {
        let png = try PNGEncoder.encode(
            Self.mixed(width: 120, height: 60, seed: 3), options: PNGOptions(colorType: .rgba, filter: .adaptive))
        var random = SeededRandom(seed: 2026)
        var taken = 0
        for _ in 0..<3000 {
            var damaged = png
            let at = Int.random(in: 8..<damaged.count, using: &random)
            if Bool.random(using: &random) {
                damaged[at] ^= UInt8.random(in: 1...255, using: &random)
            } else {
                damaged.removeSubrange(at...)
            }
            guard let info = try? LibPNG.info(damaged), let fast = PNGPixelData.rgba(damaged, header: info) else {
                continue
            }
            taken += 1
            #expect(fast == (try Self.libpng(damaged)), "a flip or cut at \(at) decoded differently")
        }
        // Only cuts at or after IEND's end leave the image whole: every flip breaks a CRC.
        #expect(taken < 30, "\(taken) damaged copies taken")
        var flipped = png
        let data = try #require(png.withUnsafeBytes { PNGPixelData.imageData($0) }).first!
        flipped[data.lowerBound + 10] ^= 0x40
        #expect(PNGPixelData.rgba(flipped, header: try LibPNG.info(flipped)) == nil)
        #expect(throws: CodecError.self) { try PNGDecoder.decode(flipped) }
    }

    @Test("a chunk whose type is not four letters is declined and libpng's error stands")
    func chunkTypeNotLetters() throws {
        let png = try PNGEncoder.encode(
            Self.mixed(width: 40, height: 20, seed: 4), options: PNGOptions(colorType: .rgba))
        let iend = png.count - 12
        for type in ["a1b2", "1234", "a b ", "abc@"] {
            let odd = Array(png[..<iend]) + PNGFixtures.rawChunk(type, [1, 2, 3]) + png[iend...]
            #expect(odd.withUnsafeBytes { PNGPixelData.imageData($0) } == nil, "\(type) was taken")
            #expect(throws: CodecError.self) { try PNGDecoder.decode(odd) }
        }
        let letters = Array(png[..<iend]) + PNGFixtures.rawChunk("abCd", [1, 2, 3]) + png[iend...]
        #expect(PNGPixelData.rgba(letters, header: try LibPNG.info(letters)) == (try Self.libpng(letters)))
    }

    @Test("a filter type over 4 is declined and libpng's error stands")
    func badFilter() throws {
        let image = Self.mixed(width: 4, height: 2, seed: 1)
        let png = try PNGEncoder.encode(image, options: PNGOptions(colorType: .rgba, compressionLevel: 0))
        // Level 0 stores the rows: the first filter byte follows the zlib header and the stored block's 5 bytes.
        let data = try #require(png.withUnsafeBytes { PNGPixelData.imageData($0) }).first!
        var bad = png
        bad[data.lowerBound + 7] = 5
        // The stream's Adler-32 (its last 4 bytes) over the stored rows, then the chunk's CRC, mended.
        let rows = bad[(data.lowerBound + 7)..<(data.upperBound - 4)]
        let (low, high) = rows.reduce((UInt32(1), UInt32(0))) { sums, byte in
            let low = (sums.0 + UInt32(byte)) % 65521
            return (low, (sums.1 + low) % 65521)
        }
        bad.replaceSubrange((data.upperBound - 4)..<data.upperBound, with: PNGFixtures.bigEndian(high << 16 | low))
        let crcAt = data.upperBound
        let crc = PNGFixtures.crc32(Array(bad[(data.lowerBound - 4)..<data.upperBound]))
        bad.replaceSubrange(crcAt..<(crcAt + 4), with: PNGFixtures.bigEndian(crc))
        #expect(bad.withUnsafeBytes { PNGPixelData.imageData($0) } != nil, "the CRC was not mended")
        #expect(PNGPixelData.rgba(bad, header: try LibPNG.info(bad)) == nil)
        #expect(throws: CodecError.self) { try PNGDecoder.decode(bad) }
    }
}
