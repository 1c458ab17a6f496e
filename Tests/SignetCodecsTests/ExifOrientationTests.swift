import SignetCodecs
import SignetRaster
import Testing

/// The EXIF Orientation reader (`ExifOrientation.parse`) on TIFF data built here byte by byte, and
/// the turn it asks for (`Bitmap.oriented`) on a bitmap whose every pixel is its own index.
@Suite("EXIF orientation")
struct ExifOrientationTests {
    /// TIFF data: a header of `order`, the first IFD at `ifdOffset`, its `entries` (tag, type,
    /// count, value) each written in the byte order asked for, SHORT values left-justified.
    static func tiff(
        bigEndian: Bool, entries: [(tag: Int, type: Int, count: Int, value: Int)], ifdOffset: Int = 8
    ) -> [UInt8] {
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? little.reversed() : little
        }
        var data: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        data += bytes(ifdOffset, 4)
        data += [UInt8](repeating: 0, count: max(0, ifdOffset - 8))
        data += bytes(entries.count, 2)
        for entry in entries {
            data += bytes(entry.tag, 2) + bytes(entry.type, 2) + bytes(entry.count, 4)
            data += entry.type == 3 ? bytes(entry.value, 2) + [0, 0] : bytes(entry.value, 4)
        }
        return data + bytes(0, 4)
    }

    @Test("each of the 8 values, little- and big-endian, after other entries", arguments: 1...8, [false, true])
    func values(value: Int, bigEndian: Bool) {
        let data = Self.tiff(
            bigEndian: bigEndian,
            entries: [(0x010F, 2, 4, 0x4341_4E00), (0x0112, 3, 1, value), (0x0131, 2, 4, 0)])
        #expect(ExifOrientation.parse(data).rawValue == value, "\(data)")
    }

    @Test("a LONG value, as a few writers put it, is read too")
    func long() {
        #expect(ExifOrientation.parse(Self.tiff(bigEndian: true, entries: [(0x0112, 4, 1, 6)])) == .right)
    }

    @Test("an IFD after padding is found through its offset")
    func offset() {
        #expect(
            ExifOrientation.parse(Self.tiff(bigEndian: false, entries: [(0x0112, 3, 1, 8)], ifdOffset: 40)) == .left)
    }

    /// Named malformed blocks: none may turn the image, none may trap.
    static let malformed: [(String, [UInt8])] = {
        let good = tiff(bigEndian: false, entries: [(0x0112, 3, 1, 6)])
        var wrongMagic = good
        wrongMagic[2] = 0x2B
        var ifdPastEnd = good
        ifdPastEnd[4] = 0xF0
        var hugeCount = good
        hugeCount[8] = 0xFF
        hugeCount[9] = 0xFF
        return [
            ("empty", []),
            ("header only", Array(good.prefix(4))),
            ("wrong magic", wrongMagic),
            ("IFD offset past the end", ifdPastEnd),
            ("entry count past the end", hugeCount),
            ("entry cut short", Array(good.prefix(14))),
            ("value 0", tiff(bigEndian: false, entries: [(0x0112, 3, 1, 0)])),
            ("value 9", tiff(bigEndian: true, entries: [(0x0112, 3, 1, 9)])),
            ("two values", tiff(bigEndian: false, entries: [(0x0112, 3, 2, 6)])),
            ("ASCII type", tiff(bigEndian: false, entries: [(0x0112, 2, 1, 6)])),
            ("no orientation entry", tiff(bigEndian: true, entries: [(0x0110, 2, 4, 0)])),
            ("IFD offset of -1", [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]),
        ]
    }()

    @Test("malformed data reads as upright", arguments: malformed)
    func malformedData(name: String, data: [UInt8]) {
        #expect(ExifOrientation.parse(data) == .up, "\(name): \(data)")
    }

    @Test("every truncation of a good block reads as upright or as the value, never traps")
    func truncations() {
        let good = Self.tiff(bigEndian: true, entries: [(0x0100, 4, 1, 640), (0x0112, 3, 1, 7)])
        for length in 0...good.count {
            let parsed = ExifOrientation.parse(good.prefix(length))
            #expect(parsed == .up || (parsed == .rightMirrored && length >= 32), "length \(length): \(parsed)")
        }
    }

    /// A 3×2 bitmap whose pixel (x, y) holds the value 10·y + x + 1 in its red byte.
    static let indexed: Bitmap = {
        var pixels: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 { pixels += [UInt8(10 * y + x + 1), 0, 0, 255] }
        }
        return Bitmap(width: 3, height: 2, pixels: pixels)
    }()

    /// What a viewer shows for each orientation, rows top to bottom (TIFF 6.0's definitions: for
    /// 6, the stored first row is the shown right column, top to bottom).
    static let shown: [(ExifOrientation, [[Int]])] = [
        (.up, [[1, 2, 3], [11, 12, 13]]),
        (.upMirrored, [[3, 2, 1], [13, 12, 11]]),
        (.down, [[13, 12, 11], [3, 2, 1]]),
        (.downMirrored, [[11, 12, 13], [1, 2, 3]]),
        (.leftMirrored, [[1, 11], [2, 12], [3, 13]]),
        (.right, [[11, 1], [12, 2], [13, 3]]),
        (.rightMirrored, [[13, 3], [12, 2], [11, 1]]),
        (.left, [[3, 13], [2, 12], [1, 11]]),
    ]

    @Test("the turn of each orientation, pixel by pixel", arguments: shown)
    func turn(orientation: ExifOrientation, rows: [[Int]]) {
        let turned = Self.indexed.oriented(orientation)
        var got: [[Int]] = []
        for y in 0..<turned.height {
            got.append((0..<turned.width).map { x in Int(turned.pixels[4 * (y * turned.width + x)]) })
        }
        #expect(got == rows, "\(orientation)")
        #expect(turned.pixelCount == 6 && (turned.width == 2) == orientation.swapsSides)
    }

    @Test("a quarter turn each way, and any flip twice, give the image back")
    func inverses() {
        let image = Self.indexed
        #expect(image.oriented(.right).oriented(.left) == image)
        #expect(image.oriented(.down).oriented(.down) == image)
        for flip in [ExifOrientation.upMirrored, .downMirrored, .leftMirrored, .rightMirrored] {
            #expect(image.oriented(flip).oriented(flip) == image, "\(flip)")
        }
    }
}
