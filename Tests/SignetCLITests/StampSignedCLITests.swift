import Foundation
import SignetTestSupport
import Testing

/// `signet stamp` and `signet pipeline` on signed and certified PDFs, run as real processes:
/// annotations on signed inputs, refusals on certified ones, `--as-annotation` on any input.
@Suite("signet stamp on signed PDFs (process)")
struct StampSignedCLITests {
    let pki = TestPKI.shared
    var environment: [String: String] {
        ["PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    }

    /// A two-page PDF signed by the CLI (certified with P=2 when `certify`), and the test stamp.
    func fixture(
        _ name: String, certify: Bool = false
    ) throws -> (dir: TemporaryDirectory, signed: String, stamp: String) {
        let dir = TemporaryDirectory(name)
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        let signed = dir.path("signed.pdf")
        let r = try ProcessRunner.signet(
            ["sign", input, "-o", signed, "--p12", pki.rsaP12, "--password-env", "PASS"]
                + (certify ? ["--certify"] : []),
            environment: environment)
        try #require(r.status == 0, "\(r.stderr)")
        return (dir, signed, dir.write("stamp.png", bytes: TestStamp.png()))
    }

    func json(_ r: ProcessResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(r.stdoutText) \(r.stderr)")
    }

    @Test("a signed input is stamped with an annotation, chosen automatically and reported")
    func signedInput() throws {
        let f = try fixture("cli-stamp-signed")
        let out = f.dir.path("out.pdf")
        let r = try ProcessRunner.signet(["stamp", f.signed, "-o", out, "--image", f.stamp])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdoutText.contains("(as a Stamp annotation, appended as an incremental update, +"), "\(r.stdoutText)")
        #expect(try SignatureCheckers.pdfsig(out).map(\.validation) == ["Signature is Valid."])
    }

    @Test("a P=2 certified input: exit 2 with the certification level and the way out; --break-signatures stamps it")
    func certifiedInput() throws {
        let f = try fixture("cli-stamp-certified", certify: true)
        let out = f.dir.path("out.pdf")
        let refused = try ProcessRunner.signet(["stamp", f.signed, "-o", out, "--image", f.stamp])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "certified with DocMDP P=2 (only form filling and signing allowed), so a stamp would break the certification; add --break-signatures"
            ),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let forced = try ProcessRunner.signet([
            "stamp", f.signed, "-o", out, "--image", f.stamp, "--break-signatures", "--json",
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        let report = try json(forced)
        #expect(report["form"] as? String == "annotation" && report["mode"] as? String == "incremental")
    }

    @Test("--as-annotation on an unsigned input gives an annotation, page content untouched")
    func unsignedAsAnnotation() throws {
        let dir = TemporaryDirectory("cli-stamp-as-annotation")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("out.pdf")
        let r = try ProcessRunner.signet(["stamp", input, "-o", out, "--image", stamp, "--as-annotation", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try json(r)
        #expect(report["form"] as? String == "annotation" && report["mode"] as? String == "rewrite")
        #expect(try StampLocator.locate(pdf: out, page: 1, hideAnnotations: true) == nil, "nothing in the page content")
        #expect(try StampLocator.locate(pdf: out, page: 1) != nil, "the annotation shows the stamp")
        let plain = try ProcessRunner.signet(["stamp", input, "-o", dir.path("plain.pdf"), "--image", stamp, "--json"])
        #expect(try json(plain)["form"] as? String == "content")
    }

    /// pdfsig, pyHanko (trusting the test root) and `signet verify` find `signatures` signatures in
    /// `path`, all intact and valid, the changes after each earlier one no more than signing and
    /// form filling in pyHanko's default difference analysis.
    static func expectIntactEverywhere(_ path: String, signatures: Int) throws {
        let pdfsig = try SignatureCheckers.pdfsig(path)
        #expect(pdfsig.map(\.validation) == Array(repeating: "Signature is Valid.", count: signatures), "pdfsig")
        let verify = try ProcessRunner.signet(["verify", path, "--ca", TestPKI.shared.rootCert])
        #expect(verify.status == 0, "signet verify: \(verify.stdoutText) \(verify.stderr)")
        guard SignatureCheckers.hasPyhanko else {
            Issue.record("pyhanko is not installed (make test installs it): its judgement was not checked")
            return
        }
        let report = try SignatureCheckers.pyhanko(path, trust: TestPKI.shared.rootCert)
        let sections = SignatureCheckers.pyhankoSections(report.stdoutText)
        #expect(sections.count == signatures, "pyHanko's signatures: \(report.stdoutText) \(report.stderr)")
        for (i, section) in sections.enumerated() {
            #expect(
                section.text.contains("The signature is judged VALID."), "pyHanko on \(section.field): \(section.text)")
            if i < sections.count - 1 {
                #expect(
                    section.text.contains(SignatureCheckers.pyhankoFormFilling),
                    "pyHanko's modification level of \(section.field): \(section.text)")
            }
        }
    }

    @Test("pipeline on a signed input: one more revision, the stamp shown by the new signature's widget")
    func pipelineOnSigned() throws {
        let f = try fixture("cli-pipeline-signed")
        let strokes = f.dir.write("sig.json", BatchSupport.strokes(seed: 5, points: 60))
        let out = f.dir.path("out.pdf")
        let r = try ProcessRunner.signet(
            [
                "pipeline", strokes, "--pdf", f.signed, "-o", out, "--p12", pki.rsaP12, "--password-env", "PASS",
                "--json",
            ],
            environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        let stamp = try #require(try json(r)["stamp"] as? [String: Any])
        #expect(stamp["form"] as? String == "signature" && stamp["mode"] as? String == "incremental")
        let signature = try #require(try json(r)["signature"] as? [String: Any], "\(r.stdoutText)")
        #expect(signature["visible"] as? Bool == true, "\(signature)")
        func revisions(_ path: String) throws -> Int {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            return text.components(separatedBy: "%%EOF").count - 1
        }
        #expect(try revisions(out) == revisions(f.signed) + 1, "stamp and signature share one incremental update")
        #expect(try SignatureCheckers.pdfsig(out).map(\.totalDocumentSigned) == [false, true])
        try Self.expectIntactEverywhere(out, signatures: 2)
        let rewrite = try ProcessRunner.signet(
            [
                "pipeline", strokes, "--pdf", f.signed, "-o", f.dir.path("never.pdf"), "--p12", pki.rsaP12,
                "--password-env", "PASS", "--rewrite",
            ],
            environment: environment)
        #expect(rewrite.status == 2 && rewrite.stderr.contains("--rewrite cannot go with signing"), "\(rewrite.stderr)")
    }
}
