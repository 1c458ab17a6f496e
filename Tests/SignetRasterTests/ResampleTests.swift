import SignetCore
import SignetTestSupport
import Testing

@testable import SignetRaster

/// Lanczos-3 downscaling on premultiplied alpha.
struct ResampleTests {
    @Test("a flat image stays flat at every size", arguments: [(1, 1), (7, 3), (50, 20), (99, 40)] as [(Int, Int)])
    func flat(_ width: Int, _ height: Int) {
        let color = Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.5)
        let small = Bitmap(width: 100, height: 40, fill: color).downscaled(toWidth: width, height: height)
        #expect(small.width == width && small.height == height)
        let expected = Bitmap(width: 1, height: 1, fill: color)[0, 0]
        for y in 0..<height { for x in 0..<width { #expect(small[x, y] == expected) } }
    }

    @Test("transparent pixels lend no color to visible ones")
    func noBleeding() {
        // Left half opaque red, right half fully transparent *green*: no green may appear.
        var pixels = [UInt8]()
        for _ in 0..<20 { for x in 0..<40 { pixels += x < 20 ? [255, 0, 0, 255] : [0, 255, 0, 0] } }
        let small = Bitmap(width: 40, height: 20, pixels: pixels).downscaled(toWidth: 13, height: 7)
        for y in 0..<7 {
            for x in 0..<13 where small[x, y].a > 0 {
                #expect(small[x, y].g == 0 && small[x, y].r == 255)
            }
        }
        #expect(small[0, 3].a == 255 && small[12, 3].a == 0)
    }

    @Test("a fine checkerboard averages to mid gray")
    func checkerboard() {
        var pixels = [UInt8]()
        for y in 0..<64 { for x in 0..<64 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; pixels += [v, v, v, 255] } }
        let small = Bitmap(width: 64, height: 64, pixels: pixels).downscaled(toWidth: 16, height: 16)
        for y in 2..<14 { for x in 2..<14 { #expect(abs(Int(small[x, y].r) - 128) <= 2) } }
    }

    @Test("the DPI scales with the width so the physical size is kept")
    func dpi() {
        let image = Bitmap(width: 300, height: 100, fill: .white, dpi: 300)
        #expect(image.downscaled(toWidth: 150, height: 50).dpi == 150)
        #expect(image.downscaled(toWidth: 300, height: 100) == image)
    }

    @Test("gray stays exactly gray")
    func grayStaysGray() {
        let signature = TestImages.signature(width: 300, height: 100).flattened(onto: .white)
        #expect(signature.downscaled(toWidth: 97, height: 31).isGray)
    }
}
