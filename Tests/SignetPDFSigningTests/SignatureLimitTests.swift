import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Signing and verifying stay bounded: `/Contents` reserves when signing, CMS sizes and the
/// number of signatures when verifying.
@Suite("Signature limits")
struct SignatureLimitTests {
    let dir = TemporaryDirectory("container-limits")

    @Test("a --reserve over 1 MiB is refused before anything is written")
    func reserve() throws {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let identity = try SigningIdentity.pkcs12(path: TestPKI.shared.rsaP12, password: Secret(TestPKI.password))
        let options = PDFSignOptions(signingTime: Date(), reserve: PDFSignOptions.maxReserve + 1)
        let error = #expect(throws: PDFSignError.self) {
            try PDFSigner.sign(input: input, output: dir.path("out.pdf"), identity: identity, options: options)
        }
        #expect(
            error?.message
                == "\(input): a signature container of 1048577 bytes is over the limit of 1048576 bytes; sign with fewer chain certificates, or lower PDFSignOptions.reserve."
        )
        #expect(!dir.contents().contains("out.pdf"))
    }

    @Test("a /Contents over 16 MiB is reported unreadable, not parsed")
    func verifyContainer() throws {
        // A signature field whose /Contents holds 16 MiB + 1 bytes (33 MB of hex).
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let hex = String(repeating: "30", count: PDFVerifier.maxContainerBytes + 1)
        let signature = pdf.add(
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <\(hex)> >>"
        )
        let field = pdf.add(
            "<< /FT /Sig /T (Big) /V \(signature) 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P \(page) 0 R >>")
        pdf.set(page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Annots [\(field) 0 R] >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R /AcroForm << /Fields [\(field) 0 R] /SigFlags 3 >> >>")
        let input = dir.write("big.pdf", bytes: pdf.build(root: catalog))
        let reports = try PDFVerifier.verify(path: input, password: nil, options: VerifyOptions(now: Date())).signatures
        #expect(reports.count == 1)
        #expect(reports.first?.valid == false)
        #expect(
            reports.first?.problems.contains(
                "its /Contents holds 16777217 bytes, over the limit of 16777216 bytes for a signature") == true,
            "\(reports.first?.problems ?? [])")
        #expect(reports.first?.integrity != .ok && reports.first?.verdict == .invalid)
    }

    @Test(
        "a CMS's certificates and CRLs are counted from its framing, DER or BER, before OpenSSL decodes any; damage never traps"
    )
    func certificateCount() throws {
        let pki = TestPKI.shared
        let content = dir.write("content.txt", "counted\n")
        func signed(_ name: String, _ extra: [String]) throws -> [UInt8] {
            let made = try ProcessRunner.run(
                "openssl",
                [
                    "cms", "-sign", "-binary", "-in", content, "-signer", pki.rsaCert, "-inkey", pki.rsaKey,
                    "-outform", "DER", "-out", dir.path(name),
                ] + extra)
            #expect(made.status == 0, "openssl cms -sign \(extra): \(made.stderr)")
            return Array(try Data(contentsOf: URL(fileURLWithPath: dir.path(name))))
        }
        let der = try signed("der.p7s", ["-certfile", pki.chain])
        let ber = try signed("ber.p7s", ["-certfile", pki.chain, "-stream"])
        let bare = try signed("bare.p7s", ["-nocerts"])
        #expect(ber[1] == 0x80, "-stream writes indefinite lengths")
        for (name, cms) in [("DER", der), ("BER", ber)] {
            let parsed = try CMSMessage(der: cms).certificates().count
            let counted = DER.carriedCounts(inSignedData: cms)
            #expect(
                parsed >= 2 && counted?.certificates == parsed && counted?.crls == 0, "\(name): OpenSSL read \(parsed)")
        }
        #expect(DER.carriedCounts(inSignedData: bare).map { [$0.certificates, $0.crls] } == [0, 0])
        // A degenerate SignedData with a CRL and no signer (what `openssl crl2pkcs7` writes).
        let crl = dir.write("list.crl", bytes: try RevocationPKI.shared.crl(CRLSpec(), in: dir))
        let withCRL = try ProcessRunner.run(
            "openssl",
            [
                "crl2pkcs7", "-inform", "DER", "-in", crl, "-certfile", pki.rsaCert, "-outform", "DER", "-out",
                dir.path("crl.p7"),
            ])
        #expect(withCRL.status == 0, "openssl crl2pkcs7: \(withCRL.stderr)")
        let degenerate = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("crl.p7"))))
        #expect(DER.carriedCounts(inSignedData: degenerate).map { [$0.certificates, $0.crls] } == [1, 1])
        // Not framed like a SignedData: nil, and OpenSSL's parse says what is wrong.
        let certificate = try CMSMessage(der: der).certificates()[0].der
        let nested = Array([[UInt8]](repeating: [0x30, 0x80], count: 100).joined()) + [UInt8](repeating: 0, count: 200)
        // Damaged copies (a byte changed, or cut short) never trap, and a count is never more
        // certificates than the bytes could frame (two bytes each at least).
        var random = SeededRandom(seed: 2026)
        for original in [der, ber] {
            for _ in 0..<1500 {
                var damaged = original
                let at = Int.random(in: 0..<damaged.count, using: &random)
                if Bool.random(using: &random) {
                    damaged[at] = UInt8.random(in: 0...255, using: &random)
                } else {
                    damaged.removeSubrange(at...)
                }
                let counts = DER.carriedCounts(inSignedData: damaged)
                #expect(
                    (counts?.certificates ?? 0) + (counts?.crls ?? 0) <= damaged.count / 2, "a flip or cut at \(at)")
            }
        }
        for (name, bytes) in [
            ("truncated", Array(der.dropLast())), ("truncated BER", Array(ber.dropLast(2))),
            ("a certificate", certificate),
            ("empty", []), ("an unended indefinite length", [0x30, 0x80]), ("100 nested indefinite lengths", nested),
        ] as [(String, [UInt8])] {
            #expect(DER.carriedCounts(inSignedData: bytes) == nil, "\(name)")
        }
    }

    @Test("more than 1,000 signatures are refused before any is hashed")
    func tooManySignatures() throws {
        let input = dir.write("many.pdf", bytes: HostilePDFs.signatureFields(PDFVerifier.maxSignatures + 1))
        let error = #expect(throws: PDFSignError.self) {
            try PDFVerifier.verify(path: input, password: nil, options: VerifyOptions(now: Date())).signatures
        }
        #expect(
            error?.message
                == "\(input): holds 1001 signatures, over the limit of 1000 for one verification (each one hashes up to the whole file); check that this is the right file."
        )
        #expect(
            try PDFVerifier.verify(
                path: dir.write("few.pdf", bytes: HostilePDFs.signatureFields(3)), password: nil,
                options: VerifyOptions(now: Date())
            ).signatures.count == 3)
    }
}
