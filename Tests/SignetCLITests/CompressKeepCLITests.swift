import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// `signet compress` keeps an input that already fits, and refuses output names it would not write.
@Suite("signet compress: keep what fits, refuse other extensions (process)")
struct CompressKeepCLITests {
    static func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    @Test(
        "an input that already fits in the format asked for is written unchanged, and the report says so",
        arguments: [
            ("photo.jpg", "out.jpg", [String]()), ("sig.png", "out.png", []), ("photo.jpg", "out", []),
            ("sig.png", "out.bin.png", ["--format", "png"]), ("photo.jpg", "-", ["--format", "auto"]),
        ] as [(String, String, [String])])
    func keeps(_ input: String, _ output: String, _ extra: [String]) throws {
        let dir = try CompressCLITests.inputs()
        let original = Self.bytes(dir.path(input))
        let out = output == "-" ? "-" : dir.path(output)
        let result = try ProcessRunner.signet(
            ["compress", dir.path(input), "-o", out, "--max-bytes", "\(original.count)", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let written = output == "-" ? result.stdout : Self.bytes(out)
        #expect(written == original, "\(input) → \(output): \(written.count) bytes written, \(original.count) read")
        let json = output == "-" ? Array(result.stderr.utf8) : result.stdout
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(report["kept_input"] as? Bool == true, "\(report)")
        #expect(report["encodes"] as? Int == 0 && report["bytes"] as? Int == original.count, "\(report)")
        #expect((report["reason"] as? String)?.hasPrefix("kept the input: it already fits") == true, "\(report)")
        let line = try ProcessRunner.signet(
            ["compress", dir.path(input), "-o", dir.path("again-" + (output == "-" ? "out" : output))]
                + ["--max-bytes", "\(original.count)"] + extra)
        #expect(line.stdoutText.contains("kept the input: it already fits"), "\(line.stdoutText)")
    }

    @Test("another format than the input's is encoded, not kept")
    func converts() throws {
        let dir = try CompressCLITests.inputs()
        let result = try ProcessRunner.signet([
            "compress", dir.path("sig.png"), "-o", dir.path("sig.jpg"), "--max-bytes", "1MB", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try CompressCLITests.json(result)
        #expect(report["kept_input"] as? Bool == false && report["format"] as? String == "jpeg", "\(report)")
    }

    @Test("the output is never larger than an input of the same format, whatever the budget")
    func neverLarger() throws {
        let dir = try CompressCLITests.inputs()
        for input in ["photo.jpg", "seal.png"] {
            let size = Self.bytes(dir.path(input)).count
            for budget in [size * 2, size, size - 1, size * 3 / 4] {
                let out = dir.path("out-\(budget)-" + input)
                let result = try ProcessRunner.signet([
                    "compress", dir.path(input), "-o", out, "--max-bytes", "\(budget)",
                ])
                #expect(result.status == 0, "\(input) under \(budget): \(result.stderr)")
                let written = Self.bytes(out).count
                #expect(
                    written <= min(size, budget), "\(input) (\(size) bytes) under \(budget): wrote \(written) bytes")
            }
        }
    }

    @Test(
        "an output name whose extension is not PNG or JPEG is refused before anything is written",
        arguments: [
            ["-o", "out.webp"], ["-o", "out.txt"], ["-o", "out.jpg.gif", "--format", "jpeg"], ["-o", "out.PDF"],
        ])
    func refusesExtension(_ arguments: [String]) throws {
        let dir = try CompressCLITests.inputs()
        let before = dir.contents()
        let name = arguments[1]
        var args = arguments
        args[1] = dir.path(name)
        let result = try ProcessRunner.signet(["compress", dir.path("seal.png")] + args)
        #expect(
            CLIRefusal.problems(
                result, command: "compress",
                message: "compress writes a PNG or JPEG; name the output .png or .jpg, not '\(name)'",
                folder: dir, before: before) == [])
    }

    @Test("a name without an extension is written in the format auto picks")
    func noExtension() throws {
        let dir = try CompressCLITests.inputs()
        let result = try ProcessRunner.signet([
            "compress", dir.path("seal.png"), "-o", dir.path("stamp"), "--max-bytes", "20kB", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CompressCLITests.json(result)["format"] as? String == "jpeg")
    }
}
