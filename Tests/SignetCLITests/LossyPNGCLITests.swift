import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// `signet compress --format png` over the budget writes a lossy palette PNG that another
/// decoder (Pillow) reads as an indexed image with transparency.
@Suite("signet compress, lossy PNG (process)")
struct LossyPNGCLITests {
    @Test("a colour signature under a PNG budget: full size, palette with tRNS, read by Pillow")
    func pillowReadsThePalette() throws {
        guard ProcessRunner.hasTool("python3") else {
            print("skipped: python3 (with Pillow) is not installed")
            return
        }
        let dir = TemporaryDirectory("signet-lossy-png")
        let image = TestImages.multiColorSignature(width: 900, height: 300)
        let input = dir.write("sig.png", bytes: try PNGEncoder.encode(image))
        let budget = try PNGEncoder.encode(image).count / 3
        let out = dir.path("small.png")
        let result = try ProcessRunner.signet([
            "compress", input, "-o", out, "--format", "png", "--max-bytes", String(budget), "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["layout"] as? String == "palette" && object["resized"] as? Bool == false, "\(object)")
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            im.load()
            alpha = im.convert("RGBA").getchannel("A").getextrema()
            print(im.mode, im.size[0], im.size[1], len(im.getpalette()) // 3, "transparency" in im.info, alpha[0], alpha[1])
            """
        let pillow = try ProcessRunner.run("python3", ["-c", script, out])
        guard pillow.status == 0 || !pillow.stderr.contains("No module named 'PIL'") else {
            print("skipped: Pillow is not installed (python3 -m pip install pillow)")
            return
        }
        #expect(pillow.status == 0, "Pillow could not decode: \(pillow.stderr)")
        let fields = pillow.stdoutText.split(whereSeparator: \.isWhitespace).map(String.init)
        // mode P, the input's size, at most 256 entries, a tRNS chunk, fully transparent and opaque pixels.
        #expect(fields.count == 7, "\(pillow.stdoutText)")
        guard fields.count == 7 else { return }
        #expect(fields[0] == "P" && fields[1] == "900" && fields[2] == "300", "\(pillow.stdoutText)")
        #expect(Int(fields[3])! <= 256 && fields[4] == "True", "\(pillow.stdoutText)")
        #expect(fields[5] == "0" && fields[6] == "255", "alpha range kept: \(pillow.stdoutText)")
        #expect(Self.size(out) <= budget, "\(Self.size(out)) of \(budget) bytes")
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}
