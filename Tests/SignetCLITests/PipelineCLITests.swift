import Foundation
import SignetTestSupport
import Testing

/// `signet pipeline` run as a real process: strokes → budgeted image → stamp → signature.
@Suite("signet pipeline (process)")
struct PipelineCLITests {
    let pki = TestPKI.shared

    struct Fixture {
        let dir = TemporaryDirectory("pipeline")
        let strokes: String
        let pdf: String

        init() throws {
            strokes = dir.write("sig.json", BatchSupport.strokes(seed: 5, points: 60))
            pdf = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        }

        /// The image XObjects pdfimages lists: (type, width, height) per row.
        func images(_ pdf: String) throws -> [(String, Int, Int)] {
            let list = try ProcessRunner.run("pdfimages", ["-list", pdf])
            return list.stdoutText.split(separator: "\n").dropFirst(2).compactMap { row in
                let f = row.split(separator: " ", omittingEmptySubsequences: true)
                guard f.count > 4, let w = Int(f[3]), let h = Int(f[4]) else { return nil }
                return (String(f[2]), w, h)
            }
        }
    }

    @Test("default: a PNG under the budget stamped on the last page; only the output is written")
    func pngStamp() throws {
        let f = try Fixture()
        let out = f.dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "pipeline", f.strokes, "--pdf", f.pdf, "-o", out, "--max-bytes", "6kB", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let image = try #require(json["image"] as? [String: Any])
        #expect(json["artwork"] as? String == "png" && image["format"] as? String == "png")
        #expect((image["bytes"] as? Int ?? .max) <= 6000 && image["budget"] as? Int == 6000)
        #expect(image["output"] is NSNull, "the image was not written")
        let stamp = try #require(json["stamp"] as? [String: Any])
        #expect((stamp["per_page"] as? [[String: Any]])?.first?["page"] as? Int == 2)
        #expect(json["signature"] is NSNull)
        #expect(try ProcessRunner.run("qpdf", ["--check", out]).status == 0)
        let images = try f.images(out)
        #expect(images.map(\.0).sorted() == ["image", "smask"], "an image with its soft mask: \(images)")
        #expect(images.first?.1 == image["width"] as? Int)
        #expect(f.dir.contents() == ["in.pdf", "out.pdf", "sig.json"], "no image, no scratch file left")
    }

    @Test("--vector stamps paths (no image); --save-image keeps the fitted PNG")
    func vectorAndSavedImage() throws {
        let f = try Fixture()
        let vector = try ProcessRunner.signet([
            "pipeline", f.strokes, "--pdf", f.pdf, "-o", f.dir.path("v.pdf"), "--vector", "--pages", "all", "--json",
        ])
        #expect(vector.status == 0, "\(vector.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vector.stdout)) as? [String: Any])
        #expect(json["artwork"] as? String == "vector" && json["image"] is NSNull)
        #expect((json["stamp"] as? [String: Any])?["pages_stamped"] as? Int == 2)
        #expect(try f.images(f.dir.path("v.pdf")).isEmpty)

        let saved = try ProcessRunner.signet([
            "pipeline", f.strokes, "--pdf", f.pdf, "-o", f.dir.path("i.pdf"), "--save-image", f.dir.path("sig.png"),
        ])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(BatchSupport.isCompletePNG(f.dir.path("sig.png")))
        #expect(saved.stdoutText.hasPrefix("\(f.strokes) → \(f.dir.path("i.pdf")): PNG "))
        #expect(saved.stdoutText.contains("stamped on page 2 of \(f.pdf) (rewritten, +"))
    }

    @Test("with an identity the stamped PDF is signed last; verify, pdfsig and pyHanko accept it")
    func signed() throws {
        let f = try Fixture()
        let out = f.dir.path("signed.pdf")
        let r = try ProcessRunner.signet(
            [
                "pipeline", f.strokes, "--pdf", f.pdf, "-o", out, "--p12", pki.rsaP12, "--password-env", "PASS",
                "--reason", "approved", "--at", "72,72", "--width", "200", "--pades", "--json",
            ],
            environment: ["PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let signature = try #require(json["signature"] as? [String: Any])
        #expect(signature["sub_filter"] as? String == "ETSI.CAdES.detached" && signature["visible"] as? Bool == false)
        #expect(signature["input"] as? String == f.pdf && signature["output"] as? String == out)
        #expect(json["signer"] as? String == "C=BE,O=Signet Tests,CN=Ada Signer")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        let pdfsig = try SignatureCheckers.pdfsig(out)
        #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
        #expect(try f.images(out).count == 2, "the stamp is in the signed revision")
        #expect(f.dir.contents() == ["in.pdf", "sig.json", "signed.pdf"], "the scratch folder is gone")
    }

    @Test(
        "a failing stage leaves nothing behind",
        arguments: [
            (["--width", "2000"], 2, "larger than the page as displayed"),
            (["--max-bytes", "50", "--no-resize"], 1, "cannot fit 50 bytes"),
            (["--key", "/nonexistent.key", "--cert", "/nonexistent.pem"], 2, "/nonexistent.key: cannot open"),
            (["--pages", "7"], 2, "page 7"),
        ])
    func failures(_ extra: [String], _ code: Int32, _ message: String) throws {
        let f = try Fixture()
        let r = try ProcessRunner.signet(
            ["pipeline", f.strokes, "--pdf", f.pdf, "-o", f.dir.path("out.pdf"), "--save-image", f.dir.path("x.png")]
                + extra)
        #expect(r.status == code, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("signet pipeline: ") && r.stderr.contains(message), "\(r.stderr)")
        #expect(f.dir.contents() == ["in.pdf", "sig.json"])
    }

    @Test("an encrypted --pdf: the hint names --pdf-password-env; with it the stamp is written, keeping the encryption")
    func encryptedInput() throws {
        let f = try Fixture()
        let encrypted = f.dir.path("enc.pdf")
        try #require(
            try ProcessRunner.run("qpdf", ["--encrypt", "user-pw", "owner-pw", "256", "--", f.pdf, encrypted]).status
                == 0)
        let out = f.dir.path("out.pdf")
        let refused = try ProcessRunner.signet(["pipeline", f.strokes, "--pdf", encrypted, "-o", out])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "\(encrypted): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR"))
        let stamped = try ProcessRunner.signet(
            ["pipeline", f.strokes, "--pdf", encrypted, "-o", out, "--pdf-password-env", "PDF_PW"],
            environment: ["PDF_PW": "user-pw"])
        #expect(stamped.status == 0, "\(stamped.stderr)")
        let check = try ProcessRunner.run("qpdf", ["--password=user-pw", "--check", out])
        #expect(check.status == 0 && check.stdoutText.contains("R = 6"), "\(check.stdoutText)")
    }

    @Test(
        "usage errors",
        arguments: [
            (
                ["--vector", "--max-bytes", "10kB"],
                "--max-bytes is about the fitted image; --vector stamps the strokes as paths"
            ),
            (["--reason", "x"], "--reason is about the signature; give --p12 FILE or --key FILE --cert FILE to sign"),
            (["--image-format", "gif"], "--image-format must be one of jpeg, png, auto, not 'gif'"),
            (["--scale", "2", "--dpi", "300"], "give --scale or --dpi, not both; see 'signet pipeline --help'."),
        ])
    func usage(_ extra: [String], _ message: String) throws {
        let f = try Fixture()
        let r = try ProcessRunner.signet(["pipeline", f.strokes, "--pdf", f.pdf, "-o", f.dir.path("out.pdf")] + extra)
        #expect(r.status == 2 && r.stderr.contains(message), "\(r.stderr)")
        let missing = try ProcessRunner.signet(["pipeline", f.strokes, "-o", f.dir.path("out.pdf")])
        #expect(missing.status == 2 && missing.stderr.contains("--pdf is required"))
        let same = try ProcessRunner.signet(["pipeline", f.strokes, "--pdf", f.pdf, "-o", f.pdf])
        #expect(same.status == 2 && same.stderr.contains("inputs are never overwritten"))
    }
}
