import Foundation
import SignetCore
import SignetTestSupport
import Testing

/// `signet sign --image/--strokes` (and `signet pipeline` when signing) with the signer's name,
/// the signing time, reason and location as text in the appearance, run as real processes and
/// checked with pdftotext (words and their boxes), mutool, pdftoppm, pdfsig, pyHanko.
private let hasDejaVuSans = FileManager.default.fileExists(
    atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

@Suite(
    "CLI: visible signatures with the signer's name and time",
    .enabled(if: hasDejaVuSans, "DejaVu Sans is missing: install Debian's fonts-dejavu-core (make test-deps does)"))
struct SignatureTextCLITests {
    let pki = TestPKI.shared
    var identity: [String] { ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain] }

    /// The displayed rectangle every placement test asks for (`--at 60,80 --size 240x120`).
    static let asked = Rect(x: 60, y: 80, width: 240, height: 120)
    static let placement = ["--at", "60,80", "--size", "240x120"]

    /// "2026-12-01 18:30 UTC" for the JSON's ISO signing time "2026-12-01T18:30:05Z".
    static func shownTime(_ json: [String: Any]) throws -> String {
        let iso = try #require(json["signing_time"] as? String)
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    static func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    /// The words pdftotext finds inside `rect` (displayed points), with a little tolerance.
    static func words(_ pdf: String, page: Int, in rect: Rect) throws -> [PlacedWord] {
        try PopplerWords.words(pdf: pdf, page: page).filter { rect.contains($0.box, tolerance: 0.5) }
    }

    @Test(
        "name and time are selectable, inside the widget and upright on rotated and UserUnit pages",
        arguments: [1, 3, 4, 5, 14, 15])
    func uprightOnEveryGeometry(page: Int) throws {
        let dir = TemporaryDirectory()
        let input = dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 15))
        let out = dir.path("signed.pdf")
        let strokes = dir.write("s.json", BatchSupport.strokes(seed: 3, points: 40))
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--strokes", strokes, "--page", "\(page)", "--name", "Zoë Kowalska", "--json"]
                + Self.placement + identity)
        #expect(result.status == 0, "\(result.stderr)")
        // poppler ignores /UserUnit: its boxes on a UserUnit 2 page are half the displayed size.
        let unit = GeometryFixture.page(page).userUnit ?? 1
        let rect = Rect(
            x: Self.asked.minX / unit, y: Self.asked.minY / unit, width: Self.asked.width / unit,
            height: Self.asked.height / unit)
        let inside = try Self.words(out, page: page, in: rect)
        let time = try Self.shownTime(try Self.json(result))
        #expect(inside.map(\.text) == ["Zoë", "Kowalska", "Signed:"] + time.split(separator: " ").map(String.init))
        // Upright: each word runs left to right (wider than tall), the name's line is above the time's.
        let name = try #require(inside.first { $0.text == "Kowalska" })
        let signed = try #require(inside.first { $0.text == "Signed:" })
        #expect(name.box.width > name.box.height && signed.box.width > signed.box.height, "\(inside)")
        #expect(name.box.maxY <= signed.box.minY + 0.5, "name line above the time line: \(inside)")
        #expect(inside[0].box.maxX < inside[1].box.minX, "words in reading order: \(inside)")
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
    }

    @Test(
        "Unicode names (Cyrillic, Greek, accents) come out of pdftotext and mutool exactly; the signature verifies",
        arguments: [
            ("Иван Петрович Сидоров", "below"), ("Ελένη Παπαδοπούλου", "right"), ("José Ñúñez-Müller", "below"),
            (nil, "right"),
        ] as [(String?, String)])
    func unicodeNames(name: String?, position: String) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let result = try ProcessRunner.signet(
            [
                "sign", input, "-o", out, "--image", png, "--text-position", position, "--json", "--reason", "Одобрено",
                "--location", "Αθήνα",
            ]
                + (name.map { ["--name", $0] } ?? []) + Self.placement + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let shown = name ?? "Ada Signer"  // the certificate's common name
        let lines = [
            shown, "Signed: " + (try Self.shownTime(try Self.json(result))), "Reason: Одобрено", "Location: Αθήνα",
        ]
        let poppler = try PopplerText.pages(out)[0]
        let mupdf = try Mutool.text(pdf: out, page: 1)
        for line in lines {
            #expect(poppler.contains(line), "pdftotext: \(poppler)")
            #expect(mupdf.contains(line), "mutool: \(mupdf)")
        }
        let words = try Self.words(out, page: 1, in: Self.asked)
        #expect(words.count == lines.joined(separator: " ").split(separator: " ").count, "\(words)")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        if name == nil, SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(out, trust: pki.rootCert)
            #expect(
                pyhanko.status == 0 && pyhanko.stdoutText.contains("The signature is judged VALID"),
                "\(pyhanko.stdoutText)")
        }
    }

    @Test("pdftoppm and mutool render the ink and the text inside the widget")
    func rendersInkAndText() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let strokes = dir.write("s.json", BatchSupport.strokes(seed: 3, points: 40))
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--strokes", strokes, "--name", "Ада Лавлейс"] + Self.placement + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let words = try Self.words(out, page: 1, in: Self.asked)
        let first = try #require(words.first, "no text in the widget")
        let text = words.dropFirst().reduce(first.box) { $0.union($1.box) }
        // Below (the default): the ink sits between the top of the rectangle and the text.
        let ink = Rect(
            x: Self.asked.minX, y: Self.asked.minY, width: Self.asked.width, height: text.minY - Self.asked.minY)
        let dpi = 144.0
        for (renderer, image) in [
            ("pdftoppm", try Pdftoppm.render(pdf: out, page: 1, dpi: dpi)),
            ("mutool", try Mutool.render(pdf: out, page: 1, dpi: dpi)),
        ] {
            #expect(Self.darkPixels(image, in: text, dpi: dpi) > 200, "\(renderer) draws the text")
            #expect(Self.darkPixels(image, in: ink, dpi: dpi) > 200, "\(renderer) draws the ink")
        }
    }

    @Test("--no-text shows the artwork only, as before: no text in the widget, fewer bytes")
    func noText() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        var added: [Int] = []
        for extra in [["--no-text"], []] {
            let out = dir.path("signed\(added.count).pdf")
            let result = try ProcessRunner.signet(
                ["sign", input, "-o", out, "--image", png, "--json"] + extra + Self.placement + identity)
            #expect(result.status == 0, "\(result.stderr)")
            let signature = try #require(try Self.json(result)["signature"] as? [String: Any])
            added.append(try #require(signature["bytes_added"] as? Int))
            let words = try Self.words(out, page: 1, in: Self.asked)
            #expect(extra.isEmpty ? words.contains { $0.text == "Signer" } : words.isEmpty, "\(words)")
        }
        #expect(added[0] < added[1], "the text and its font subset add bytes: \(added)")
    }

    @Test(
        "long names shrink, then wrap, and never leave the widget",
        arguments: [
            ("Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen und Liechtenstein-Schwarzenberg", "below"),
            ("Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen und Liechtenstein-Schwarzenberg", "right"),
            (String(repeating: "Ω", count: 90), "below"),
            (String(repeating: "Ж", count: 90), "right"),
        ])
    func longNames(name: String, position: String) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--image", png, "--name", name, "--text-position", position] + Self.placement
                + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let all = try PopplerWords.words(pdf: out, page: 1).filter { !$0.text.hasPrefix("Signet") && $0.text != "test" }
        let outside = all.filter { !Self.asked.contains($0.box, tolerance: 0.5) && $0.text != "page" && $0.text != "1" }
        #expect(outside.isEmpty, "words outside the widget: \(outside)")
        #expect(all.map(\.text).joined().contains(name.replacingOccurrences(of: " ", with: "")), "\(all)")
    }

    @Test("pipeline: a signing run's stamp shows the name and time; --no-text leaves them out")
    func pipeline() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let strokes = dir.write("s.json", BatchSupport.strokes(seed: 3, points: 40))
        let out = dir.path("out.pdf")
        let result = try ProcessRunner.signet(
            ["pipeline", strokes, "--pdf", input, "-o", out, "--vector", "--name", "Ἀριστοτέλης", "--json"]
                + Self.placement + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let words = try Self.words(out, page: 1, in: Self.asked)
        let time = try Self.shownTime(try Self.json(result))
        #expect(words.map(\.text) == ["Ἀριστοτέλης", "Signed:"] + time.split(separator: " ").map(String.init))
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        let plain = dir.path("plain.pdf")
        let without = try ProcessRunner.signet(
            ["pipeline", strokes, "--pdf", input, "-o", plain, "--vector", "--no-text"] + Self.placement + identity)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(try Self.words(plain, page: 1, in: Self.asked).isEmpty)
        let unsigned = try ProcessRunner.signet(
            ["pipeline", strokes, "--pdf", input, "-o", dir.path("x.pdf"), "--text-position", "right"])
        #expect(unsigned.status == 2 && unsigned.stderr.contains("--text-position is about the signature"))
    }

    @Test(
        "refusals: exit 2, one sentence, nothing written",
        arguments: [
            (["--image", "PNG", "--text-position", "up"], "--text-position must be one of right, below"),
            (["--image", "PNG", "--no-text", "--text-position", "right"], "--no-text leaves the text out"),
            (["--text-position", "right"], "--text-position is about a visible signature's text"),
            (["--image", "PNG", "--name", "山田太郎"], "has no glyph for: '山' U+5C71"),
            (["--image", "PNG", "--text-font", "PNG"], "cannot be used"),
            (["--image", "PNG", "--reason", "אושר"], "right-to-left characters"),
        ])
    func refusals(extra: [String], fragment: String) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out] + extra.map { $0 == "PNG" ? png : $0 } + identity)
        #expect(result.status == 2 && result.stderr.contains(fragment), "\(result.status) \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        if fragment.contains("glyph") || fragment.contains("right-to-left") {
            #expect(
                result.stderr.contains("change --name, --reason or --location, or add --no-text"), "\(result.stderr)")
        }
    }

    @Test("a detached signature refuses the text options")
    func detachedRefusesText() throws {
        let dir = TemporaryDirectory()
        let content = dir.write("c.txt", "hello\n")
        let result = try ProcessRunner.signet(
            ["sign", content, "--detached", dir.path("c.p7s"), "--no-text"] + identity)
        #expect(result.status == 2 && result.stderr.contains("--no-text is about PDF signatures"), "\(result.stderr)")
    }

    /// Pixels darker than mid-grey inside `rect` (displayed points) of an image rendered at `dpi`.
    static func darkPixels(_ image: PPMImage, in rect: Rect, dpi: Double) -> Int {
        let scale = dpi / 72
        let (x0, x1) = (max(0, Int(rect.minX * scale)), min(image.width, Int(rect.maxX * scale)))
        let (y0, y1) = (max(0, Int(rect.minY * scale)), min(image.height, Int(rect.maxY * scale)))
        var count = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let i = (y * image.width + x) * 3
                if Int(image.rgb[i]) + Int(image.rgb[i + 1]) + Int(image.rgb[i + 2]) < 3 * 128 { count += 1 }
            }
        }
        return count
    }
}

extension SignatureTextCLITests {
    @Test(
        "an existing empty field gets the strokes and the text fitted into its rectangle",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func existingField() throws {
        let dir = TemporaryDirectory()
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            [
                "sign", Corpus.path("pdfs/pyhanko/minimal-two-fields.pdf"), "-o", out, "--field", "Sig2", "--strokes",
                Corpus.path("strokes/svc2004/U1S1.TXT"), "--name", "Ελένη", "--json",
            ] + identity)
        #expect(result.status == 0, "\(result.stderr)")
        let signature = try #require(try Self.json(result)["signature"] as? [String: Any])
        let rect = try #require(signature["rect"] as? [Double])
        let words = try PopplerWords.words(pdf: out, page: 1)
        let height = try #require(try PopplerInfo.pages(out).first).cropBox.maxY
        let field = Rect(corners: Point(x: rect[0], y: height - rect[3]), Point(x: rect[2], y: height - rect[1]))
        let inside = words.filter { field.contains($0.box, tolerance: 0.5) }.map(\.text)
        #expect(inside.prefix(2) == ["Ελένη", "Signed:"], "\(words) in \(field)")
        #expect(try SignatureCheckers.pdfsig(out).filter { $0.validation == "Signature is Valid." }.count == 1)
    }
}
