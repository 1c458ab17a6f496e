import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@Suite("Passwords: SASLprep for AES-256, Latin-1 for older files")
struct PasswordTests {
    @Test(
        "SASLprep mapping and normalization",
        arguments: [
            ("cafe\u{301}", "caf\u{E9}"),  // NFKC composes
            ("\u{FB01}x", "fix"),  // compatibility ligature
            ("a\u{A0}b", "a b"),  // non-ASCII space → space
            ("pass\u{AD}word", "password"),  // soft hyphen mapped to nothing
            ("I\u{2168}", "IIX"),  // Roman numeral nine
            ("plain ASCII 123", "plain ASCII 123"),
        ])
    func prepare(_ input: String, _ output: String) throws {
        let prepared = try SASLprep.prepare(Secret(input)).withUnsafeBytes { Array($0) }
        #expect(prepared == Array(output.utf8), "SASLprep of \(Array(input.unicodeScalars)) gave \(prepared)")
    }

    @Test(
        "prohibited characters are refused", arguments: ["a\u{7}b", "\u{E000}", "x\u{200E}", "\u{FFFD}", "\u{E0041}"])
    func prohibited(_ input: String) {
        #expect(throws: SASLprep.Prohibited.self) { try SASLprep.prepare(Secret(input)) }
    }

    /// The forms every opener tries, in order and without duplicates: as given, SASLprep'd when
    /// that differs, Latin-1 when the text has one and it differs.
    @Test(
        "the forms of a password",
        arguments: [
            ("plain", [Array("plain".utf8)], false),
            ("\u{E9}t\u{E9}", [[0xC3, 0xA9, 0x74, 0xC3, 0xA9], [0xE9, 0x74, 0xE9]], false),
            ("cafe\u{301}", [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)], false),
            ("\u{FB01}x", [Array("\u{FB01}x".utf8), Array("fix".utf8)], false),
            ("a\u{A0}b", [Array("a\u{A0}b".utf8), Array("a b".utf8), [0x61, 0xA0, 0x62]], false),
            ("a\u{7}b", [Array("a\u{7}b".utf8)], true),
        ] as [(String, [[UInt8]], Bool)])
    func forms(_ password: String, _ expected: [[UInt8]], _ prohibited: Bool) {
        let (forms, refused) = PDFPassword.withForms(of: Secret(password)) { forms in
            (forms.candidates.map { $0.withUnsafeBytes { Array($0) } }, forms.prohibited != nil)
        }
        #expect(forms == expected, "forms of \(Array(password.unicodeScalars)): \(forms)")
        #expect(refused == prohibited, "SASLprep refused \(Array(password.unicodeScalars)): \(refused)")
    }

    /// Each form is a `Secret` wiped when the body that tries it returns or throws: a form kept
    /// past the body (as a careless caller might keep one) reads as zeros, and the caller's own
    /// password is left as it was.
    @Test("the forms are wiped when the body returns, and when it throws", arguments: [false, true])
    func formsWiped(throwing: Bool) {
        struct Refused: Error {}
        let password = Secret("a\u{A0}b\u{E9}")
        var kept: [Secret] = []
        var seen: [[UInt8]] = []
        do {
            try PDFPassword.withForms(of: password) { forms in
                kept = forms.candidates
                seen = forms.candidates.map { $0.withUnsafeBytes { Array($0) } }
                if throwing { throw Refused() }
            }
        } catch {}
        #expect(seen.count == 3, "forms tried: \(seen)")
        #expect(seen.allSatisfy { $0.contains { $0 != 0 } }, "forms inside the body: \(seen)")
        let after = kept.map { $0.withUnsafeBytes { Array($0) } }
        #expect(after == seen.map { [UInt8](repeating: 0, count: $0.count) }, "forms after the body: \(after)")
        let given = password.withUnsafeBytes { Array($0) }
        #expect(given == Array("a\u{A0}b\u{E9}".utf8), "the caller's password after the body: \(given)")
    }

    /// qpdf compares password bytes as given; a file encrypted (by qpdf) with the composed form
    /// opens here with the decomposed form too, because we normalize before asking qpdf.
    @Test("an R6 file opens with an equivalent Unicode form of its password")
    func unicodeR6() throws {
        let dir = TemporaryDirectory("r6")
        let plain = dir.write("plain.pdf", bytes: GeometryFixture.document(pageCount: 1))
        let encrypted = dir.path("r6.pdf")
        let r = try ProcessRunner.run("qpdf", ["--encrypt", "caf\u{E9}", "owner", "256", "--", plain, encrypted])
        #expect(r.status == 0, "\(r.stderr)")
        let raw = try ProcessRunner.run("qpdf", ["--check", "--password=cafe\u{301}", encrypted])
        #expect(raw.status == 2, "qpdf itself does not normalize (that is why we do)")
        let doc = try PDFDocument(path: encrypted, password: Secret("cafe\u{301}"))
        #expect(doc.isEncrypted && doc.pageCount == 1)
        let wrong = try #require(throws: PDFError.self) { try PDFDocument(path: encrypted, password: Secret("cafe")) }
        #expect(wrong.reason == .wrongPassword)
    }

    /// Before AES-256, passwords are PDFDocEncoding bytes: "é" is the single byte E9, which qpdf
    /// writes when encrypting; the UTF-8 bytes C3 A9 would not open the file.
    @Test("an RC4 file with a non-ASCII password opens with its Latin-1 bytes")
    func latin1() throws {
        let dir = TemporaryDirectory("rc4")
        let plain = dir.write("plain.pdf", bytes: GeometryFixture.document(pageCount: 1))
        let encrypted = dir.path("rc4.pdf")
        let r = try ProcessRunner.run(
            "qpdf",
            [
                "--allow-weak-crypto", "--encrypt", "\u{E9}t\u{E9}", "owner", "128", "--use-aes=n", "--", plain,
                encrypted,
            ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PDFDocument(path: encrypted, password: Secret("\u{E9}t\u{E9}")).isEncrypted)
    }

    @Test(
        "the owner password opens too, and the empty user password needs none",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func ownerAndEmpty() throws {
        #expect(
            try PDFDocument(path: Corpus.path("pdfs/qpdf/enc-R3,V2,U=view,O=master.pdf"), password: Secret("master"))
                .isEncrypted)
        #expect(
            try PDFDocument(path: Corpus.path("pdfs/pyhanko/minimal-aes256.pdf"), password: Secret("ownersecret"))
                .isEncrypted)
        #expect(try PDFDocument(path: Corpus.path("pdfs/pdfjs/empty_protected.pdf")).isEncrypted)
        let missing = try #require(throws: PDFError.self) {
            try PDFDocument(path: Corpus.path("pdfs/qpdf/c-r5-in.pdf"))
        }
        #expect(missing.reason == .passwordNeeded)
    }
}
