import Foundation
import SignetCodecs
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

/// Placement that respects what is on the page, run as real processes (the debug build, and the
/// release build when there is one): on a contract signed here by `signet sign`, a stamp or a
/// visible signature over the signed text is refused before anything is written, unless
/// `--over-signed-content` asks for it; one in a blank area is written and `verify` and pdfsig
/// call it valid; `--at auto` finds the free area near the corner; a stamp under an opaque widget
/// is written with a warning that advises `--as-annotation`.
@Suite("Placement: judged before writing, --at auto, hidden stamps (process)")
struct PlacementCLITests {
    let pki = TestPKI.shared

    /// A `signet` program under test.
    struct Binary: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var testDescription: String { name }
    }

    /// The debug build, and the release build when one was made (`make test` makes it).
    static let binaries: [Binary] =
        [Binary(name: "debug", path: ProcessRunner.signet)]
        + (ReleaseBinary.available ? [Binary(name: "release", path: ReleaseBinary.signet)] : [])

    /// The text box of `TestPDF`'s page ("Signet test page 1", 24 pt at 72, 700): `--at`/`--size`
    /// that cover it, from the top-left of the page as displayed.
    static let overText = ["--at", "60,60", "--size", "250x40"]
    /// The text's bounds in user space, a little generous: [x0 y0 x1 y1].
    static let textBox = Rect(x: 70, y: 693, width: 240, height: 30)

    /// One test's folder: the contract, signed by `signet sign`, and an opaque red stamp image.
    struct Contract {
        let dir: TemporaryDirectory
        let binary: Binary
        let signed: String
        let stamp: String
        let environment: [String: String]

        init(_ label: String, _ binary: Binary, pki: TestPKI, pdf: [UInt8]? = nil) throws {
            let dir = TemporaryDirectory("placement-\(label)-\(binary.name)")
            self.dir = dir
            self.binary = binary
            environment = ["PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
            let input =
                try pdf.map { dir.write("contract.pdf", bytes: $0) } ?? TestPDF.write(to: dir.path("contract.pdf"))
            signed = dir.path("signed.pdf")
            stamp = dir.write(
                "red.png",
                bytes: try PNGEncoder.encode(Bitmap(width: 64, height: 64, fill: Color(red: 1, green: 0, blue: 0))))
            let s = try run(["sign", input, "-o", signed, "--p12", pki.rsaP12, "--password-env", "PASS"])
            try #require(s.status == 0, "signet sign: \(s.stderr)")
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try ProcessRunner.run(binary.path, arguments, environment: environment)
        }

        /// `signet verify --no-trust` of `pdf`.
        func verify(_ pdf: String) throws -> ProcessResult { try run(["verify", "--no-trust", pdf]) }

        func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map(Array.init) ?? [] }
    }

    /// The stamp's `rect_user_space` from `signet stamp --json` (or a pipeline's `stamp`).
    static func stampRect(_ json: [String: Any]) throws -> Rect {
        let page = try #require((json["per_page"] as? [[String: Any]])?.first)
        let r = try #require(page["rect_user_space"] as? [Double])
        return Rect(x: r[0], y: r[1], width: r[2] - r[0], height: r[3] - r[1])
    }

    static func json(_ r: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(r.stdoutText)")
    }

    @Test(
        "over the signed text: stamp, sign --image and pipeline refuse in one sentence, write nothing, keep the input",
        arguments: binaries)
    func refused(_ binary: Binary) throws {
        let c = try Contract("refused", binary, pki: pki)
        let before = c.bytes(c.signed)
        let out = c.dir.path("out.pdf")
        let stamp = try c.run(["stamp", c.signed, "-o", out, "--image", c.stamp] + Self.overText)
        #expect(stamp.status == 2, "exit \(stamp.status): \(stamp.stderr)")
        let lines = stamp.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(stamp.stderr)")
        for part in [
            "signet stamp: page 1 of \(c.signed): the stamp at [60 692 310 732]",
            "signature 1 (field Signature1)", "--at auto", "add --over-signed-content",
        ] {
            #expect(stamp.stderr.contains(part), "\(part) in: \(stamp.stderr)")
        }
        let sign = try c.run(
            ["sign", c.signed, "-o", out, "--p12", pki.rsaP12, "--password-env", "PASS", "--image", c.stamp]
                + Self.overText)
        #expect(sign.status == 2, "exit \(sign.status): \(sign.stderr)")
        #expect(
            sign.stderr.contains("the signature's appearance at [")
                && sign.stderr.contains("signature 1 (field Signature1)"),
            "\(sign.stderr)")
        let strokes = c.dir.write("sig.json", BatchSupport.strokes(seed: 3, points: 40))
        // An opaque background: strokes alone over black text would change no signed ink pixel.
        let opaque = ["--background", "yellow"]
        let pipeline = try c.run(["pipeline", strokes, "--pdf", c.signed, "-o", out] + opaque + Self.overText)
        #expect(pipeline.status == 2 && pipeline.stderr.contains("would hide content"), "\(pipeline.stderr)")
        let signedPipeline = try c.run(
            ["pipeline", strokes, "--pdf", c.signed, "-o", out, "--p12", pki.rsaP12, "--password-env", "PASS"] + opaque
                + Self.overText)
        #expect(
            signedPipeline.status == 2 && signedPipeline.stderr.contains("would hide content"),
            "\(signedPipeline.stderr)")
        #expect(c.bytes(c.signed) == before, "the input is unchanged")
        #expect(
            c.dir.contents() == ["contract.pdf", "red.png", "sig.json", "signed.pdf"],
            "nothing written: \(c.dir.contents())")
    }

    @Test(
        "over the signed text with --over-signed-content: written as asked, and verify says INVALID",
        arguments: binaries)
    func writtenWhenAsked(_ binary: Binary) throws {
        let c = try Contract("asked", binary, pki: pki)
        let stamped = c.dir.path("stamped.pdf")
        let stamp = try c.run(
            ["stamp", c.signed, "-o", stamped, "--image", c.stamp, "--over-signed-content"] + Self.overText)
        #expect(stamp.status == 0, "\(stamp.stderr)")
        let v = try c.verify(stamped)
        #expect(v.status == 3, "\(v.stdoutText)\(v.stderr)")
        #expect(
            v.stdoutText.contains("the Stamp annotation added on page 1 covers signed content at ["), "\(v.stdoutText)")
        let visible = c.dir.path("visible.pdf")
        let sign = try c.run(
            [
                "sign", c.signed, "-o", visible, "--p12", pki.rsaP12, "--password-env", "PASS", "--image", c.stamp,
                "--over-signed-content",
            ] + Self.overText)
        #expect(sign.status == 0, "\(sign.stderr)")
        let w = try c.verify(visible)
        #expect(w.status == 3 && w.stdoutText.contains("covers signed content"), "\(w.stdoutText)\(w.stderr)")
    }

    @Test("in a blank area: written, and verify and pdfsig find every signature valid", arguments: binaries)
    func blankArea(_ binary: Binary) throws {
        let c = try Contract("blank", binary, pki: pki)
        let stamped = c.dir.path("stamped.pdf")
        let stamp = try c.run(["stamp", c.signed, "-o", stamped, "--image", c.stamp])
        #expect(stamp.status == 0, "\(stamp.stderr)")
        let v = try c.verify(stamped)
        #expect(v.status == 0 && v.stdoutText.contains("VALID"), "\(v.stdoutText)\(v.stderr)")
        #expect(try PopplerSignatures.signatures(stamped).map(\.isValid) == [true])
        let countersigned = c.dir.path("countersigned.pdf")
        let sign = try c.run(
            [
                "sign", stamped, "-o", countersigned, "--p12", pki.rsaP12, "--password-env", "PASS", "--image", c.stamp,
                "--at", "50,50", "--units", "%", "--anchor", "center", "--size", "10x5",
            ])
        #expect(sign.status == 0, "\(sign.stderr)")
        let w = try c.verify(countersigned)
        #expect(w.status == 0, "\(w.stdoutText)\(w.stderr)")
        #expect(try PopplerSignatures.signatures(countersigned).map(\.isValid) == [true, true])
    }

    @Test("without signet-preview a stamp on a signed input cannot be judged: refused, unless --over-signed-content")
    func notJudged() throws {
        let c = try Contract("unjudged", Self.binaries[0], pki: pki)
        let lonely = c.dir.path("signet")
        // Copied by `cp`, not in this process: a child another test spawns meanwhile would inherit
        // the copy's write descriptor, and running the copy would then fail with "Text file busy".
        let copied = try ProcessRunner.run("cp", [c.binary.path, lonely])
        #expect(copied.status == 0, "\(copied.stderr)")
        let out = c.dir.path("out.pdf")
        let r = try ProcessRunner.run(
            lonely, ["stamp", c.signed, "-o", out, "--image", c.stamp], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "signet stamp: \(c.signed): whether the stamp would hide signed content could not be judged (signet-preview is not installed next to signet"
            ) && r.stderr.hasSuffix("add --over-signed-content to write it unjudged.\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let asked = try ProcessRunner.run(
            lonely, ["stamp", c.signed, "-o", out, "--image", c.stamp, "--over-signed-content"],
            environment: ["PATH": "/nonexistent"])
        #expect(asked.status == 0 && FileManager.default.fileExists(atPath: out), "\(asked.stderr)")
    }

    @Test(
        "capture --pdf: Done over the signed text is answered with the refusal and nothing is written; --over-signed-content takes it",
        arguments: binaries)
    func capture(_ binary: Binary) throws {
        let c = try Contract("capture", binary, pki: pki)
        // Wide red strokes across the box over the title: they change the signed black text.
        let strokes = #"{"strokes":[[[0,10],[200,12],[400,10],[600,12]],[[0,100],[600,100]]]}"#
        let box = Self.overText + ["--color", "red", "--pen-width", "30"]
        let out = c.dir.path("captured.pdf")
        func run(_ extra: [String]) throws -> [String: Any] {
            let r = try ProcessRunner.run(
                "python3",
                [
                    "-c", CaptureSigner.script, c.binary.path, "", strokes, "null", "capture", "--pdf", c.signed,
                    "-o", out,
                ]
                    + box + extra, environment: c.environment)
            try #require(r.status == 0, "python3: \(r.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        }
        let refused = try run(["--timeout", "5"])
        #expect(refused["status"] as? Int == 1, "the wait ran out: \(refused)")
        let answer = refused["answer"] as? String ?? ""
        #expect(
            answer.hasPrefix("422: page 1 of \(c.signed): the stamp at [")
                && answer.contains("would hide content that signature 1 (field Signature1) signed"), "\(answer)")
        #expect((refused["stderr"] as? String ?? "").contains("no signature arrived"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
        let taken = try run(["--timeout", "60", "--over-signed-content"])
        #expect(taken["status"] as? Int == 0, "\(taken)")
        #expect(try c.verify(out).status == 3, "verify finds the signed text hidden")
    }

    /// A one-page contract with a title at the top and a footer line where a stamp goes by default
    /// (user space 400–560 × 56–72); with `widget`, a text field whose appearance is `appearance`
    /// over the bottom-right corner (user space 380–600 × 20–240).
    static func contract(widget appearance: String? = nil) -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let font = pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let text =
            "BT /F1 24 Tf 72 700 Td (Signet test page 1) Tj ET\nBT /F1 14 Tf 400 60 Td (Footer of the contract) Tj ET\n"
        let content = pdf.addStream("", Array(text.utf8))
        var annots = ""
        var form = ""
        if let appearance {
            let look = pdf.addStream(
                "/Type /XObject /Subtype /Form /BBox [0 0 220 220] /Resources << /Font << /F1 \(font) 0 R >> >>",
                Array(appearance.utf8))
            let field = pdf.add(
                "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Remarks) /Rect [380 20 600 240] /F 4 /P \(page) 0 R /AP << /N \(look) 0 R >> >>"
            )
            annots = " /Annots [\(field) 0 R]"
            form = " /AcroForm << /Fields [\(field) 0 R] >>"
        }
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R\(form) >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(
            page,
            "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(content) 0 R\(annots) >>"
        )
        return pdf.build(root: catalog)
    }

    @Test(
        "--at auto: beside the footer on an unsigned page, near the top-left with --anchor, judged valid when signed",
        arguments: binaries)
    func auto(_ binary: Binary) throws {
        let c = try Contract("auto", binary, pki: pki, pdf: Self.contract())
        let footer = Rect(x: 398, y: 54, width: 170, height: 20)
        let unsigned = c.dir.path("contract.pdf")
        let first = try c.run([
            "stamp", unsigned, "-o", c.dir.path("a.pdf"), "--image", c.stamp, "--at", "auto", "--json",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let a = try Self.stampRect(try Self.json(first))
        #expect(a.intersection(footer) == nil && a.intersection(Self.textBox) == nil, "stamp at \(a)")
        #expect(a.width == 180 && a.maxX == 576, "the corner's column, 36 pt in: \(a)")
        #expect(a.minY >= 72 && a.minY <= 80, "just above the footer (6 pt clear): \(a)")
        let topLeft = try c.run(
            [
                "stamp", unsigned, "-o", c.dir.path("b.pdf"), "--image", c.stamp, "--at", "auto", "--anchor",
                "top-left", "--width", "100", "--json",
            ])
        #expect(topLeft.status == 0, "\(topLeft.stderr)")
        let b = try Self.stampRect(try Self.json(topLeft))
        #expect(
            b.intersection(Self.textBox) == nil && b.minX < 100 && b.maxY > 600,
            "near the top-left, off the title: \(b)")
        let signedAuto = c.dir.path("signed-auto.pdf")
        let third = try c.run(["stamp", c.signed, "-o", signedAuto, "--image", c.stamp, "--at", "auto", "--json"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try Self.stampRect(try Self.json(third)) == a, "the same free area on the signed copy")
        let v = try c.verify(signedAuto)
        #expect(v.status == 0, "\(v.stdoutText)\(v.stderr)")
        #expect(try PopplerSignatures.signatures(signedAuto).map(\.isValid) == [true])
        let visible = c.dir.path("visible-auto.pdf")
        let sign = try c.run(
            [
                "sign", c.signed, "-o", visible, "--p12", pki.rsaP12, "--password-env", "PASS", "--image", c.stamp,
                "--at", "auto", "--width", "120",
            ])
        #expect(sign.status == 0, "\(sign.stderr)")
        #expect(try c.verify(visible).status == 0)
        let none = try c.run(
            ["stamp", unsigned, "-o", c.dir.path("none.pdf"), "--image", c.stamp, "--at", "auto", "--size", "600x700"])
        #expect(none.status == 2, "\(none.stderr)")
        #expect(
            none.stderr.contains("page 1 of \(unsigned): no area of 600 × 700 pt is free of ink, text and annotations")
                && none.stderr.split(separator: "\n").count == 1, "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: c.dir.path("none.pdf")))
    }

    @Test(
        "a stamp under an opaque widget: written with a warning advising --as-annotation (stderr and --json); none above it or under a transparent one",
        arguments: binaries)
    func hiddenStamp(_ binary: Binary) throws {
        let opaque = try Contract(
            "hidden", binary, pki: pki,
            pdf: Self.contract(widget: "q 1 1 0.85 rg 0 0 220 220 re f Q BT /F1 10 Tf 4 200 Td (Remarks) Tj ET"))
        let input = opaque.dir.path("contract.pdf")
        let out = opaque.dir.path("under.pdf")
        let r = try opaque.run([
            "stamp", input, "-o", out, "--image", opaque.stamp, "--size", "100x100", "--at", "450,600",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "warning: \(input): page 1: the stamp lies in the page content under the Widget annotation (object 7) whose opaque background readers draw over it"
            ) && r.stderr.contains("add --as-annotation"), "\(r.stderr)")
        // pdftoppm shows no red where the stamp is: the widget hides it.
        let image = try Pdftoppm.render(pdf: out, page: 1, dpi: 36)
        let (x, y) = (Int(500.0 / 2), Int(650.0 / 2))
        let i = (y * image.width + x) * 3
        #expect(Array(image.rgb[i..<(i + 3)]) != [255, 0, 0], "the stamp shows through: \(image.rgb[i..<(i + 3)])")
        let json = try opaque.run(
            [
                "stamp", input, "-o", opaque.dir.path("under2.pdf"), "--image", opaque.stamp, "--size", "100x100",
                "--at", "450,600", "--json",
            ])
        let warnings = try Self.json(json)["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("opaque background") && $0.contains("--as-annotation") }, "\(warnings)")
        let above = try opaque.run(
            [
                "stamp", input, "-o", opaque.dir.path("above.pdf"), "--image", opaque.stamp, "--size", "100x100",
                "--at", "450,600", "--as-annotation",
            ])
        #expect(above.status == 0 && !above.stderr.contains("warning"), "\(above.stderr)")
        let seen = try Pdftoppm.render(pdf: opaque.dir.path("above.pdf"), page: 1, dpi: 36)
        #expect(Array(seen.rgb[i..<(i + 3)]) == [255, 0, 0], "the annotation stamp shows: \(seen.rgb[i..<(i + 3)])")
        let clear = try Contract(
            "transparent", binary, pki: pki, pdf: Self.contract(widget: "BT /F1 10 Tf 4 200 Td (Remarks) Tj ET"))
        let t = try clear.run(
            [
                "stamp", clear.dir.path("contract.pdf"), "-o", clear.dir.path("t.pdf"), "--image", clear.stamp,
                "--size", "100x100", "--at", "450,600",
            ])
        #expect(t.status == 0 && !t.stderr.contains("warning"), "\(t.stderr)")
    }
}
