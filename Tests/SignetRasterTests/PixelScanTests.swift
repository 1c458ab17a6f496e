import SignetCore
import SignetTestSupport
import Testing

@testable import SignetRaster

/// The word-at-a-time pixel loops give exactly what the per-channel definitions say.
struct PixelScanTests {
    @Test(
        "flattening equals (c·a + bg·(255 − a)) / 255 rounded, for every channel value and alpha",
        arguments: [Color.white, Color(red: 0.2, green: 0.55, blue: 1), .black])
    func flattenEveryValue(_ background: Color) {
        // One pixel per (c, a): c in the red channel, 255 − c in green, c / 2 in blue.
        var pixels = [UInt8]()
        for c in 0...255 { for a in 0...255 { pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] } }
        let flat = Bitmap(width: 256, height: 256, pixels: pixels).flattened(onto: background)
        let bg = [background.red, background.green, background.blue].map { Int(($0 * 255).rounded()) }
        var mismatches = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(pixels[i + 3])
            for ch in 0..<3 {
                let expected = (Int(pixels[i + ch]) * a + bg[ch] * (255 - a) + 127) / 255
                if Int(flat.pixels[i + ch]) != expected { mismatches += 1 }
            }
            if flat.pixels[i + 3] != 255 { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // In place, the same bytes.
        var inPlace = Bitmap(width: 256, height: 256, pixels: pixels)
        inPlace.flatten(onto: background)
        let differing = zip(inPlace.pixels, flat.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "flatten(onto:) in place: \(differing) bytes differ from flattened(onto:)")
    }

    @Test("opaque and gray are judged by every pixel, the last one included", arguments: [1, 7, 4096, 4097, 10_000])
    func scansReachTheEnd(_ count: Int) {
        var pixels = [UInt8](repeating: 200, count: count * 4)
        for i in 0..<count { pixels[4 * i + 3] = 255 }
        #expect(Bitmap(width: count, height: 1, pixels: pixels).isOpaque)
        #expect(Bitmap(width: count, height: 1, pixels: pixels).isGray)
        var translucent = pixels
        translucent[4 * (count - 1) + 3] = 254
        #expect(!Bitmap(width: count, height: 1, pixels: translucent).isOpaque)
        var colored = pixels
        colored[4 * (count - 1) + 2] = 201
        #expect(!Bitmap(width: count, height: 1, pixels: colored).isGray)
        // A colored pixel that is fully transparent does not count against gray.
        colored[4 * (count - 1) + 3] = 0
        #expect(Bitmap(width: count, height: 1, pixels: colored).isGray)
    }

    @Test("block averages of some rows are those rows of the full average", arguments: [true, false])
    func boxRows(_ opaque: Bool) {
        var image = TestImages.photo(width: 90, height: 64)
        if !opaque { image = TestImages.signature(width: 90, height: 64) }
        let all = image.boxReduced(3, 2, rows: [Bool](repeating: true, count: 32), opaque: image.isOpaque)
        let some = (0..<32).map { $0 % 5 == 1 }
        let part = image.boxReduced(3, 2, rows: some, opaque: image.isOpaque)
        for y in 0..<32 where some[y] {
            #expect(part.pixels[(y * 30 * 4)..<((y + 1) * 30 * 4)] == all.pixels[(y * 30 * 4)..<((y + 1) * 30 * 4)])
        }
        // Opaque means plain averages: a 3×2 block of values 0…5 averages to 3 (2.5 rounded up).
        let ramp = Bitmap(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), UInt8($0), UInt8($0), 255] })
        #expect(ramp.boxReduced(3, 2, rows: [true], opaque: true).pixels == [3, 3, 3, 255])
    }
}
