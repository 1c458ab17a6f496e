import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// libjpeg-turbo through the shims: round trips, header facts, and damaged data that must throw.
struct JPEGCodecTests {
    static func meanAbsoluteError(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for i in a.pixels.indices where i % 4 != 3 { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(a.pixelCount * 3)
    }

    /// The luma and chroma sampling factors from the SOF marker.
    static func samplingFactors(_ jpeg: [UInt8]) -> [UInt8] {
        var i = 2
        while i + 4 < jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                let components = Int(jpeg[i + 9])
                return (0..<components).map { jpeg[i + 11 + 3 * $0] }
            }
            i += 2 + length
        }
        return []
    }

    @Test("color round trip keeps size, DPI and pixels within JPEG error")
    func colorRoundTrip() throws {
        var photo = TestImages.photo(width: 97, height: 61, noise: 4)
        photo.dpi = 300
        let jpeg = try JPEGCodec.encode(photo, options: JPEGEncodeOptions(quality: 92))
        let info = try JPEGInfo(jpeg)
        #expect(info.width == 97 && info.height == 61)
        #expect(info.components == 3 && info.colorSpace == .ycbcr && !info.isAdobeInverted && !info.isProgressive)
        #expect(info.dpi == 300)
        let back = try JPEGCodec.decode(jpeg)
        #expect(back.width == 97 && back.height == 61 && back.dpi == 300 && back.isOpaque)
        #expect(Self.meanAbsoluteError(photo, back) < 6)  // q92 with 4:2:0 on sharp color edges
    }

    @Test("a gray image becomes a 1-component JPEG and decodes gray")
    func grayIsOneComponent() throws {
        let gray = TestImages.signature(width: 120, height: 40).flattened(onto: .white)
        #expect(gray.isGray)
        let jpeg = try JPEGCodec.encode(gray)
        let info = try JPEGInfo(jpeg)
        #expect(info.components == 1 && info.colorSpace == .gray)
        let back = try JPEGCodec.decode(jpeg)
        #expect(back.isGray && back.isOpaque)
        #expect(Self.meanAbsoluteError(gray, back) < 6)
    }

    @Test("forcing gray on a color image stores luma only")
    func forcedGray() throws {
        let jpeg = try JPEGCodec.encode(
            TestImages.photo(width: 40, height: 30), options: JPEGEncodeOptions(grayscale: true))
        #expect(try JPEGInfo(jpeg).components == 1)
    }

    @Test(
        "chroma subsampling is written as asked",
        arguments: [(ChromaSubsampling.half, [0x22, 0x11, 0x11]), (.none, [0x11, 0x11, 0x11])]
            as [(ChromaSubsampling, [UInt8])])
    func subsampling(_ mode: ChromaSubsampling, _ factors: [UInt8]) throws {
        let jpeg = try JPEGCodec.encode(
            TestImages.photo(width: 64, height: 48), options: JPEGEncodeOptions(subsampling: mode))
        #expect(Self.samplingFactors(jpeg) == factors)
    }

    @Test("progressive encoding is flagged in the header and decodes")
    func progressive() throws {
        let photo = TestImages.photo(width: 80, height: 50)
        let jpeg = try JPEGCodec.encode(photo, options: JPEGEncodeOptions(progressive: true))
        #expect(try JPEGInfo(jpeg).isProgressive)
        #expect(Self.meanAbsoluteError(photo, try JPEGCodec.decode(jpeg)) < 8)
    }

    @Test("transparent pixels are composited onto the background")
    func transparencyFlattened() throws {
        let clear = Bitmap(width: 16, height: 16, fill: .clear)
        let jpeg = try JPEGCodec.encode(clear, options: JPEGEncodeOptions(background: Color(red: 0, green: 0, blue: 1)))
        let px = try JPEGCodec.decode(jpeg)[8, 8]
        #expect(px.r < 10 && px.g < 10 && px.b > 245)
    }

    @Test("higher quality never gives a smaller file on these images")
    func sizeGrowsWithQuality() throws {
        for image in [TestImages.photo(width: 120, height: 90), TestImages.seal(size: 96)] {
            let sizes = try stride(from: 10, through: 100, by: 10).map {
                try JPEGCodec.encode(image, options: JPEGEncodeOptions(quality: $0)).count
            }
            #expect(sizes == sizes.sorted())
        }
    }

    @Test("the byte limit abandons an encode that cannot fit")
    func byteLimit() throws {
        let source = JPEGSource(opaque: TestImages.photo(width: 200, height: 150), grayscale: false)
        let full = try #require(try source.encode(quality: 90, subsampling: .half))
        #expect(try source.encode(quality: 90, subsampling: .half, byteLimit: full.count - 1) == nil)
        #expect(try source.encode(quality: 90, subsampling: .half, byteLimit: full.count) == full)
    }

    @Test("over the pixel limit is refused from the header")
    func pixelLimit() throws {
        let jpeg = try JPEGCodec.encode(TestImages.photo(width: 100, height: 100))
        let error = #expect(throws: CodecError.self) {
            try JPEGCodec.decode(jpeg, limits: DecodeLimits(maxPixels: 9_999))
        }
        #expect(error?.reason == .tooLarge(width: 100, height: 100, maxPixels: 9_999))
        #expect(error?.kind == .badInput)
    }

    @Test("truncated and damaged JPEGs throw, never abort", arguments: [10, 200, 600, -2])
    func damaged(cut: Int) throws {
        let jpeg = try JPEGCodec.encode(
            TestImages.photo(width: 64, height: 64), options: JPEGEncodeOptions(quality: 90))
        let bytes = cut > 0 ? Array(jpeg.prefix(cut)) : Array(jpeg.dropLast(-cut))
        let error = #expect(throws: CodecError.self) { try JPEGCodec.decode(bytes) }
        #expect(error?.kind == .badInput)
        #expect(error?.message.contains("JPEG") == true)
    }

    @Test("garbage in the entropy-coded data is reported")
    func corruptedScan() throws {
        var jpeg = try JPEGCodec.encode(
            TestImages.photo(width: 64, height: 64), options: JPEGEncodeOptions(quality: 90))
        // Overwrite the middle of the scan with marker bytes, which ends the segment early.
        for i in (jpeg.count / 2)..<(jpeg.count / 2 + 16) { jpeg[i] = i % 2 == 0 ? 0xFF : 0xD9 }
        #expect(throws: CodecError.self) { try JPEGCodec.decode(jpeg) }
    }

    @Test("empty and non-JPEG bytes throw")
    func notJPEG() {
        #expect(throws: CodecError.self) { try JPEGCodec.decode([]) }
        #expect(throws: CodecError.self) { try JPEGInfo(Array("%PDF-1.7".utf8)) }
    }

    @Test("CMYK JPEGs written by Pillow decode to the right colors", .enabled(if: PythonTools.has("PIL")))
    func cmyk() throws {
        // Pillow writes Adobe-inverted CMYK; pure cyan (255, 0, 0, 0) is (0, 255, 255) in RGB.
        let script = """
            import sys, io
            from PIL import Image
            im = Image.new('CMYK', (32, 16), (255, 0, 0, 0))
            im.paste((0, 0, 0, 255), (16, 0, 32, 16))
            b = io.BytesIO(); im.save(b, 'JPEG', quality=95); sys.stdout.buffer.write(b.getvalue())
            """
        let jpeg = try ProcessRunner.run("python3", ["-c", script]).stdout
        let info = try JPEGInfo(jpeg)
        #expect(info.components == 4 && info.colorSpace == .cmyk && info.isAdobeInverted)
        let image = try JPEGCodec.decode(jpeg)
        let cyan = image[4, 8], black = image[28, 8]
        #expect(cyan.r < 12 && cyan.g > 243 && cyan.b > 243)
        #expect(black.r < 12 && black.g < 12 && black.b < 12)
    }
}
