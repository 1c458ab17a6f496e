import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// What real writers append after a signature (Adobe's form resources, an LT update's rewritten
/// catalog, a page's inherited box written out, a line end after the last `%%EOF`), each next to
/// the attack that looks like it. The file is TestPDF (1 catalog, 2 pages, 3 font, 4 page, 5 its
/// content), optionally changed by a `prepare` update before it is signed, then given `update`.
@Suite("Writers' updates after a signature: harmless rewrites and their look-alike attacks")
struct WriterUpdateTests {
    let pki = TestPKI.shared

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        /// Objects an update writes before signing (object 20 on: the prepared form and its /DR).
        var prepare: [Int: String] = [:]
        /// The update after signing, from the signed bytes and the form's object number.
        var update: @Sendable (_ signed: [UInt8], _ form: Int) -> [UInt8]
        var level: ModificationLevel
        var permitted: Bool
        /// A fragment the changes must name; `nil` when no change may be reported.
        var names: String?
        var testDescription: String { label }
    }

    static let helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    static let unusedForm = IncrementalUpdate.stream(
        "q 0 0 1 rg 0 0 10 10 re f Q", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 10 10] ")
    /// A form whose /DR is object 21 (its fonts in 22), and no fields yet.
    static let preparedForm: [Int: String] = [
        1: "<< /Type /Catalog /Pages 2 0 R /AcroForm 20 0 R >>",
        20: "<< /Fields [] /DR 21 0 R /DA (/F1 0 Tf 0 g ) >>",
        21: "<< /Font 22 0 R >>",
        22: "<< /F1 3 0 R >>",
    ]

    /// The form rewritten after signing with `extra` keys (its /Fields kept).
    static func form(_ b: [UInt8], _ number: Int, extra: String) -> String {
        let fields = String(decoding: b, as: UTF8.self).matches(#"/Fields \[ ?([^\]]*)\]"#).last ?? ""
        return "<< /Fields [\(fields)] /SigFlags 3 \(extra) >>"
    }

    /// Page 4 rewritten after signing (its /Annots kept unless `annots` is given).
    static func page(
        _ b: [UInt8], box: String? = "/MediaBox [0 0 612 792] ", resources: String? = nil, annots: String? = nil
    )
        -> String
    {
        let kept = String(decoding: b, as: UTF8.self).matches(#"/Annots \[ ?([^\]]*)\]"#).last ?? ""
        return
            "<< /Type /Page /Parent 2 0 R \(box ?? "")/Rotate 0 /Resources \(resources ?? "<< /Font << /F1 3 0 R >> >>")"
            + " /Contents 5 0 R /Annots [\(annots ?? kept)] >>"
    }

    static let cases: [Case] = [
        Case(
            label: "/DR added to a form that had none, holding a font (Adobe, on every signature)",
            update: { b, n in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        n: form(b, n, extra: "/DA (/Helv 0 Tf 0 g ) /DR << /Font << /Helv 50 0 R >> >>"), 50: helvetica,
                    ])
            }, level: .formFilling, permitted: true, names: "the form's /DR was added with /Font /Helv"),
        Case(
            label: "/DR added holding a form XObject nothing draws (/XObject /FRM)",
            update: { b, n in
                IncrementalUpdate.append(
                    to: b, objects: [n: form(b, n, extra: "/DR << /XObject << /FRM 50 0 R >> >>"), 50: unusedForm])
            }, level: .formFilling, permitted: true, names: "/XObject /FRM"),
        Case(
            label: "the /DR object's font dictionary grown in place", prepare: preparedForm,
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [22: "<< /F1 3 0 R /Helv 50 0 R >>", 50: helvetica])
            }, level: .formFilling, permitted: true, names: "the form's /DR gained /Font /Helv"),
        Case(
            label: "an empty /DR object given fonts and an encoding",
            prepare: preparedForm.merging([21: "<< >>"]) { $1 },
            update: { b, _ in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        21: "<< /Font << /Helv 50 0 R >> /Encoding << /PDFDocEncoding 51 0 R >> >>", 50: helvetica,
                        51: "<< /Type /Encoding /Differences [24 /breve] >>",
                    ])
            }, level: .formFilling, permitted: true,
            names: "the form's /DR gained /Encoding /PDFDocEncoding, /Font /Helv"),
        Case(
            label: "/DR /XObject /FRM0 replaced by another form XObject nothing draws",
            prepare: preparedForm.merging([21: "<< /XObject << /FRM0 23 0 R >> >>", 23: unusedForm]) { $1 },
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [21: "<< /XObject << /FRM0 50 0 R >> >>", 50: unusedForm])
            }, level: .formFilling, permitted: true, names: "the form's /DR /XObject /FRM0 was replaced"),
        Case(
            label: "/DR /DSz, no resource category, replaced (Cryptolog's blank form XObject)",
            prepare: preparedForm.merging([21: "<< /DSz 23 0 R >>", 23: unusedForm]) { $1 },
            update: { b, _ in IncrementalUpdate.append(to: b, objects: [21: "<< /DSz 50 0 R >>", 50: unusedForm]) },
            level: .formFilling, permitted: true, names: "the form's /DR /DSz, which no viewer draws with, changed"),
        Case(
            label: "attack: a /DR font replaced under the name a signed field's appearance draws with",
            prepare: preparedForm.merging([
                20: "<< /Fields [24 0 R] /DR 21 0 R /DA (/F1 0 Tf 0 g ) >>",
                4:
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [24 0 R] >>",
                24:
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /V (100) /Rect [72 600 300 630] /P 4 0 R /AP << /N 25 0 R >> >>",
                25: IncrementalUpdate.stream(
                    "BT /F1 12 Tf 2 10 Td (100) Tj ET", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 228 30] "),
            ]) { $1 },
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [22: "<< /F1 50 0 R >>", 50: helvetica])
            }, level: .other, permitted: false, names: "the form's /DR /Font /F1 was replaced or removed"),
        Case(
            label: "attack: a /DR font added under the name a signed appearance without resources draws with",
            prepare: preparedForm.merging([
                20: "<< /Fields [24 0 R] /DR 21 0 R /DA (/F1 0 Tf 0 g ) >>",
                4:
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [24 0 R] >>",
                24:
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /V (100) /Rect [72 600 300 630] /P 4 0 R /AP << /N 25 0 R >> >>",
                25: IncrementalUpdate.stream(
                    "BT /Helv 12 Tf 2 10 Td (100) Tj ET",
                    dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 228 30] "),
            ]) { $1 },
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [22: "<< /F1 3 0 R /Helv 50 0 R >>", 50: helvetica])
            }, level: .other, permitted: false, names: "draws with the form's /DR"),
        Case(
            label: "attack: a font in /DR that the page also uses, changed in place",
            prepare: preparedForm,
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [3: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"])
            }, level: .other, permitted: false, names: "resources changed (object 3)"),
        Case(
            label: "a page given an explicit /MediaBox equal to the one it inherited",
            prepare: [
                2: "<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
                4:
                    "<< /Type /Page /Parent 2 0 R /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
            ],
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [4: page(b, box: "/MediaBox [0 0 612.0 792] ")])
            }, level: .none, permitted: true, names: nil),
        Case(
            label: "attack: a page given an explicit /MediaBox other than the one it inherited",
            prepare: [
                2: "<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
                4:
                    "<< /Type /Page /Parent 2 0 R /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
            ],
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [4: page(b, box: "/MediaBox [0 0 612 400] ")])
            }, level: .other, permitted: false, names: "page 1 /MediaBox changed"),
        Case(
            label: "a page's /Resources moved into an equal indirect dictionary",
            update: { b, _ in
                IncrementalUpdate.append(
                    to: b, objects: [4: page(b, resources: "50 0 R"), 50: "<< /Font << /F1 3 0 R >> >>"])
            }, level: .none, permitted: true, names: nil),
        Case(
            label: "attack: a page's /Resources moved into an indirect dictionary naming another font",
            update: { b, _ in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        4: page(b, resources: "50 0 R"), 50: "<< /Font << /F1 51 0 R >> >>",
                        51: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
                    ])
            }, level: .other, permitted: false, names: "page 1 /Resources changed"),
        Case(
            label: "an LT update's new catalog, the old one plus /DSS",
            update: { b, n in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        40: "<< /Type /Catalog /Pages 2 0 R /AcroForm \(n) 0 R /DSS 41 0 R >>",
                        41: "<< /Certs [] /OCSPs [] /CRLs [] >>",
                    ], root: "40 0 R")
            }, level: .ltaUpdates, permitted: true, names: "a new catalog (object 40), the old one with /DSS added"),
        Case(
            label: "attack: a new catalog, the old one plus /DSS and an /OpenAction",
            update: { b, n in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        40: "<< /Type /Catalog /Pages 2 0 R /AcroForm \(n) 0 R /DSS 41 0 R /OpenAction [4 0 R /Fit] >>",
                        41: "<< /Certs [] >>",
                    ], root: "40 0 R")
            }, level: .other, permitted: false, names: "the trailer's /Root now points at a new catalog (object 40)"),
        Case(
            label: "the signature's own widget taken off the page",
            update: { b, _ in IncrementalUpdate.append(to: b, objects: [4: page(b, annots: "")]) },
            level: .other, permitted: false, names: "the widget of signature field Signature1 removed from page 1"),
    ]

    /// TestPDF, changed by `prepare` when given, signed visibly on page 1; its bytes and form object number.
    func signed(prepare: [Int: String]) throws -> (bytes: [UInt8], form: Int) {
        let dir = TemporaryDirectory()
        var input = TestPDF.bytes()
        if !prepare.isEmpty { input = IncrementalUpdate.append(to: input, objects: prepare) }
        let path = dir.write("in.pdf", bytes: input)
        let out = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: path, output: out, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        let form = Int(String(decoding: bytes, as: UTF8.self).matches(#"/AcroForm (\d+) 0 R"#).last ?? "") ?? 0
        return (bytes, form)
    }

    func verify(_ bytes: [UInt8], _ dir: TemporaryDirectory) throws -> VerificationReport {
        try PDFVerifier.verify(
            path: dir.write("changed.pdf", bytes: bytes), password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
    }

    @Test("each update gets its level, permission and named change", arguments: cases)
    func judged(_ c: Case) throws {
        let (bytes, form) = try signed(prepare: c.prepare)
        let dir = TemporaryDirectory()
        let report = try verify(c.update(bytes, form), dir)
        let first = try #require(report.signatures.first)
        let what = first.changes.map(\.what)
        #expect(first.integrity == .ok, "\(first.problems)")
        #expect(first.modificationLevel == c.level, "\(what)")
        #expect(first.permitted == c.permitted, "\(what)")
        #expect(first.valid == c.permitted, "\(first.problems) \(what)")
        if let names = c.names {
            #expect(first.changes.contains { $0.what.contains(names) }, "\(what)")
        } else {
            #expect(first.changes.isEmpty, "no change is reported: \(what)")
        }
    }

    @Test("a line end after the last %%EOF adds no revision: the signature still covers the entire file")
    func lineEndAfterEOF() throws {
        let (bytes, _) = try signed(prepare: [:])
        let dir = TemporaryDirectory()
        for tail in ["\r\n", "\n", " \r\n"] {
            let report = try verify(bytes + Array(tail.utf8), dir)
            let first = try #require(report.signatures.first)
            #expect(
                first.coverage == .entireFile && first.integrity == .ok, "\(tail.debugDescription): \(first.problems)")
            #expect(first.valid && first.changes.isEmpty, "\(tail.debugDescription): \(first.problems)")
        }
        let report = try verify(bytes + Array("\r\n1 0 obj\n<< >>\nendobj\n".utf8), dir)
        #expect(report.signatures.first?.valid == false, "an object after the last %%EOF is not white space")
    }
}
