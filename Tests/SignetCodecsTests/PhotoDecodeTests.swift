import SignetCodecs
import SignetRaster
import SignetTestSupport
import Testing

/// Images as cameras and editors write them (`Tools/make-photo-fixtures.py`, Pillow and Little
/// CMS) decoded as they are meant to be seen: upright, in sRGB, from every format read.
@Suite("Photo decoding", .enabled(if: PhotoFixtures.isAvailable, Comment(rawValue: PhotoFixtures.missingNote)))
struct PhotoDecodeTests {
    static func decoded(_ dir: TemporaryDirectory, _ name: String) throws -> Bitmap {
        try ImageDecoder.decode(try PhotoFixtures.bytes(dir, name))
    }

    /// Mean absolute difference per channel byte; nil when the sizes differ.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var total = 0
        for (x, y) in zip(a.pixels, b.pixels) { total += abs(Int(x) - Int(y)) }
        return Double(total) / Double(a.pixels.count)
    }

    static func describe(_ difference: Double?) -> String {
        difference.map { "a mean difference of \($0)" } ?? "a different size"
    }

    /// Mean R, G and B.
    static func meanColour(_ image: Bitmap) -> [Double] {
        var sums = [0, 0, 0]
        for i in 0..<image.pixelCount {
            for c in 0..<3 { sums[c] += Int(image.pixels[4 * i + c]) }
        }
        return sums.map { Double($0) / Double(image.pixelCount) }
    }

    @Test("PNG with eXIf: each orientation decodes to the upright picture exactly")
    func pngOrientations() throws {
        let dir = try PhotoFixtures.make()
        let upright = try Self.decoded(dir, "upright.png")
        for n in 1...8 {
            let image = try Self.decoded(dir, "orient-\(n).png")
            #expect(
                image == upright,
                "orient-\(n).png: \(image.width)×\(image.height), differs by \(Self.describe(Self.meanDifference(image, upright)))"
            )
        }
    }

    @Test("JPEG with APP1 Exif (little- and big-endian): each orientation decodes upright, within JPEG's loss")
    func jpegOrientations() throws {
        let dir = try PhotoFixtures.make()
        let upright = try Self.decoded(dir, "upright.png")
        let names = (1...8).map { "orient-\($0).jpg" } + ["orient-6-be.jpg"]
        for name in names {
            let image = try Self.decoded(dir, name)
            // Quality 95, 4:4:4: the sideways file would differ by about 100 per byte.
            let difference = Self.meanDifference(image, upright)
            #expect(
                difference.map { $0 < 2 } == true,
                "\(name): mean difference \(Self.describe(difference))")
        }
    }

    @Test("an Adobe RGB JPEG and PNG are converted to sRGB: mean colour within 0.5 of Little CMS's own conversion")
    func adobeRGB() throws {
        let dir = try PhotoFixtures.make()
        for (name, referenceName) in [("adobe.jpg", "adobe-srgb.png"), ("adobe.png", "adobe-png-srgb.png")] {
            let reference = Self.meanColour(try Self.decoded(dir, referenceName))
            let bytes = try PhotoFixtures.bytes(dir, name)
            let managed = Self.meanColour(try ImageDecoder.decode(bytes))
            let worst: Double = zip(managed, reference).map { abs($0 - $1) }.max()!
            #expect(worst <= 0.5, "\(name): mean RGB \(managed) against \(reference)")
        }
        // The control: the same JPEG's pixels taken as sRGB (the profile ignored) are far off.
        let reference = Self.meanColour(try Self.decoded(dir, "adobe-srgb.png"))
        let unmanaged = Self.meanColour(try JPEGCodec.decode(try PhotoFixtures.bytes(dir, "adobe.jpg")))
        let off: Double = zip(unmanaged, reference).map { abs($0 - $1) }.max()!
        #expect(off > 10, "unmanaged \(unmanaged)")
    }

    @Test("a file that fits is kept unless its orientation or profile changes it; an sRGB profile does not")
    func kept() throws {
        let dir = try PhotoFixtures.make()
        let options = BudgetOptions(maxBytes: 1_000_000, format: .auto)
        let cases = [
            ("upright.png", true), ("srgb-tagged.png", true), ("orient-1.jpg", true),
            ("adobe.png", false), ("orient-6.png", false), ("orient-6.jpg", false), ("cmyk.jpg", false),
        ]
        for (name, keep) in cases {
            let result = try BudgetFitter.fit(encoded: try PhotoFixtures.bytes(dir, name), options: options)
            #expect(result.keptInput == keep, "\(name): \(result.reason)")
        }
        #expect(try Self.decoded(dir, "srgb-tagged.png") == (try Self.decoded(dir, "upright.png")))
    }

    @Test("TIFF (and its Orientation tag), GIF and WebP decode to the picture exactly; CMYK within JPEG's loss")
    func formats() throws {
        let dir = try PhotoFixtures.make()
        let upright = try Self.decoded(dir, "upright.png")
        for name in ["picture.tif", "orient-6.tif", "picture.gif", "picture.webp"] {
            let image = try Self.decoded(dir, name)
            #expect(
                image == upright,
                "\(name): differs by \(Self.describe(Self.meanDifference(image, upright)))")
        }
        let cmyk = Self.meanDifference(try Self.decoded(dir, "cmyk.jpg"), upright)
        #expect(cmyk.map { $0 < 3 } == true, "cmyk.jpg: \(Self.describe(cmyk))")
    }

    @Test("a JPEG decoded at n/8 of its size has each side rounded up and the same picture")
    func scaled() throws {
        let dir = try PhotoFixtures.make()
        let bytes = try PhotoFixtures.bytes(dir, "orient-1.jpg")
        let fullMean = Self.meanColour(try JPEGCodec.decode(bytes))
        for n in [1, 3, 4, 8] {
            let image = try JPEGCodec.decode(bytes, scale: n)
            #expect(image.width == (96 * n + 7) / 8 && image.height == (64 * n + 7) / 8, "scale \(n)/8")
            let difference: [Double] = zip(Self.meanColour(image), fullMean).map { abs($0 - $1) }
            #expect(difference.max()! < 4, "scale \(n)/8: mean colour off by \(difference)")
        }
    }
}

/// Formats refused by name, and the scale a budget decodes a JPEG at.
@Suite("Input formats")
struct InputFormatTests {
    static let refused: [(String, [UInt8])] = [
        ("HEIC", [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)),
        ("HEIC", [0, 0, 0, 20] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("heic".utf8)),
        ("AVIF", [0, 0, 0, 28] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8)),
        ("JPEG XL", [0xFF, 0x0A, 0xFA, 0x7F]),
        ("JPEG XL", [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
        ("JPEG 2000", [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
        ("BMP", Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]),
        ("Photoshop PSD", Array("8BPS".utf8) + [0, 1]),
        ("PDF", Array("%PDF-1.7\n".utf8)),
    ]

    @Test("known formats Signet does not read are refused by name", arguments: refused)
    func refusedByName(name: String, bytes: [UInt8]) {
        #expect(throws: CodecError(.unsupportedFormat(name: name))) { try ImageDecoder.decode(bytes) }
        let sentence = CodecReason.unsupportedFormat(name: name).message(about: nil).rendered { _ in nil }
        #expect(sentence.contains("\(name) is not supported"), "\(sentence)")
    }

    @Test("anything else is not an image; the message lists what is read")
    func unknown() {
        #expect(throws: CodecError(.notAnImage(format: "PNG, JPEG, TIFF, GIF or WebP"))) {
            try ImageDecoder.decode(Array("hello, world".utf8))
        }
        #expect(InputFormat.sniff(Array("BM".utf8) + [UInt8](repeating: 7, count: 20)) == nil)
    }

    /// (width, height, budget, eighths): at least 200 pixels per byte of budget and 16 MP kept.
    static let scales: [(Int, Int, Int, Int)] = [
        (8000, 6000, 100_000, 6),  // 6000×4500, 27 MP ≥ 20 MP; 5/8 would be 18.75 MP
        (8000, 6000, 30_000, 5),  // 5000×3750 ≥ 16 MP
        (8660, 5774, 1_000_000, 8),  // 200 MP wanted: every pixel
        (4000, 3000, 30_000, 8),  // 12 MP, under 16 MP: never scaled
        (640, 480, 100_000, 8),
        (65_500, 65_500, 1, 1),
        (100, 100, Int.max, 8),  // no overflow
    ]

    @Test("the scale a budget decodes a JPEG at", arguments: scales)
    func scale(width: Int, height: Int, budget: Int, eighths: Int) {
        #expect(JPEGDecodeScale.eighths(width: width, height: height, budget: budget) == eighths)
    }
}
