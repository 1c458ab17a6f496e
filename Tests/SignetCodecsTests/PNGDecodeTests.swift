import Foundation
import SignetCodecs
import SignetRaster
import SignetTestSupport
import Testing

@Suite("PNG decode: bad input and other encoders")
struct PNGDecodeTests {
    static let sample: [UInt8] = try! PNGEncoder.encode(
        PNGFixtures.random(width: 24, height: 16, gray: false, opaque: false, seed: 21),
        options: PNGOptions(colorType: .rgba))

    @Test("every truncation is a clear error, never a crash")
    func truncated() {
        for length in stride(from: 0, to: Self.sample.count, by: 3) {
            #expect(throws: CodecError.self) { try PNGDecoder.decode(Array(Self.sample.prefix(length))) }
        }
    }

    @Test("flipped bytes give an error or a same-size image, never a crash")
    func corrupted() throws {
        var rng = SeededRandom(seed: 22)
        for _ in 0..<300 {
            var bytes = Self.sample
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 8..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            }
            do {
                let image = try PNGDecoder.decode(bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch let error as CodecError {
                #expect(error.kind == .badInput || error.kind == .failed)
            }
        }
    }

    @Test("not a PNG at all")
    func notPNG() {
        let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]
        for bytes in [[], Array("hello, world".utf8), jpegStart] {
            #expect(throws: CodecError(.notAnImage(format: "PNG"))) { try PNGDecoder.decode(bytes) }
        }
        let message = CodecError(.notAnImage(format: "PNG")).naming("scan.jpg").message
        #expect(message == "scan.jpg: not a PNG image; check that it is the right file.")
    }

    @Test("a header over the pixel limit is refused before any pixel is allocated")
    func pixelLimit() throws {
        #expect(throws: CodecError(.tooLarge(width: 24, height: 16, maxPixels: 100))) {
            try PNGDecoder.decode(Self.sample, limits: DecodeLimits(maxPixels: 100))
        }
        // 60000 × 60000 claimed by a tiny file: refused from the header alone.
        var huge = Self.sample
        let ihdr =
            Array("IHDR".utf8) + PNGFixtures.bigEndian(60000) + PNGFixtures.bigEndian(60000) + Array(huge[24..<29])
        huge.replaceSubrange(16..<24, with: PNGFixtures.bigEndian(60000) + PNGFixtures.bigEndian(60000))
        huge.replaceSubrange(29..<33, with: PNGFixtures.bigEndian(PNGFixtures.crc32(ihdr)))
        #expect(throws: CodecError(.tooLarge(width: 60000, height: 60000, maxPixels: DecodeLimits().maxPixels))) {
            try PNGDecoder.decode(huge)
        }
    }

    /// Files written by ImageMagick in layouts our encoder never produces; the reference pixels
    /// come from ImageMagick's own decoder (8-bit RGBA).
    static let magickLayouts: [(String, [String])] = [
        ("16-bit RGBA", ["-depth", "16", "PNG64:"]),
        ("16-bit gray", ["-colorspace", "Gray", "-alpha", "off", "-depth", "16", "PNG:"]),
        ("interlaced RGBA", ["-interlace", "PNG", "PNG32:"]),
        ("palette with tRNS", ["-colors", "16", "PNG8:"]),
        ("1-bit gray", ["-colorspace", "Gray", "-alpha", "off", "-threshold", "50%", "-depth", "1", "PNG:"]),
        ("RGB without alpha", ["-alpha", "off", "PNG24:"]),
    ]

    @Test(
        "decodes ImageMagick's PNG layouts like ImageMagick does",
        .enabled(if: ProcessRunner.hasTool("convert"), "needs ImageMagick's convert"),
        arguments: magickLayouts.map { $0.0 })
    func imageMagick(_ layout: String) throws {
        let folder = TemporaryDirectory("signet-png")
        let options = Self.magickLayouts.first { $0.0 == layout }!.1
        let source = "\(folder.path("gradient.png"))"
        let base = ["-size", "21x13", "gradient:#FF000000-#0000FFFF", "-alpha", "on"]
        let make = try ProcessRunner.run("convert", base + ["PNG32:" + source])
        #expect(make.status == 0, "\(make.stderr)")
        let target = folder.path("layout.png")
        let convert = try ProcessRunner.run("convert", [source] + options.dropLast() + [options.last! + target])
        #expect(convert.status == 0, "\(convert.stderr)")
        let reference = try ProcessRunner.run("convert", [target, "-depth", "8", "RGBA:-"])
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: target))))
        #expect(image.width == 21 && image.height == 13)
        // ImageMagick rounds 16 → 8 bits the same way (value·255/65535); allow 1 level for safety.
        #expect(reference.stdout.count == image.pixels.count)
        let worst = zip(reference.stdout, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest channel difference \(worst)")
    }

    static let hasPillow = (try? ProcessRunner.run("python3", ["-c", "import PIL"]).status) == 0

    @Test("Pillow reads our PNGs with the same pixels and dpi", .enabled(if: hasPillow, "needs python3 with Pillow"))
    func pillow() throws {
        let folder = TemporaryDirectory("signet-png")
        var bitmaps = [
            PNGFixtures.blackDisc(size: 40),
            PNGFixtures.random(width: 19, height: 7, gray: false, opaque: false, seed: 23),
            PNGFixtures.random(width: 19, height: 7, gray: true, opaque: true, seed: 24),
        ]
        bitmaps[0].dpi = 144
        for (i, bitmap) in bitmaps.enumerated() {
            let path = folder.write("p\(i).png", bytes: try PNGEncoder.encode(bitmap))
            let script = """
                import sys
                from PIL import Image
                im = Image.open(sys.argv[1]); im.load()
                sys.stdout.write(str(round(im.info.get('dpi', (0, 0))[0])) + '\\n')
                sys.stdout.flush()
                sys.stdout.buffer.write(im.convert('RGBA').tobytes())
                """
            let result = try ProcessRunner.run("python3", ["-c", script, path])
            try #require(result.status == 0, "\(result.stderr)")
            let newline = try #require(result.stdout.firstIndex(of: 10))
            #expect(String(decoding: result.stdout[..<newline], as: UTF8.self) == (i == 0 ? "144" : "0"))
            #expect(byteDifference(result.stdout[(newline + 1)...], bitmap.pixels) == nil)
        }
    }
}
