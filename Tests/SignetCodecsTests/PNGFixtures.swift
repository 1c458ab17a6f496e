import SignetCore
import SignetRaster
import SignetTestSupport

/// Small bitmaps with known properties, and helpers to read PNG chunks back.
enum PNGFixtures {
    /// Random pixels: gray or colour, opaque or not, with at most `colors` distinct values when given.
    static func random(width: Int, height: Int, gray: Bool, opaque: Bool, colors: Int? = nil, seed: UInt64) -> Bitmap {
        var rng = SeededRandom(seed: seed)
        let palette: [[UInt8]]? = colors.map { n in (0..<n).map { _ in pixel(&rng, gray: gray, opaque: opaque) } }
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            pixels +=
                palette.map { $0[Int.random(in: 0..<$0.count, using: &rng)] } ?? pixel(&rng, gray: gray, opaque: opaque)
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func pixel(_ rng: inout SeededRandom, gray: Bool, opaque: Bool) -> [UInt8] {
        let r = UInt8.random(in: 0...255, using: &rng)
        let g = gray ? r : UInt8.random(in: 0...255, using: &rng)
        let b = gray ? r : UInt8.random(in: 0...255, using: &rng)
        return [r, g, b, opaque ? 255 : UInt8.random(in: 0...255, using: &rng)]
    }

    /// Black ink coverage like a renderer makes: a soft disc on a transparent background.
    static func blackDisc(size: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let c = Double(size) / 2, r = Double(size) / 3
        for y in 0..<size {
            for x in 0..<size {
                let d = (Double(x) + 0.5 - c).hypot(Double(y) + 0.5 - c)
                pixels[(y * size + x) * 4 + 3] = UInt8((min(max(r - d + 0.5, 0), 1) * 255).rounded())
            }
        }
        return Bitmap(width: size, height: size, pixels: pixels)
    }

    /// The PNG colour type byte from IHDR (0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA).
    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    /// The data of the first chunk named `name`, or nil.
    static func chunk(_ name: String, in png: [UInt8]) -> [UInt8]? {
        var i = 8
        let tag = Array(name.utf8)
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            if Array(png[(i + 4)..<(i + 8)]) == tag { return Array(png[(i + 8)..<(i + 8 + length)]) }
            i += 12 + length
        }
        return nil
    }

    /// CRC-32 as PNG chunks use it, to craft headers in tests.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    /// One chunk as stored: length, type, data and CRC.
    static func rawChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
