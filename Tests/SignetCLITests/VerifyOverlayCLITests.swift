import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// `signet verify` and the overlay check (Evil Annotation, Mainka et al. 2021), run as real
/// processes: a stamp annotation added after the signature over the signed text is not permitted,
/// one where `signet stamp` puts it by default is, `--allow-overlays` skips the check and says so,
/// and without `signet-preview` the check fails instead of passing.
@Suite("signet verify: signed content no overlay may hide (process)")
struct VerifyOverlayCLITests {
    let pki = TestPKI.shared
    var environment: [String: String] {
        ["PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    }

    /// A one-page PDF ("Signet test page 1" at 72, 700, the page turned by `rotation`) signed by
    /// the CLI, then stamped by `signet stamp` with `placement`: with the test stamp (opaque red,
    /// blue and magenta parts), or with an opaque red square when `red`.
    func stamped(
        _ name: String, rotation: Int = 0, red: Bool = false, placement: [String]
    ) throws -> (dir: TemporaryDirectory, pdf: String) {
        let dir = TemporaryDirectory(name)
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [rotation])
        let signed = dir.path("signed.pdf")
        let s = try ProcessRunner.signet(
            ["sign", input, "-o", signed, "--p12", pki.rsaP12, "--password-env", "PASS"], environment: environment)
        try #require(s.status == 0, "\(s.stderr)")
        let image =
            red
            ? try PNGEncoder.encode(Bitmap(width: 64, height: 64, fill: Color(red: 1, green: 0, blue: 0)))
            : TestStamp.png()
        let stamp = dir.write("stamp.png", bytes: image)
        let out = dir.path("out.pdf")
        let r = try ProcessRunner.signet(["stamp", signed, "-o", out, "--image", stamp] + placement)
        try #require(r.status == 0, "\(r.stderr)")
        return (dir, out)
    }

    /// The `overlay_check` of a `--json` report.
    func overlayCheck(_ r: ProcessResult) throws -> String? {
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any]
        return json?["overlay_check"] as? String
    }

    @Test("a stamp over the signed text: not permitted, named, exit 3; --allow-overlays skips it and says so")
    func stampOverSignedText() throws {
        let f = try stamped("cli-verify-overlay", placement: ["--at", "60,60", "--over-signed-content"])
        let r = try ProcessRunner.signet(["verify", "--no-trust", f.pdf])
        #expect(r.status == 3, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("NOT PERMITTED"), "\(r.stdoutText)")
        #expect(
            r.stdoutText.contains("[other]: the Stamp annotation added on page 1 covers signed content at ["),
            "\(r.stdoutText)")
        #expect(r.stderr.contains("covers signed content"), "\(r.stderr)")
        let json = try ProcessRunner.signet(["verify", "--no-trust", "--json", f.pdf])
        #expect(try overlayCheck(json) == "done")
        let skipped = try ProcessRunner.signet(["verify", "--no-trust", "--allow-overlays", f.pdf])
        #expect(skipped.status == 0, "\(skipped.stdoutText)\(skipped.stderr)")
        #expect(
            skipped.stdoutText.contains(
                "note: annotations and signature widgets added after it were not compared with the page as signed, as asked"
            ), "\(skipped.stdoutText)")
        let skippedJSON = try ProcessRunner.signet(["verify", "--no-trust", "--allow-overlays", "--json", f.pdf])
        #expect(try overlayCheck(skippedJSON) == "skipped")
    }

    @Test("a stamp where signet stamp puts it (blank space, bottom right): permitted, exit 0, check done")
    func stampInBlankSpace() throws {
        let f = try stamped("cli-verify-overlay-blank", placement: [])
        let r = try ProcessRunner.signet(["verify", "--no-trust", "--json", f.pdf])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(try overlayCheck(r) == "done")
    }

    /// The text's box (user space x 72–300, y 695–725 on a 612×792 page) as displayed after
    /// `rotation`: `--at X,Y --size WxH`, top-left origin.
    static func textBox(rotation: Int) -> [String] {
        switch rotation {
        case 90: return ["--at", "695,72", "--size", "30x228"]
        case 180: return ["--at", "312,695", "--size", "228x30"]
        case 270: return ["--at", "67,312", "--size", "30x228"]
        default: return ["--at", "72,67", "--size", "228x30"]
        }
    }

    @Test(
        "the annotation's rectangle is found on turned pages: over the text rejected, in the middle accepted",
        arguments: [0, 90, 180, 270])
    func turnedPages(rotation: Int) throws {
        let over = try stamped(
            "cli-verify-overlay-\(rotation)", rotation: rotation, red: true,
            placement: Self.textBox(rotation: rotation) + ["--over-signed-content"])
        let r = try ProcessRunner.signet(["verify", "--no-trust", over.pdf])
        #expect(r.status == 3, "/Rotate \(rotation): \(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("covers signed content at ["), "/Rotate \(rotation): \(r.stdoutText)")
        let middle = ["--at", "50,50", "--units", "%", "--anchor", "center", "--size", "10x10"]
        let blank = try stamped(
            "cli-verify-overlay-blank-\(rotation)", rotation: rotation, red: true, placement: middle)
        let b = try ProcessRunner.signet(["verify", "--no-trust", blank.pdf])
        #expect(b.status == 0, "/Rotate \(rotation): \(b.stdoutText)\(b.stderr)")
    }

    @Test("signet preview --region draws exactly those pixels of the page image; --end draws the signed revision")
    func regionAndEnd() throws {
        let f = try stamped("cli-verify-overlay-region", placement: ["--at", "60,60", "--over-signed-content"])
        func render(_ extra: [String]) throws -> Bitmap {
            let r = try ProcessRunner.signet(["preview", f.pdf, "--dpi", "144", "-o", "-"] + extra)
            try #require(r.status == 0, "\(r.stderr)")
            return try PNGDecoder.decode(r.stdout)
        }
        let page = try render([])
        let region = try render(["--region", "100,110,300,90"])
        #expect(region.width == 300 && region.height == 90)
        var same = true
        for y in 0..<90 {
            let a = ((110 + y) * page.width + 100) * 4, b = y * 300 * 4
            same = same && page.pixels[a..<(a + 1200)] == region.pixels[b..<(b + 1200)]
        }
        #expect(same, "the region differs from the same pixels of the whole page")
        let signedEnd = try Data(contentsOf: URL(fileURLWithPath: f.dir.path("signed.pdf"))).count
        let signed = try render(["--region", "100,110,300,90", "--end", String(signedEnd)])
        #expect(signed.pixels != region.pixels, "the signed revision shows no stamp")
        let past = try ProcessRunner.signet(["preview", f.pdf, "-o", "-", "--end", "999999999"])
        #expect(past.status == 2 && past.stderr.contains("is not inside the file"), "\(past.stderr)")
    }

    @Test("without signet-preview beside signet or on PATH: the check fails, the signature is invalid, exit 3")
    func rendererMissing() throws {
        let f = try stamped("cli-verify-overlay-missing", placement: [])
        let lonely = f.dir.path("signet")
        try FileManager.default.copyItem(atPath: ProcessRunner.signet, toPath: lonely)
        let r = try ProcessRunner.run(lonely, ["verify", "--no-trust", f.pdf], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 3, "\(r.stdoutText)\(r.stderr)")
        #expect(
            r.stdoutText.contains(
                "problem: whether the annotations added after it hide signed content could not be checked: signet-preview is not installed next to signet"
            ), "\(r.stdoutText)")
    }
}
