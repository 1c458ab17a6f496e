import Foundation
import SignetTestSupport
import Testing

/// Encrypted PDFs signed and stamped in place: each update is encrypted with the document's own
/// key and handler, so the file opens with the same passwords and earlier signatures stay valid.
/// Files are encrypted by qpdf; outputs are judged by qpdf, pdfsig, pyHanko, mutool and Signet.
@Suite("encrypted PDFs, signed and stamped in place (process)")
struct EncryptedInPlaceTests {
    let pki = TestPKI.shared

    struct Encryption: Sendable, CustomTestStringConvertible {
        var label: String
        /// qpdf's arguments after the two passwords.
        var arguments: [String]
        /// pyHanko 0.x refuses revision 5 (Adobe's deprecated AES-256 extension) even on qpdf's input.
        var pyhankoReads = true
        var testDescription: String { label }
    }

    static let encryptions: [Encryption] = [
        Encryption(label: "RC4 40-bit (R2)", arguments: ["40"]),
        Encryption(label: "RC4 128-bit (R3)", arguments: ["128", "--use-aes=n"]),
        Encryption(label: "AES-128 (R4)", arguments: ["128", "--use-aes=y"]),
        Encryption(label: "AES-256 (R5)", arguments: ["256", "--force-R5"], pyhankoReads: false),
        Encryption(label: "AES-256 (R6)", arguments: ["256"]),
    ]

    var environment: [String: String] {
        ["PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    }

    /// A two-page PDF encrypted by qpdf with `user` and `owner` passwords and extra qpdf options.
    func encrypted(
        _ e: Encryption, user: String = "", owner: String = "owner-secret", extra: [String] = [],
        in dir: TemporaryDirectory
    ) throws -> String {
        let plain = try TestPDF.write(to: dir.path("plain.pdf"), rotations: [0, 90])
        let out = dir.path("encrypted.pdf")
        let r = try ProcessRunner.run(
            "qpdf", ["--allow-weak-crypto", "--encrypt", user, owner] + e.arguments + extra + ["--", plain, out])
        try #require(r.status == 0, "qpdf --encrypt \(e.arguments): \(r.stderr)")
        return out
    }

    func sign(_ input: String, _ output: String) throws -> ProcessResult {
        try ProcessRunner.signet(
            ["sign", input, "-o", output, "--p12", pki.rsaP12, "--password-env", "PASS", "--name", "Ana Émile"],
            environment: environment)
    }

    /// pyHanko's verdict through its API (its CLI cannot be given an empty user password):
    /// "intact valid" per signature.
    func pyhanko(_ path: String, password: String = "") throws -> String {
        let script = """
            import sys
            from pyhanko.pdf_utils.reader import PdfFileReader
            from pyhanko.sign.validation import validate_pdf_signature
            from pyhanko_certvalidator import ValidationContext
            from pyhanko.keys import load_cert_from_pemder
            r = PdfFileReader(open(sys.argv[1], 'rb'))
            r.decrypt(sys.argv[3].encode())
            vc = ValidationContext(trust_roots=[load_cert_from_pemder(sys.argv[2])])
            for s in r.embedded_signatures:
                st = validate_pdf_signature(s, vc)
                print(('intact' if st.intact else 'broken'), ('valid' if st.valid else 'invalid'), st.coverage.name)
            """
        let r = try ProcessRunner.run("python3", ["-c", script, path, pki.rootCert, password])
        try #require(r.status == 0, "pyHanko could not validate \(path): \(r.stderr)")
        return r.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func encryptionShown(_ path: String, password: String = "") throws -> String {
        let r = try ProcessRunner.run("qpdf", ["--password=\(password)", "--show-encryption", path])
        // qpdf prints the user password it found (or the owner's), which differs by who opened it.
        return r.stdoutText.split(separator: "\n").filter { !$0.contains("password") }.joined(separator: "\n")
    }

    @Test("sign, then stamp the signed file: both updates encrypted, every tool validates", arguments: encryptions)
    func signAndStamp(_ e: Encryption) throws {
        guard SignatureCheckers.hasPyhanko else {
            Issue.record("pyhanko is not installed (make test installs it)")
            return
        }
        let dir = TemporaryDirectory("encrypted-in-place")
        let input = try encrypted(e, in: dir)
        let original = try Data(contentsOf: URL(fileURLWithPath: input))
        let signed = dir.path("signed.pdf")
        let r = try sign(input, signed)
        try #require(r.status == 0, "signet sign on \(e.label): \(r.stderr)")
        let signedBytes = try Data(contentsOf: URL(fileURLWithPath: signed))
        #expect(signedBytes.prefix(original.count) == original, "the input's bytes come first, unchanged")
        #expect(try encryptionShown(signed) == encryptionShown(input), "same handler, key length and permissions")
        let check = try ProcessRunner.run("qpdf", ["--check", signed])
        #expect(check.status == 0, "qpdf --check: \(check.stdoutText) \(check.stderr)")
        #expect(try SignatureCheckers.pdfsig(signed).map(\.validation) == ["Signature is Valid."])
        if e.pyhankoReads { #expect(try pyhanko(signed) == "intact valid ENTIRE_FILE") }
        let verified = try ProcessRunner.signet(["verify", signed, "--ca", pki.rootCert])
        #expect(verified.status == 0, "signet verify: \(verified.stdoutText) \(verified.stderr)")
        // The signer's name went in encrypted and comes back as written.
        let objects = try ProcessRunner.run("qpdf", ["--json=2", "--json-key=qpdf", signed])
        #expect(objects.stdoutText.contains(#""/Name": "u:Ana Émile""#), "qpdf decrypts /Name as written")

        let stamped = dir.path("stamped.pdf")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let s = try ProcessRunner.signet(["stamp", signed, "-o", stamped, "--image", stamp, "--pages", "2", "--json"])
        try #require(s.status == 0, "signet stamp on the signed \(e.label) file: \(s.stderr)")
        #expect(s.stdoutText.contains(#""mode":"incremental""#), "\(s.stdoutText)")
        #expect(try SignatureCheckers.pdfsig(stamped).map(\.validation) == ["Signature is Valid."])
        if e.pyhankoReads { #expect(try pyhanko(stamped).hasPrefix("intact valid")) }
        let drawn = try ProcessRunner.run("mutool", ["draw", "-o", dir.path("page-%d.png"), "-r", "36", stamped, "2"])
        #expect(drawn.status == 0 && !drawn.stderr.contains("error"), "mutool draw: \(drawn.stderr)")
        #expect(try StampLocator.locate(pdf: stamped, page: 2) != nil, "the stamp shows on page 2")
    }

    @Test("a user password: stamped and signed in place with the user or the owner password; opens with both after")
    func userPassword() throws {
        let dir = TemporaryDirectory("encrypted-user-password")
        let input = try encrypted(Self.encryptions[4], user: "view-me", owner: "own-it", in: dir)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        for (label, password) in [("user", "view-me"), ("owner", "own-it")] {
            let out = dir.path("\(label).pdf")
            let file = dir.write("\(label).txt", "\(password)\n")
            chmod(file, 0o600)
            let r = try ProcessRunner.signet(
                ["stamp", input, "-o", out, "--image", stamp, "--password-file", file, "--json"])
            #expect(r.status == 0, "stamp with the \(label) password: \(r.stderr)")
            #expect(r.stdoutText.contains(#""mode":"incremental""#), "\(r.stdoutText)")
            for given in ["view-me", "own-it"] {
                let check = try ProcessRunner.run("qpdf", ["--password=\(given)", "--check", out])
                #expect(check.status == 0, "qpdf --check --password=\(given) on the \(label) output: \(check.stderr)")
            }
            let locked = try ProcessRunner.run("qpdf", ["--check", out])
            #expect(locked.status != 0, "the output still needs a password")
        }
        let refused = try sign(input, dir.path("refused.pdf"))
        #expect(refused.status == 2, "no PDF password: exit \(refused.status)")
        #expect(
            refused.stderr.contains("the PDF is encrypted and needs a password; give it with --pdf-password-env VAR"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("refused.pdf")))
        for (label, password) in [("user", "view-me"), ("owner", "own-it")] {
            let signed = dir.path("signed-\(label).pdf")
            let file = dir.write("pdf-\(label).txt", "\(password)\n")
            chmod(file, 0o600)
            let r = try ProcessRunner.signet(
                [
                    "sign", input, "-o", signed, "--p12", pki.rsaP12, "--password-env", "PASS", "--pdf-password-file",
                    file,
                ],
                environment: environment)
            #expect(r.status == 0, "sign with the \(label) password: \(r.stderr)")
            let pdfsig = try ProcessRunner.run("pdfsig", ["-upw", "view-me", signed])
            #expect(pdfsig.stdoutText.contains("Signature is Valid."), "pdfsig: \(pdfsig.stdoutText)")
            #expect(try pyhanko(signed, password: "view-me") == "intact valid ENTIRE_FILE")
            let verified = try ProcessRunner.signet(
                ["verify", signed, "--ca", pki.rootCert, "--password-file", file], environment: environment)
            #expect(verified.status == 0, "signet verify: \(verified.stdoutText) \(verified.stderr)")
            // The overlay check's signet-preview gets the password on its standard input too.
            let piped = try ProcessRunner.signet(
                ["verify", signed, "--ca", pki.rootCert, "--password-stdin"], stdin: Array("\(password)\n".utf8))
            #expect(piped.status == 0, "signet verify --password-stdin: \(piped.stdoutText) \(piped.stderr)")
        }
    }

    @Test("permissions that forbid changes: refused with the permission named, unless the owner password is given")
    func permissions() throws {
        let dir = TemporaryDirectory("encrypted-permissions")
        let input = try encrypted(
            Self.encryptions[4], owner: "own-it", extra: ["--modify=none", "--annotate=n", "--form=n"], in: dir)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("out.pdf")
        let refused = try ProcessRunner.signet(["stamp", input, "-o", out, "--image", stamp])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "the document's permissions do not allow changing the document's content, and it was opened with no password"
            ), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let signRefused = try sign(input, dir.path("signed.pdf"))
        #expect(signRefused.status == 2 && signRefused.stderr.contains("filling in form fields and signing"))
        let owner = dir.write("owner.txt", "own-it\n")
        chmod(owner, 0o600)
        let allowed = try ProcessRunner.signet(["stamp", input, "-o", out, "--image", stamp, "--password-file", owner])
        #expect(allowed.status == 0, "with the owner password: \(allowed.stderr)")
        #expect(try ProcessRunner.run("qpdf", ["--check", out]).status == 0)
        let signed = try ProcessRunner.signet(
            [
                "sign", input, "-o", dir.path("signed.pdf"), "--p12", pki.rsaP12, "--password-env", "PASS",
                "--pdf-password-file", owner,
            ], environment: environment)
        #expect(signed.status == 0, "signing with the owner password: \(signed.stderr)")
        #expect(try SignatureCheckers.pdfsig(dir.path("signed.pdf")).map(\.validation) == ["Signature is Valid."])
    }

    @Test("a file encrypted for a certificate gets its own sentence, not \"damaged\"")
    func certificateEncrypted() throws {
        guard SignatureCheckers.hasPyhanko else {
            Issue.record("pyhanko is not installed (make test installs it)")
            return
        }
        let dir = TemporaryDirectory("encrypted-for-certificate")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let out = dir.path("pubsec.pdf")
        // pyHanko's public-key security handler, for a recipient certificate with keyEncipherment.
        let key = dir.path("recipient.key"), cert = dir.path("recipient.pem")
        let made = try ProcessRunner.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-subj",
                "/CN=Recipient", "-days", "30", "-addext", "keyUsage=keyEncipherment,digitalSignature",
            ])
        try #require(made.status == 0, "\(made.stderr)")
        let script = """
            import sys
            from pyhanko.pdf_utils.reader import PdfFileReader
            from pyhanko.pdf_utils.crypt import PubKeySecurityHandler
            from pyhanko.keys import load_cert_from_pemder
            from pyhanko.pdf_utils.writer import copy_into_new_writer
            w = copy_into_new_writer(PdfFileReader(open(sys.argv[1], 'rb')))
            w._assign_security_handler(PubKeySecurityHandler.build_from_certs([load_cert_from_pemder(sys.argv[2])]))
            w.write(open(sys.argv[3], 'wb'))
            """
        let encrypted = try ProcessRunner.run("python3", ["-c", script, plain, cert, out])
        try #require(encrypted.status == 0, "pyHanko: \(encrypted.stderr)")
        for command in [
            ["info", out], ["sign", out, "-o", dir.path("signed.pdf"), "--p12", pki.rsaP12, "--password-env", "PASS"],
        ] {
            let r = try ProcessRunner.signet(command, environment: environment)
            #expect(r.status == 2, "\(command[0]): exit \(r.status)")
            #expect(
                r.stderr.contains(
                    "the file is encrypted for a certificate (the public-key security handler), which Signet cannot open"
                ),
                "\(command[0]): \(r.stderr)")
        }
    }

    @Test(
        "a signed and encrypted file from pdf.js's bug reports is stamped in place; its signature stays intact",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func signedCorpusFile() throws {
        let dir = TemporaryDirectory("encrypted-corpus-stamp")
        let input = Corpus.path("pdfs/pdfjs/issue17069.pdf")
        let out = dir.path("stamped.pdf")
        let r = try ProcessRunner.signet(
            ["stamp", input, "-o", out, "--image", dir.write("stamp.png", bytes: TestStamp.png()), "--json"])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(r.stdoutText.contains(#""form":"annotation""#) && r.stdoutText.contains(#""mode":"incremental""#))
        let verified = try ProcessRunner.signet(["verify", out, "--no-trust", "--allow-overlays", "--json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(verified.stdout)) as? [String: Any], "\(verified.stderr)")
        let signature = try #require((report["signatures"] as? [[String: Any]])?.first, "\(report)")
        #expect(signature["integrity"] as? String == "ok", "\(signature)")
        #expect(signature["modification_level"] as? String == "annotations", "\(signature)")
        #expect(try ProcessRunner.run("qpdf", ["--check", out]).status == 0)
    }
}
