import SignetCodecs
import SignetRaster
import Testing

@Suite("PNG encode → decode")
struct PNGRoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bitmap: Bitmap
        let type: PNGOptions.ColorType
        /// The IHDR colour type the encoder must choose.
        let expected: UInt8
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "colour with alpha, auto → RGBA",
            bitmap: PNGFixtures.random(width: 37, height: 23, gray: false, opaque: false, seed: 1), type: .auto,
            expected: 6),
        Case(
            name: "opaque colour, auto → RGB",
            bitmap: PNGFixtures.random(width: 40, height: 9, gray: false, opaque: true, seed: 2), type: .auto,
            expected: 2),
        Case(
            name: "gray with alpha, auto → gray+alpha",
            bitmap: PNGFixtures.random(width: 33, height: 31, gray: true, opaque: false, seed: 3), type: .auto,
            expected: 4),
        Case(
            name: "opaque gray, auto → gray",
            bitmap: PNGFixtures.random(width: 17, height: 50, gray: true, opaque: true, seed: 4), type: .auto,
            expected: 0),
        Case(
            name: "few colours, auto → palette",
            bitmap: PNGFixtures.random(width: 64, height: 64, gray: false, opaque: false, colors: 12, seed: 5),
            type: .auto, expected: 3),
        Case(
            name: "256 colours, forced palette",
            bitmap: PNGFixtures.random(width: 64, height: 64, gray: false, opaque: false, colors: 256, seed: 6),
            type: .palette, expected: 3),
        Case(
            name: "gray forced to RGBA",
            bitmap: PNGFixtures.random(width: 8, height: 8, gray: true, opaque: true, seed: 7), type: .rgba, expected: 6
        ),
        Case(
            name: "opaque colour forced to RGB",
            bitmap: PNGFixtures.random(width: 8, height: 8, gray: false, opaque: true, seed: 8), type: .rgb, expected: 2
        ),
        Case(
            name: "one pixel, auto → RGBA (a palette would be larger)",
            bitmap: Bitmap(width: 1, height: 1, pixels: [10, 20, 30, 40]), type: .auto, expected: 6),
    ]

    @Test("round trip is exact", arguments: cases)
    func roundTrip(_ c: Case) throws {
        let png = try PNGEncoder.encode(c.bitmap, options: PNGOptions(colorType: c.type))
        #expect(PNGFixtures.colorType(png) == c.expected)
        let back = try PNGDecoder.decode(png)
        #expect(back == c.bitmap)
    }

    @Test(
        "every filter, strategy and level round-trips", arguments: PNGOptions.Filter.allCases,
        PNGOptions.Strategy.allCases)
    func settings(_ filter: PNGOptions.Filter, _ strategy: PNGOptions.Strategy) throws {
        let bitmap = PNGFixtures.random(width: 29, height: 19, gray: false, opaque: false, colors: 300, seed: 9)
        for level in [0, 1, 9] {
            let png = try PNGEncoder.encode(
                bitmap, options: PNGOptions(compressionLevel: level, filter: filter, strategy: strategy))
            #expect(try PNGDecoder.decode(png) == bitmap)
        }
    }

    @Test("black ink: auto keeps the smaller of palette and gray+alpha, never RGBA")
    func blackInk() throws {
        let ink = PNGFixtures.blackDisc(size: 120)
        let auto = try PNGEncoder.encode(ink)
        let grayAlpha = try PNGEncoder.encode(ink, options: PNGOptions(colorType: .grayAlpha))
        let palette = try PNGEncoder.encode(ink, options: PNGOptions(colorType: .palette))
        let rgba = try PNGEncoder.encode(ink, options: PNGOptions(colorType: .rgba))
        #expect(PNGFixtures.colorType(grayAlpha) == 4)
        #expect(auto.count == min(grayAlpha.count, palette.count))
        #expect(auto.count < rgba.count)
        #expect(try PNGDecoder.decode(auto) == ink)
    }

    @Test("a large image with at most 256 colours gets the palette without a second encoding")
    func largePalette() throws {
        let ink = PNGFixtures.blackDisc(size: 200)
        #expect(ink.pixelCount * 2 > PNGEncoder.smallImageBytes)
        let auto = try PNGEncoder.encode(ink)
        #expect(PNGFixtures.colorType(auto) == 3)
        #expect(auto == (try PNGEncoder.encode(ink, options: PNGOptions(colorType: .palette))))
        #expect(try PNGDecoder.decode(auto) == ink)
    }

    @Test("gray ink with more than 256 colours is stored as gray+alpha")
    func grayAlphaChosen() throws {
        let bitmap = PNGFixtures.random(width: 64, height: 64, gray: true, opaque: false, seed: 10)
        #expect(PNGFixtures.colorType(try PNGEncoder.encode(bitmap)) == 4)
    }

    @Test("pHYs records the dpi and decoding reads it back")
    func physicalSize() throws {
        var bitmap = PNGFixtures.blackDisc(size: 20)
        #expect(PNGFixtures.chunk("pHYs", in: try PNGEncoder.encode(bitmap)) == nil)
        bitmap.dpi = 300
        let png = try PNGEncoder.encode(bitmap)
        let phys = try #require(PNGFixtures.chunk("pHYs", in: png))
        // 300 dpi = 11811 pixels per metre on both axes, unit 1 (metre).
        #expect(phys == PNGFixtures.bigEndian(11811) + PNGFixtures.bigEndian(11811) + [1])
        let dpi = try #require(try PNGDecoder.decode(png).dpi)
        #expect(abs(dpi - 300) < 0.01)
    }

    @Test(
        "a colour type that cannot hold the image is refused",
        arguments: [PNGOptions.ColorType.gray, .grayAlpha, .rgb, .palette])
    func refused(_ type: PNGOptions.ColorType) throws {
        let bitmap = PNGFixtures.random(width: 30, height: 30, gray: false, opaque: false, seed: 11)
        #expect(throws: CodecError.self) { try PNGEncoder.encode(bitmap, options: PNGOptions(colorType: type)) }
    }

    @Test("bad settings and empty images are refused")
    func badRequests() {
        let bitmap = PNGFixtures.blackDisc(size: 4)
        #expect(throws: CodecError.self) { try PNGEncoder.encode(bitmap, options: PNGOptions(compressionLevel: 10)) }
        #expect(throws: CodecError.self) { try PNGEncoder.encode(Bitmap(width: 0, height: 5, pixels: [])) }
    }
}
