import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// `signet compress` and `signet render --max-bytes` run as real processes.
@Suite("signet compress (process)")
struct CompressCLITests {
    static let jsonKeys: Set<String> = [
        "input", "output", "format", "quality", "subsampling", "layout", "progressive", "width", "height", "bytes",
        "budget", "encodes", "probe_encodes", "resized", "ssim", "score", "color_ssim", "runner_up", "kept_input",
        "reason",
    ]

    /// A folder with a transparent signature PNG (also stored uncompressed, so that it needs
    /// re-encoding to fit), an opaque photo JPEG and a textured seal PNG.
    static func inputs() throws -> TemporaryDirectory {
        let dir = TemporaryDirectory("signet-compress")
        let signature = TestImages.signature(width: 900, height: 300, ink: Color(red: 0.1, green: 0.1, blue: 0.5))
        dir.write("sig.png", bytes: try PNGEncoder.encode(signature))
        dir.write("sig-raw.png", bytes: try PNGEncoder.encode(signature, options: PNGOptions(compressionLevel: 0)))
        dir.write(
            "photo.jpg",
            bytes: try JPEGCodec.encode(
                TestImages.photo(width: 640, height: 480), options: JPEGEncodeOptions(quality: 95)))
        dir.write("seal.png", bytes: try PNGEncoder.encode(TestImages.seal(size: 400)))
        return dir
    }

    static func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    @Test("fits the budget, writes the file, says what it chose")
    func fits() throws {
        let dir = try Self.inputs()
        let out = dir.path("seal.jpg")
        let result = try ProcessRunner.signet(["compress", dir.path("seal.png"), "-o", out, "--max-bytes", "20kB"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.size(out) > 0 && Self.size(out) <= 20_000)
        #expect(result.stdoutText.hasPrefix("\(out): JPEG 400×400 q"))
        #expect(result.stdoutText.contains("of 20000 bytes, SSIM 0."))
        // The score (SSIM less the ΔE term) is named as a score, not as an SSIM.
        #expect(result.stdoutText.contains(" (score 0."), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("(colour "), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("highest quality that fits"))
    }

    @Test("--json has every documented field and the real byte count")
    func json() throws {
        let dir = try Self.inputs()
        let out = dir.path("photo-small.jpg")
        let result = try ProcessRunner.signet([
            "compress", dir.path("photo.jpg"), "-o", out, "--max-bytes", "19.5KiB", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        #expect(Set(object.keys) == Self.jsonKeys)
        #expect(object["budget"] as? Int == 19_968)
        #expect(object["bytes"] as? Int == Self.size(out))
        #expect(object["format"] as? String == "jpeg" && object["subsampling"] as? String == "4:2:0")
        #expect(object["width"] as? Int == 640 && object["resized"] as? Bool == false)
        let ssim = try #require(object["ssim"] as? Double)
        #expect(ssim > 0.5 && ssim <= 1)
        let score = try #require(object["score"] as? Double)
        #expect(score > 0.5 && score <= 1, "score \(score)")
        // color_ssim: the score's older name, the same number.
        #expect(object["color_ssim"] as? Double == score, "\(object)")
        // runner_up: null, or every key present; an estimate has null bytes.
        if let runner = object["runner_up"] as? [String: Any] {
            #expect(
                Set(runner.keys) == ["width", "height", "quality", "bytes", "ssim", "score", "color_ssim", "estimated"])
            #expect(runner["color_ssim"] as? Double == runner["score"] as? Double, "\(runner)")
            let estimated = try #require(runner["estimated"] as? Bool)
            #expect(estimated == (runner["bytes"] is NSNull), "\(runner)")
        } else {
            #expect(object["runner_up"] is NSNull)
        }
    }

    @Test("a size ruled out by its estimate is reported as the runner-up, marked as an estimate")
    func estimatedRunnerUp() throws {
        let dir = try Self.inputs()
        let out = dir.path("seal-small.jpg")
        let result = try ProcessRunner.signet([
            "compress", dir.path("seal.png"), "-o", out, "--max-bytes", "20kB", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        let runner = try #require(object["runner_up"] as? [String: Any], "\(object)")
        // The seal fits at full size and the first smaller size (310×310) estimates below it.
        #expect(runner["estimated"] as? Bool == true, "\(runner)")
        #expect((runner["width"] as? Int ?? .max) < 400 && runner["bytes"] is NSNull)
        #expect((object["reason"] as? String ?? "").contains("not tried"))
        let line = try ProcessRunner.signet(["compress", dir.path("seal.png"), "-o", out, "--max-bytes", "20kB"])
        #expect(line.stdoutText.contains("SSIM ≈0.") && line.stdoutText.contains("on a row sample"))
        #expect(line.stdoutText.contains("(score ≈0."), "\(line.stdoutText)")
    }

    @Test(
        "byte sizes: plain, kB/KB ×1000, KiB ×1024, MB, MiB",
        arguments: [
            ("50000", 50_000), ("50kB", 50_000), ("50KB", 50_000), ("50 KiB", 51_200), ("0.05MB", 50_000),
            ("0.5MiB", 524_288),
        ] as [(String, Int)])
    func sizes(_ text: String, _ bytes: Int) throws {
        let dir = try Self.inputs()
        let result = try ProcessRunner.signet([
            "compress", dir.path("seal.png"), "-o", dir.path("o.jpg"), "--max-bytes", text, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.json(result)["budget"] as? Int == bytes)
    }

    @Test("the output name picks the format; auto keeps transparency when a PNG fits")
    func formats() throws {
        let dir = try Self.inputs()
        let png = try Self.json(
            try ProcessRunner.signet([
                "compress", dir.path("sig.png"), "-o", dir.path("a.png"), "--max-bytes", "60KB", "--json",
            ]))
        #expect(png["format"] as? String == "png" && png["subsampling"] is NSNull)
        let auto = try Self.json(
            try ProcessRunner.signet([
                "compress", dir.path("sig-raw.png"), "-o", dir.path("a"), "--max-bytes", "60KB", "--json",
            ]))
        #expect(auto["format"] as? String == "png")
        #expect((auto["reason"] as? String)?.hasPrefix("transparency kept") == true)
        let tight = try Self.json(
            try ProcessRunner.signet([
                "compress", dir.path("sig.png"), "-o", dir.path("b"), "--max-bytes", "4KB", "--json",
            ]))
        #expect(tight["format"] as? String == "jpeg")
        #expect((tight["reason"] as? String)?.contains("a PNG with transparency needs") == true)
        let opaque = try ProcessRunner.signet([
            "compress", dir.path("photo.jpg"), "-o", "-", "--format", "auto", "--max-bytes", "20KB", "--json",
        ])
        #expect(Array(opaque.stdout.prefix(3)) == [0xFF, 0xD8, 0xFF], "the image alone on stdout")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(opaque.stderr.utf8)) as? [String: Any])
        #expect(
            report["format"] as? String == "jpeg" && (report["reason"] as? String)?.hasPrefix("opaque image") == true)
    }

    @Test("a format that contradicts the output name is written, with a warning")
    func contradiction() throws {
        let dir = try Self.inputs()
        let result = try ProcessRunner.signet([
            "compress", dir.path("seal.png"), "-o", dir.path("seal.png.out.png"), "--format", "jpeg",
        ])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("warning: \(dir.path("seal.png.out.png")) holds a JPEG although its name says png"))
    }

    @Test("standard input to standard output: JPEG bytes on stdout, the line on stderr")
    func pipes() throws {
        let dir = try Self.inputs()
        let input = try Array(Data(contentsOf: URL(fileURLWithPath: dir.path("photo.jpg"))))
        let result = try ProcessRunner.signet(
            ["compress", "-", "-o", "-", "--max-bytes", "15000", "--format", "jpeg"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdout.prefix(3)) == [0xFF, 0xD8, 0xFF] && result.stdout.count <= 15_000)
        #expect(result.stderr.hasPrefix("standard output: JPEG 640×480"))
    }

    @Test(
        "bad input and impossible budgets: exit code, one clear sentence, no file left",
        arguments: [
            (["notimage.txt", "--max-bytes", "10KB"], 2, "notimage.txt: not a PNG, JPEG, TIFF, GIF or WebP image"),
            (["cut.png", "--max-bytes", "10KB"], 2, "cut.png: the PNG data is corrupt or truncated"),
            (
                ["cut.jpg", "--max-bytes", "10KB"], 2,
                "cut.jpg: the JPEG data is corrupt or truncated (Premature end of JPEG file)"
            ),
            (["huge.jpg", "--max-bytes", "10KB"], 2, "huge.jpg: the image is 60000×60000 pixels, over the limit"),
            (["seal.png", "--max-bytes", "0"], 2, "--max-bytes must be at least 1 byte, not '0'"),
            (["seal.png", "--max-bytes", "-3kB"], 2, "--max-bytes must be at least 1 byte"),
            (
                ["seal.png", "--max-bytes", "ten"], 2,
                "--max-bytes takes a size (like 100000, 100k, 100kB, 100KiB or 1M); got 'ten'"
            ),
            (
                ["seal.png", "--max-bytes", "150"], 1,
                "seal.png: cannot fit 150 bytes: the smallest result reached was 32×32 pixels at quality 1"
            ),
            (
                ["seal.png", "--max-bytes", "2KB", "--no-resize"], 1,
                "cannot fit 2000 bytes: the smallest result reached was 400×400 pixels"
            ),
            (
                ["seal.png", "--min-quality", "90", "--max-quality", "10"], 2,
                "--min-quality 90 is above --max-quality 10"
            ),
            (["seal.png", "--format", "gif"], 2, "--format must be one of jpeg, png, auto, not 'gif'"),
            (["seal.png", "--background", "#FFFFFF80"], 2, "--background must be opaque"),
        ] as [([String], Int32, String)])
    func bad(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let dir = try Self.inputs()
        dir.write("notimage.txt", "just some words\n")
        let seal = try Data(contentsOf: URL(fileURLWithPath: dir.path("seal.png")))
        dir.write("cut.png", bytes: Array(seal.prefix(seal.count / 3)))
        let photo = try Array(Data(contentsOf: URL(fileURLWithPath: dir.path("photo.jpg"))))
        dir.write("cut.jpg", bytes: Array(photo.prefix(photo.count / 2)))
        dir.write("huge.jpg", bytes: Self.forgedSize(photo, width: 60_000, height: 60_000))
        let before = dir.contents()
        let result = try ProcessRunner.signet(
            ["compress", dir.path(arguments[0]), "-o", dir.path("out.jpg")] + arguments.dropFirst())
        #expect(
            CLIRefusal.problems(
                result, command: "compress", message: message, status: status, folder: dir, before: before) == [])
    }

    /// `jpeg` with the frame header's size replaced (the pixel data no longer matches).
    static func forgedSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var i = 2
        while i + 8 < bytes.count, bytes[i] == 0xFF {
            if bytes[i + 1] == 0xC0 || bytes[i + 1] == 0xC2 {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return bytes
            }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return bytes
    }

    @Test("render --max-bytes: strokes to a budgeted JPEG in one command")
    func render() throws {
        let dir = TemporaryDirectory("signet-render-budget")
        let input = dir.write("sig.json", RenderCLITests.signature)
        let out = dir.path("sig.jpg")
        let result = try ProcessRunner.signet([
            "render", input, "-o", out, "--scale", "6", "--max-bytes", "3KB", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        #expect(Set(object.keys) == Self.jsonKeys.union(["strokes", "points", "stroke_format", "dpi", "ink_bounds"]))
        #expect(object["format"] as? String == "jpeg" && object["layout"] as? String == "gray")
        #expect(object["stroke_format"] as? String == "signet", "the stroke format read: \(object)")
        #expect(object["strokes"] as? Int == 2 && Self.size(out) <= 3_000 && object["bytes"] as? Int == Self.size(out))
        let many = try ProcessRunner.signet(["render", input, "--output-dir", dir.path("all"), "--max-bytes", "3KB"])
        #expect(many.status == 2 && many.stderr.contains("--max-bytes works with -o and one input"))
        let svg = try ProcessRunner.signet(["render", input, "-o", dir.path("sig.svg"), "--max-bytes", "3KB"])
        #expect(svg.status == 2 && svg.stderr.contains("name the output .png or .jpg, not 'sig.svg'"))
    }
}
