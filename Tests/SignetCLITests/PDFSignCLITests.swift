import Foundation
import SignetCore
import SignetTestSupport
import Testing

/// `signet sign IN.pdf -o OUT.pdf` and `signet verify IN.pdf` run as real processes.
@Suite("CLI: embedded PDF signatures")
struct PDFSignCLITests {
    let pki = TestPKI.shared
    var identity: [String] { ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain] }

    @Test(
        "visible signature on /Rotate 0/90/180/270 pages lands upright in the requested rectangle",
        arguments: [1, 2, 3, 4])
    func rotatedPages(page: Int) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90, 180, 270])
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            [
                "sign", input, "-o", out, "--image", png, "--page", "\(page)", "--at", "72,100", "--size", "150x50",
                "--no-text",
                "--json",
            ] + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let location = try #require(try StampLocator.locate(pdf: out, page: page))
        let expected = Rect(x: 72, y: 100, width: 150, height: 50)
        #expect(location.isUpright(at: expected, tolerance: 1), "page \(page): \(location)")
        let pdfsig = try SignatureCheckers.pdfsig(out)
        #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let signature = try #require(json["signature"] as? [String: Any])
        #expect(signature["visible"] as? Bool == true && signature["page"] as? Int == page)
    }

    @Test(
        "strokes as a vector appearance; an existing empty field is filled",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func strokesIntoField() throws {
        let dir = TemporaryDirectory()
        let input = Corpus.path("pdfs/pyhanko/minimal-two-fields.pdf")
        let out = dir.path("signed.pdf")
        let strokes = Corpus.path("strokes/svc2004/U1S1.TXT")
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--strokes", strokes, "--field", "Sig2"] + identity)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("field Sig2"))
        let location = try StampLocator.locate(pdf: out, page: 1, baseline: input)
        #expect(location != nil, "the strokes show on the page")
        #expect(try SignatureCheckers.pdfsig(out).filter { $0.validation == "Signature is Valid." }.count == 1)
        let again = try ProcessRunner.signet(["sign", out, "-o", dir.path("again.pdf"), "--field", "Sig2"] + identity)
        #expect(again.status == 2 && again.stderr.contains("field 'Sig2' is already signed"))
        let missing = try ProcessRunner.signet(["sign", input, "-o", dir.path("x.pdf"), "--field", "Nope"] + identity)
        #expect(missing.status == 2 && missing.stderr.contains("its signature fields are Sig1, Sig2"))
    }

    @Test("standard input: a PDF to sign, a PDF to verify, and content for a detached signature")
    func standardInput() throws {
        let dir = TemporaryDirectory()
        let pdf = TestPDF.bytes()
        let out = dir.path("signed.pdf")
        let signed = try ProcessRunner.signet(["sign", "-", "-o", out] + identity, stdin: pdf)
        #expect(signed.status == 0 && signed.stdoutText.hasPrefix("signed standard input → "), "\(signed.stderr)")
        let verified = try ProcessRunner.signet(
            ["verify", "-", "--ca", pki.rootCert], stdin: Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(verified.status == 0, "\(verified.stdoutText)")
        let p7s = dir.path("text.p7s")
        #expect(
            try ProcessRunner.signet(["sign", "-", "--detached", p7s] + identity, stdin: Array("hello\n".utf8)).status
                == 0)
        #expect(
            try ProcessRunner.signet(["verify", "-", "--p7s", p7s, "--ca", pki.rootCert], stdin: Array("hello\n".utf8))
                .status == 0)
        #expect(try ProcessRunner.signet(["verify", "-", "--p7s", p7s], stdin: Array("hullo\n".utf8)).status == 3)
        let both = try ProcessRunner.signet(
            ["sign", "-", "-o", out, "--p12", pki.rsaP12, "--password-stdin"], stdin: pdf)
        #expect(both.status == 2 && both.stderr.contains("cannot carry both"))
    }

    @Test("bad PDF inputs: exit 2, one sentence, no output, input untouched")
    func badInputs() throws {
        let dir = TemporaryDirectory()
        let good = try TestPDF.write(to: dir.path("good.pdf"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let truncated = dir.write("truncated.pdf", bytes: Array(bytes.prefix(bytes.count / 2)))
        let notPDF = dir.write("notes.txt", "just text\n")
        var cases: [([String], String)] = [
            (["sign", truncated, "-o", dir.path("o1.pdf")] + identity, "truncated"),
            (["sign", notPDF, "-o", dir.path("o2.pdf")] + identity, "not a PDF"),
            (["sign", good, "-o", "-"] + identity, "must be written to a file"),
            (["sign", good] + identity, "give -o OUT.pdf"),
            (["sign", good, "-o", dir.path("o3.pdf"), "--reserve", "600"] + identity, "only 600 are reserved"),
            (["sign", good, "-o", dir.path("o4.pdf"), "--page", "2"] + identity, "--pages places a visible signature"),
            (["sign", good, "-o", dir.path("o5.pdf"), "--image", notPDF] + identity, notPDF),
            (["verify", notPDF], "not a PDF"),
            (["verify", truncated], "truncated"),
        ]
        if Corpus.isAvailable {
            cases.append(
                (
                    ["sign", Corpus.path("pdfs/qpdf/enc-R3,V2,U=view,O=master.pdf"), "-o", dir.path("o6.pdf")]
                        + identity, "is encrypted"
                ))
            // pdf.js's empty_protected.pdf (empty user password) is signed in place now: EncryptedInPlaceTests.
            // A damaged unsigned file is signed as a repaired copy: DamagedRepairCLITests.
        }
        for (arguments, expected) in cases {
            let result = try ProcessRunner.signet(arguments)
            #expect(CLIRefusal.problems(result, command: arguments[0], message: expected) == [], "\(arguments)")
        }
        #expect(byteDifference(try Data(contentsOf: URL(fileURLWithPath: good)), bytes) == nil)
        #expect(dir.contents() == ["good.pdf", "notes.txt", "truncated.pdf"])
    }

    @Test("verify: bytes left uncovered are reported, not called valid; a flipped byte and an unsigned PDF exit 3")
    func uncoveredBytes() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        #expect(try ProcessRunner.signet(["sign", input, "-o", out] + identity).status == 0)
        // Append bytes that are not a revision: the signature no longer covers the whole file.
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        bytes += Array("% trailing junk appended after signing\n".utf8)
        let appended = dir.write("appended.pdf", bytes: bytes)
        let result = try ProcessRunner.signet(["verify", appended, "--json"])
        #expect(result.status == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let first = try #require((json["signatures"] as? [[String: Any]])?.first)
        #expect(first["coverage"] as? String == "partial")
        #expect(first["valid"] as? Bool == false)
        #expect((first["problems"] as? [String])?.first?.contains("unsigned") == true)
        // One byte flipped inside the signed range: digest mismatch, exit 3, pdfsig agrees.
        var flipped = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        let text = try #require(flipped.firstRange(of: Array("Signet test page".utf8)))
        flipped[text.lowerBound] ^= 0x01  // "Signet" → "Rignet": the page text, still a readable PDF
        let tampered = dir.write("tampered.pdf", bytes: flipped)
        let changed = try ProcessRunner.signet(["verify", tampered])
        #expect(changed.status == 3 && changed.stdoutText.contains("integrity BROKEN"))
        #expect(try SignatureCheckers.pdfsig(tampered).first?.validation != "Signature is Valid.")
        // Nothing to verify is bad input (exit 2), and under --json still one object that says so.
        let unsigned = try ProcessRunner.signet(["verify", input])
        #expect(unsigned.status == 2 && unsigned.stderr.contains("contains no signatures"), "\(unsigned.stderr)")
        let unsignedJSON = try ProcessRunner.signet(["verify", input, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(unsignedJSON.stdout)) as? [String: Any],
            "\(unsignedJSON.stdout)")
        #expect(unsignedJSON.status == 2 && object["signed"] as? Bool == false && object["valid"] as? Bool == false)
        #expect((object["signatures"] as? [Any])?.isEmpty == true && object["input"] as? String == input)
    }

    @Test(
        "sign, then replace the page content in an update: verify exits 3 and names the change; a second signature is permitted"
    )
    func laterChanges() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        #expect(try ProcessRunner.signet(["sign", input, "-o", signed] + identity).status == 0)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: signed)))
        let page = try #require(
            String(decoding: bytes, as: UTF8.self).matches(#"(\d+) 0 obj\s*<<\s*/Type /Page\b"#).first)
        let text = String(decoding: bytes, as: UTF8.self)
        // The page's /Contents object: replace it with other text, redefining the same number.
        let contents = try #require(text.matches(#"/Contents (\d+) 0 R"#).first)
        let attack = IncrementalUpdate.append(
            to: bytes, objects: [Int(contents)!: IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 9999) Tj ET")])
        let changed = dir.write("changed.pdf", bytes: attack)
        let result = try ProcessRunner.signet(["verify", changed, "--ca", pki.rootCert, "--json"])
        #expect(result.status == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let first = try #require((json["signatures"] as? [[String: Any]])?.first)
        #expect(first["coverage"] as? String == "earlier-revision")
        #expect(first["integrity"] as? String == "ok")
        #expect(first["modification_level"] as? String == "other")
        #expect(first["permitted"] as? Bool == false)
        let whats = (first["changes"] as? [[String: Any]] ?? []).compactMap { $0["what"] as? String }
        #expect(whats.contains("page 1 content stream replaced (object \(contents))"), "\(whats) (page object \(page))")
        let human = try ProcessRunner.signet(["verify", changed, "--ca", pki.rootCert])
        #expect(human.stderr.contains("content stream replaced"), "\(human.stderr)")
        // A second signature alone is a permitted change.
        let twice = dir.path("twice.pdf")
        #expect(try ProcessRunner.signet(["sign", signed, "-o", twice] + identity).status == 0)
        let second = try ProcessRunner.signet(["verify", twice, "--ca", pki.rootCert])
        #expect(second.status == 0, "\(second.stdoutText)")
        #expect(second.stdoutText.contains("form-filling, permitted"))
    }
}
