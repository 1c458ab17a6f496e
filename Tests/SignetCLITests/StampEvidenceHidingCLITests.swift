import Foundation
import SignetTestSupport
import Testing

/// Evidence sealed on a page stamp (`pipeline --evidence-for`), then hidden by a later update that
/// leaves the stamp's form and its drawing stream as they were: the appearance digest still
/// matches, but the page no longer shows what was sealed. `verify` must not call it "bound to …
/// the appearance shown", and `evidence extract` must refuse it.
@Suite("Sealed evidence on a page stamp, hidden after signing (process)")
struct StampEvidenceHidingCLITests {
    let pki = TestPKI.shared

    /// The page's object number, the trailer's /Size, and page 1's dictionary rewritten by `edit`
    /// (a Python expression over `t`, the dictionary's text, and `n`, the first free number).
    func page(of pdf: String, edit: String) throws -> (number: Int, size: Int, text: String) {
        let script = """
            import sys, re, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            page = pdf.pages[0].obj
            n = int(pdf.trailer.Size)
            t = bytes(page.unparse(resolved=True)).decode('latin-1')
            t = \(edit)
            print(page.objgen[0]); print(n); print(t)
            """
        let run = try ProcessRunner.run("python3", ["-c", script, pdf])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutText.split(separator: "\n", maxSplits: 2).map(String.init)
        try #require(lines.count == 3, "pikepdf printed \(run.stdoutText)")
        return (Int(lines[0]) ?? 0, Int(lines[1]) ?? 0, lines[2])
    }

    /// A PDF signed by `binary`'s pipeline, its evidence sealed on the stamp for the RSA examiner and bound.
    func pipeline(_ binary: String, in dir: TemporaryDirectory) throws -> String {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        let run = try ProcessRunner.run(
            binary,
            [
                "pipeline", SealedEvidenceCLITests.pad, "--pdf", input, "-o", signed, "--key", pki.rsaKey, "--cert",
                pki.rsaCert, "--chain", pki.chain, "--evidence-for", pki.rsaCert,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        try SealedEvidenceCLITests.expectBound(binary, signed, signatures: 1)
        return signed
    }

    /// Checks that `binary` neither calls the evidence of `pdf` bound nor extracts it.
    func expectRefused(_ binary: String, _ pdf: String, because change: String, in dir: TemporaryDirectory) throws {
        let verify = try ProcessRunner.run(binary, ["verify", pdf, "--ca", pki.rootCert])
        #expect(!verify.stdoutText.contains("bound to this revision"), "\(verify.stdoutText)")
        #expect(
            verify.stdoutText.contains("not bound to what this signature shows: a later update changed what shows it")
                && verify.stdoutText.contains(change), "\(verify.stdoutText)")
        let extract = try ProcessRunner.run(
            binary,
            ["evidence", "extract", pdf, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", dir.path("case-\(change)/")]
        )
        #expect(extract.status == 3, "\(extract.stdoutText) \(extract.stderr)")
        #expect(extract.stderr.contains("not bound"), "\(extract.stderr)")
    }

    @Test(
        "a clip before the page's content, a crop box: not bound, not extracted",
        arguments: VocabularyCLITests.binaries)
    func hiddenByPage(binary: String) throws {
        let dir = TemporaryDirectory("signet-stamp-evidence-hidden")
        let signed = try pipeline(binary, in: dir)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: signed)))

        // A stream drawn before everything else, clipping the page to one point.
        let clip = try page(of: signed, edit: #"re.sub(r'/Contents \[', '/Contents [ %d 0 R ' % n, t)"#)
        let clipped = dir.write(
            "clipped.pdf",
            bytes: IncrementalUpdate.append(
                to: bytes,
                objects: [clip.size: IncrementalUpdate.stream("0 0 1 1 re W n"), clip.number: clip.text]))
        try expectRefused(binary, clipped, because: "page 1 content changed", in: dir)

        // The page cropped to its upper half, away from the stamp at the bottom.
        let crop = try page(of: signed, edit: #"t[:-2] + ' /CropBox [0 500 612 792] >>'"#)
        let cropped = dir.write(
            "cropped.pdf", bytes: IncrementalUpdate.append(to: bytes, objects: [crop.number: crop.text]))
        try expectRefused(binary, cropped, because: "page 1 /CropBox changed", in: dir)
    }

    @Test(
        "a white annotation added over the stamp: not bound (the overlay check)", arguments: VocabularyCLITests.binaries
    )
    func hiddenByAnnotation(binary: String) throws {
        if let missing = CaptureSigner.previewMissing(beside: binary) { return print(missing) }
        let dir = TemporaryDirectory("signet-stamp-evidence-covered")
        let signed = try pipeline(binary, in: dir)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: signed)))
        let square = try page(
            of: signed,
            edit:
                #"re.sub(r'/Annots \[', '/Annots [ %d 0 R ' % n, t) if '/Annots [' in t else t[:-2] + ' /Annots [ %d 0 R ] >>' % n"#
        )
        let (n, box) = (square.size, "[0 0 612 792]")
        let covered = dir.write(
            "covered.pdf",
            bytes: IncrementalUpdate.append(
                to: bytes,
                objects: [
                    square.number: square.text,
                    n:
                        "<< /Type /Annot /Subtype /Square /Rect \(box) /C [1 1 1] /IC [1 1 1] /F 4 /AP << /N \(n + 1) 0 R >> >>",
                    n + 1: IncrementalUpdate.stream(
                        "1 1 1 rg 0 0 612 792 re f", dictionary: "/Type /XObject /Subtype /Form /BBox \(box) "),
                ]))
        let verify = try ProcessRunner.run(binary, ["verify", covered, "--ca", pki.rootCert])
        #expect(!verify.stdoutText.contains("bound to this revision"), "\(verify.stdoutText)")
        #expect(
            verify.stdoutText.contains("a later update changed what shows it: the Square annotation added on page 1"),
            "\(verify.stdoutText)")
    }
}
