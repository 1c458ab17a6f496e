import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Embedded signatures checked by our verifier, poppler's pdfsig and pyHanko.
@Suite("Embedded PDF signatures")
struct PDFSignTests {
    let pki = TestPKI.shared

    func identity(ec: Bool = false) throws -> SigningIdentity {
        try .pkcs12(path: ec ? pki.ecP12 : pki.rsaP12, password: Secret(TestPKI.password))
    }

    func sign(
        _ input: String, _ output: String, ec: Bool = false, options: PDFSignOptions? = nil
    ) throws -> PDFSignResult {
        try PDFSigner.sign(
            input: input, output: output, identity: try identity(ec: ec),
            options: options ?? PDFSignOptions(signingTime: Date(), reason: "Approved", location: "Brussels"))
    }

    func verify(_ path: String) throws -> [SignatureReport] {
        try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert]))
        ).signatures
    }

    @Test(
        "round trip: signet verify, pdfsig and pyHanko accept it",
        arguments: [
            (PDFSignOptions.Format.pkcs7, false), (.pkcs7, true), (.pades, false), (.pades, true),
        ])
    func roundTrip(format: PDFSignOptions.Format, ec: Bool) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let out = dir.path("signed.pdf")
        let result = try sign(
            input, out, ec: ec,
            options: PDFSignOptions(signingTime: Date(), format: format, name: "Ada", reason: "Approved"))
        #expect(byteDifference(try Data(contentsOf: URL(fileURLWithPath: input)), before) == nil, "input untouched")
        let signed = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(signed.prefix(before.count) == before, "the output starts with the input's bytes")
        #expect(result.bytesAdded < 20_000)
        #expect(result.byteRange[0] == 0 && result.byteRange[2] + result.byteRange[3] == signed.count)

        let reports = try verify(out)
        #expect(reports.count == 1)
        #expect(reports.first?.valid == true, "\(reports.first?.problems ?? [])")
        #expect(reports.first?.coverage == .entireFile)
        #expect(reports.first?.trust == .trusted)
        #expect(reports.first?.subFilter == "/" + format.rawValue)
        // Certificates are judged now, not at the claimed time (a signing-time attribute or /M).
        #expect(reports.first?.validationTimeSource == .now)
        #expect(reports.first?.claimedSigningTime != nil)

        let pdfsig = try SignatureCheckers.pdfsig(out)
        #expect(pdfsig.count == 1)
        #expect(pdfsig.first?.validation == "Signature is Valid.")
        #expect(pdfsig.first?.totalDocumentSigned == true)
        #expect(try ProcessRunner.run("qpdf", ["--check", out]).status == 0)
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(out, trust: pki.rootCert)
            #expect(pyhanko.status == 0, "\(pyhanko.stdoutText) \(pyhanko.stderr)")
            #expect(pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText)")
        }
    }

    @Test("flipping one signed byte: signet verify, pdfsig and pyHanko all say no")
    func tamper() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let result = try sign(input, out)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        for position in [200, result.byteRange[2] + 5] {
            var copy = bytes
            copy[position] = copy[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let tampered = dir.write("tampered-\(position).pdf", bytes: copy)
            let report = try #require(try verify(tampered).first)
            #expect(report.integrity == .broken && !report.valid)
            #expect(try SignatureCheckers.pdfsig(tampered).first?.validation != "Signature is Valid.")
            if SignatureCheckers.hasPyhanko {
                let pyhanko = try SignatureCheckers.pyhanko(tampered, trust: pki.rootCert)
                #expect(pyhanko.status != 0 && !pyhanko.stdoutText.contains("judged VALID"))
            }
        }
    }

    @Test("a second signature keeps the first valid; certify first, then sign")
    func secondSignature() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let first = dir.path("one.pdf"), second = dir.path("two.pdf")
        let one = try sign(input, first, options: PDFSignOptions(signingTime: Date(), certify: true))
        #expect(one.certified)
        let two = try sign(first, second, ec: true)
        #expect(two.field == "Signature2")
        let reports = try verify(second)
        #expect(reports.map(\.valid) == [true, true], "\(reports.map(\.problems))")
        #expect(reports.map(\.coverage) == [.earlierRevision, .entireFile])
        #expect(reports.first?.permitted == true)
        #expect(reports.first?.docmdp == 2)
        #expect((reports.first?.modificationLevel ?? .other) <= .formFilling)
        let pdfsig = try SignatureCheckers.pdfsig(second)
        #expect(pdfsig.map(\.validation) == ["Signature is Valid.", "Signature is Valid."])
        #expect(pdfsig.map(\.totalDocumentSigned) == [false, true])
        let certify = try #require(throws: PDFSignError.self) {
            try sign(second, dir.path("three.pdf"), options: PDFSignOptions(signingTime: Date(), certify: true))
        }
        #expect(certify.reason == .certifyNeedsUnsignedDocument)
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(second, trust: pki.rootCert)
            #expect(pyhanko.status == 0, "\(pyhanko.stdoutText) \(pyhanko.stderr)")
        }
    }

    @Test("a reserve smaller than the signature is refused before anything is written")
    func reserveTooSmall() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let error = try #require(throws: PDFSignError.self) {
            try sign(input, dir.path("out.pdf"), options: PDFSignOptions(signingTime: Date(), reserve: 600))
        }
        guard case .signatureTooLarge(let needed, let reserved) = error.reason else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(needed > 600 && reserved == 600)
        #expect(dir.contents() == ["in.pdf"])
    }

    @Test("signing time and /M are those passed in, not the clock")
    func signingTimeIsPassedIn() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let when = try #require(try identity().notBefore).addingTimeInterval(3600 * 24 * 30)
        _ = try sign(input, out, options: PDFSignOptions(signingTime: when))
        let report = try #require(try verify(out).first)
        #expect(report.claimedSigningTime == UTCTime.iso8601(when))
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(text.contains("/M (\(PDFDate.string(when)))"))
    }
}
