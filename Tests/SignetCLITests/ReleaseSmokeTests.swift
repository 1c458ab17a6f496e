import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// The release binaries (`.build/release/signet`, `signet-preview`), the ones `make demo` builds and
/// users run, as real processes over generated inputs that sweep sizes (16 px to 4000 px, 1 to 200
/// pages), colour and grey, alpha and none, and budgets from 5 KB to 1 MB: every command exits as
/// documented, no run ends by a signal, every budget is kept and every output decodes (Signet's
/// decoders, Pillow, qpdf --check). An optimised build once aborted where the debug build did not;
/// `make test` builds the release products first and sets SIGNET_REQUIRE_RELEASE=1, so there this
/// suite cannot be skipped.
@Suite(
    "Release binary smoke suite",
    .enabled(if: ReleaseBinary.available, "no release build: run `swift build -c release` (make test does)"))
struct ReleaseSmokeTests {
    static let binary = ReleaseBinary.signet
    static let budgets = [5_000, 30_000, 100_000, 1_000_000]

    /// Runs the release `signet`; fails the test when it ended by a signal or with an undocumented code.
    @discardableResult
    static func signet(_ arguments: [String], expect code: Int32 = 0) throws -> ProcessResult {
        let r = try ProcessRunner.run(binary, arguments)
        let shown = "signet " + arguments.joined(separator: " ")
        #expect(!r.signalled, "\(shown): ended by signal \(r.status); stderr: \(r.stderr)")
        #expect(r.status == code, "\(shown): exit \(r.status), expected \(code); stderr: \(r.stderr)")
        return r
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    static func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map(Array.init) ?? [] }

    static func grey(_ image: Bitmap) -> Bitmap {
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let y = (Int(pixels[i]) * 77 + Int(pixels[i + 1]) * 150 + Int(pixels[i + 2]) * 29) >> 8
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(y), UInt8(y), UInt8(y))
        }
        return Bitmap(width: image.width, height: image.height, pixels: pixels)
    }

    /// (name, image file bytes): colour and grey, alpha and none, PNG and JPEG, 16 to 4000 px.
    static func images() throws -> [(String, [UInt8])] {
        let ink = Color(red: 0.6, green: 0.1, blue: 0.2)
        return [
            ("seal-16.png", try PNGEncoder.encode(TestImages.seal(size: 16))),
            ("sig-alpha-741x500.png", try PNGEncoder.encode(TestImages.signature(width: 741, height: 500, ink: ink))),
            ("photo-741x500.png", try PNGEncoder.encode(TestImages.photo(width: 741, height: 500))),
            (
                "photo-480x640.jpg",
                try JPEGCodec.encode(TestImages.photo(width: 480, height: 640), options: JPEGEncodeOptions(quality: 95))
            ),
            ("grey-1200x900.png", try PNGEncoder.encode(grey(TestImages.photo(width: 1200, height: 900)))),
            ("sig-grey-2000x600.png", try PNGEncoder.encode(grey(TestImages.signature(width: 2000, height: 600)))),
            (
                "photo-4000x2400.jpg",
                try JPEGCodec.encode(
                    TestImages.photo(width: 4000, height: 2400), options: JPEGEncodeOptions(quality: 90))
            ),
        ]
    }

    @Test("compress: every image, budget and format fits, exits 0 and decodes")
    func compressSweep() throws {
        let dir = TemporaryDirectory("release-compress")
        var outputs: [String] = []
        for (name, bytes) in try Self.images() {
            let input = dir.write(name, bytes: bytes)
            for budget in Self.budgets {
                for format in ["jpg", "png"] {
                    let out = dir.path("\(name)-\(budget).\(format)")
                    let r = try Self.signet(["compress", input, "-o", out, "--max-bytes", "\(budget)"])
                    guard r.status == 0 else { continue }
                    let written = Self.bytes(out)
                    #expect(
                        !written.isEmpty && written.count <= budget,
                        "\(name) → .\(format) under \(budget): \(written.count) bytes")
                    #expect(throws: Never.self, "\(out) decodes") {
                        _ = try format == "png" ? PNGDecoder.decode(written) : JPEGCodec.decode(written)
                    }
                    outputs.append(out)
                }
            }
        }
        try Self.pillowDecodes(outputs)
    }

    @Test("render: every sample stroke file to PNG, SVG, PDF and a budgeted JPEG")
    func renderSweep() throws {
        let dir = TemporaryDirectory("release-render")
        let samples = try FileManager.default.contentsOfDirectory(
            atPath: Corpus.packageRoot.appendingPathComponent("SampleStrokes").path)
        var images: [String] = []
        for sample in samples.sorted() {
            let input = Corpus.packageRoot.appendingPathComponent("SampleStrokes/\(sample)").path
            for (ext, extra) in [
                ("png", []), ("svg", []), ("pdf", []), ("jpg", ["--scale", "2", "--max-bytes", "30kB"]),
            ] {
                let out = dir.path("\(sample).\(ext)")
                try Self.signet(["render", input, "-o", out] + extra)
                #expect(Self.size(out) > 0, "\(out) written")
                if ext == "jpg" { #expect(Self.size(out) <= 30_000, "\(out): \(Self.size(out)) bytes over 30 kB") }
                if ext == "png" || ext == "jpg" { images.append(out) }
            }
        }
        try Self.pillowDecodes(images)
    }

    @Test("stamp, info, sign, verify, preview and pipeline on 1, 7 and 200 pages", arguments: [1, 7, 200])
    func pdfCommands(_ pages: Int) throws {
        let dir = TemporaryDirectory("release-pdf-\(pages)")
        let pdf = try TestPDF.write(to: dir.path("in.pdf"), rotations: (0..<pages).map { [0, 90, 180, 270][$0 % 4] })
        let stamp = dir.write("stamp.png", bytes: try PNGEncoder.encode(TestImages.seal(size: 200)))
        let strokes = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path
        let pki = TestPKI.shared
        let identity = ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain]
        let stamped = dir.path("stamped.pdf"), signed = dir.path("signed.pdf"), piped = dir.path("piped.pdf")
        try Self.signet(["stamp", pdf, "-o", stamped, "--image", stamp, "--pages", "all"])
        try Self.signet(["info", stamped, "--json"])
        try Self.signet(["sign", stamped, "-o", signed, "--strokes", strokes, "--page", "\(pages)"] + identity)
        try Self.signet(["verify", signed, "--ca", pki.rootCert])
        try Self.signet([
            "pipeline", strokes, "--pdf", pdf, "-o", piped, "--max-bytes", "20kB", "--image-format", "jpeg",
        ])
        for out in [stamped, signed, piped] {
            let check = try ProcessRunner.run("qpdf", ["--check", out])
            #expect(check.status == 0, "qpdf --check \(out): \(check.stdoutText) \(check.stderr)")
        }
        // `signet preview` runs the release signet-preview next to it.
        let page = dir.path("page.png")
        try Self.signet(["preview", signed, "-o", page, "--page", "\(pages)"])
        #expect(throws: Never.self, "the preview decodes") { _ = try PNGDecoder.decode(Self.bytes(page)) }
    }

    @Test("batch of budgeted JPEG and PNG jobs, capture's timeout and a usage error")
    func batchAndOthers() throws {
        let dir = TemporaryDirectory("release-batch")
        let photo = dir.write("photo.png", bytes: try PNGEncoder.encode(TestImages.photo(width: 741, height: 500)))
        let jobs = (0..<24).map { i -> [String: Any] in
            [
                "op": "compress", "input": photo, "output": dir.path("out-\(i).\(i % 2 == 0 ? "jpg" : "png")"),
                "max-bytes": Self.budgets[i % 4],
            ]
        }
        let list = dir.write("jobs.ndjson", BatchSupport.lines(jobs))
        let r = try Self.signet(["batch", list, "--jobs", "2"])
        let rows = try BatchSupport.rows(r)
        #expect(rows.count == 24 && rows.allSatisfy { $0["ok"] as? Bool == true }, "\(r.stdoutText)")
        try Self.signet(["capture", "-o", dir.path("sig.png"), "--timeout", "0.5"], expect: 1)
        try Self.signet(["render", "--no-such-option"], expect: 2)
    }

    /// Pillow (an independent decoder) opens and fully decodes every file.
    static func pillowDecodes(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        let script = """
            import sys
            from PIL import Image
            bad = []
            for p in sys.argv[1:]:
                try:
                    Image.open(p).load()
                except Exception as e:
                    bad.append(f"{p}: {e}")
            print("\\n".join(bad))
            sys.exit(1 if bad else 0)
            """
        let r = try ProcessRunner.run("python3", ["-c", script] + paths)
        #expect(r.status == 0, "Pillow could not decode: \(r.stdoutText) \(r.stderr)")
    }
}

/// Where the release products are, and whether the suite runs (always under SIGNET_REQUIRE_RELEASE=1,
/// where a missing binary fails every case instead of skipping them).
enum ReleaseBinary {
    static let signet = Corpus.packageRoot.appendingPathComponent(".build/release/signet").path
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: signet)
            || ProcessInfo.processInfo.environment["SIGNET_REQUIRE_RELEASE"] == "1"
    }
}
