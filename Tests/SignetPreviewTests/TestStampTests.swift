import Foundation
import SignetTestSupport
import Testing

/// The test stamp PNG must be readable by independent decoders with exactly our pixels.
@Suite("Test stamp PNG")
struct TestStampTests {
    @Test(
        "Pillow decodes the stored-deflate PNG to the same RGBA pixels", arguments: [(600, 200), (37, 11), (300, 300)])
    func pillowReadsIt(size: (Int, Int)) throws {
        let folder = TemporaryDirectory("stamp-png")
        let png = folder.write("stamp.png", bytes: TestStamp.png(width: size.0, height: size.1))
        let raw = folder.write("stamp.rgba", bytes: TestStamp.rgbaPixels(width: size.0, height: size.1))
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]); im.load()
            ok = im.mode == 'RGBA' and im.size == (\(size.0), \(size.1)) and im.tobytes() == open(sys.argv[2], 'rb').read()
            print('same' if ok else 'different', im.mode, im.size)
            """
        let r = try ProcessRunner.run("python3", ["-c", script, png, raw])
        #expect(r.status == 0 && r.stdoutText.hasPrefix("same"), "\(r.stdoutText) \(r.stderr)")
    }

    @Test(
        "the stamp's corners: magenta frame, red top-left, blue bottom-right, green top-right, transparent bottom-left")
    func layout() {
        let (w, h) = (600, 200)
        let px = TestStamp.rgbaPixels(width: w, height: h)
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(px[((y * w + x) * 4)..<((y * w + x) * 4 + 4)]) }
        #expect(at(0, 0) == [255, 0, 255, 255])
        #expect(at(599, 199) == [255, 0, 255, 255])
        #expect(at(100, 50) == [255, 0, 0, 255])
        #expect(at(500, 150) == [0, 0, 255, 255])
        #expect(at(560, 20) == [0, 255, 0, 255])
        #expect(at(100, 150)[3] == 0)
        #expect(at(400, 60)[3] == 0)
    }
}
