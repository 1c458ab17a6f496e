import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Signed, then stamped: the stamp becomes a Stamp annotation in an incremental update, so the
/// earlier signature still covers its revision and sees no page content change; certified
/// documents that allow no annotations refuse the stamp.
@Suite("Stamping signed and certified PDFs")
struct StampSignedTests {
    let pki = TestPKI.shared
    static let placement = StampPlacement(at: Point(x: 72, y: 72), width: 150)
    static let expected = Rect(x: 72, y: 72, width: 150, height: 50)

    func signed(_ dir: TemporaryDirectory, certify: Bool = false) throws -> String {
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        let output = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: output, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date(), certify: certify))
        return output
    }

    func stamp(_ input: String, to output: String, breakSignatures: Bool = false) throws -> StampReport {
        try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: .all, placement: Self.placement, breakSignatures: breakSignatures),
            output: output)
    }

    @Test(
        "sign → stamp: an annotation, content byte-identical, the signature still valid over its revision, upright in poppler and MuPDF"
    )
    func signedThenStamped() throws {
        let dir = TemporaryDirectory("stamp-signed")
        let signedPath = try signed(dir)
        let output = dir.path("stamped.pdf")
        let report = try stamp(signedPath, to: output)
        #expect(report.form == .annotation && report.mode == "incremental")

        let signedBytes = try Data(contentsOf: URL(fileURLWithPath: signedPath))
        #expect(
            byteDifference(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(signedBytes.count), signedBytes)
                == nil)
        let before = try PDFDocument(path: signedPath), after = try PDFDocument(path: output)
        for number in 1...2 {
            let old = try before.page(number).object.value("/Contents"),
                new = try after.page(number).object.value("/Contents")
            #expect(try old?.id == new?.id, "page \(number): the same content object")
            #expect(
                try old?.streamData(decoded: false) == new?.streamData(decoded: false),
                "page \(number): the same content bytes")
            let subtypes = try after.page(number).object.value("/Annots")?.items().map {
                try $0.value("/Subtype")?.nameValue()
            }
            #expect(subtypes?.last == "/Stamp", "page \(number): \(String(describing: subtypes))")
        }
        let field = try #require(try SignatureScanner.fields(of: after).first)
        let range = try #require(field.byteRange)
        #expect(
            range[0] == 0 && range[2] + range[3] == signedBytes.count,
            "the ByteRange covers exactly the signed revision")
        #expect(field.coversWholeFile == false)

        let pdfsig = try SignatureCheckers.pdfsig(output)
        #expect(pdfsig.map(\.validation) == ["Signature is Valid."])
        #expect(pdfsig.first?.totalDocumentSigned == false)
        // Our verifier: the stamps are permitted annotations, one named change per page.
        let verified = try PDFVerifier.verify(
            path: output, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
        #expect(verified.valid, "\(verified.signatures.map(\.changes))")
        let first = try #require(verified.signatures.first)
        #expect(first.modificationLevel == .annotations && first.permitted)
        #expect(
            first.changes.map(\.what).filter { $0.hasPrefix("Stamp annotation added on page") }.count == 2,
            "\(first.changes.map(\.what))")
        #expect(try QPDFTool.check(output).isClean)
        for page in 1...2 {
            let poppler = try #require(
                try StampLocator.locate(pdf: output, page: page, baseline: signedPath), "poppler, page \(page)")
            #expect(poppler.isUpright(at: Self.expected), "poppler, page \(page): \(poppler)")
            let mupdf = try #require(
                try Mutool.locateStamp(pdf: output, page: page, baseline: signedPath), "mutool, page \(page)")
            #expect(mupdf.isUpright(at: Self.expected), "mutool, page \(page): \(mupdf)")
        }
    }

    @Test("a P=2 certification refuses the stamp, naming the level; breakSignatures stamps anyway")
    func certified() throws {
        let dir = TemporaryDirectory("stamp-certified")
        let certified = try signed(dir, certify: true)
        let refused = dir.path("refused.pdf")
        let error = try #require(throws: PDFError.self) { try stamp(certified, to: refused) }
        #expect(error.reason == .certifiedAgainstStamps(docMDP: 2))
        #expect(
            error.message.contains("certified with DocMDP P=2 (only form filling and signing allowed)"),
            "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: refused))

        let forced = dir.path("forced.pdf")
        let report = try stamp(certified, to: forced, breakSignatures: true)
        #expect(report.form == .annotation && report.mode == "incremental")
        #expect(try QPDFTool.check(forced).isClean)
        #expect(
            try StampLocator.locate(pdf: forced, page: 1, baseline: certified)?.isUpright(at: Self.expected) == true)
    }
}
