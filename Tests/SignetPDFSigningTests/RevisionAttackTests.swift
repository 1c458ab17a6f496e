import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Changes made after a signature, each appended as a hand-written incremental update to a file
/// signed here (TestPDF: 1 catalog, 2 pages, 3 font, 4 page, 5 its content; signing adds the rest),
/// and the level, permission and named change `verify` must report for the signature.
@Suite("Changes after a signature: levels and permissions")
struct RevisionAttackTests {
    let pki = TestPKI.shared

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var certify = false
        /// The update, made from the signed bytes and the signature's catalog text.
        var update: @Sendable (_ signed: [UInt8], _ acroForm: String) -> [UInt8]
        var level: ModificationLevel
        var permitted: Bool
        /// A fragment the changes must name.
        var names: String
        /// How many signatures the verifier counts (forged fields are not counted).
        var signatures = 1
        var testDescription: String { label }
    }

    static let nineThousand = IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 9999) Tj ET")

    static let cases: [Case] = [
        Case(
            label: "page content stream replaced",
            update: { b, _ in IncrementalUpdate.append(to: b, objects: [5: nineThousand]) },
            level: .other, permitted: false, names: "page 1 content stream replaced (object 5)"),
        Case(
            label: "a new catalog under a new number, nothing redefined",
            update: { b, form in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        40: "<< /Type /Catalog /Pages 41 0 R /AcroForm \(form) >>",
                        41: "<< /Type /Pages /Kids [42 0 R] /Count 1 >>",
                        42:
                            "<< /Type /Page /Parent 41 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 43 0 R >>",
                        43: nineThousand,
                    ], root: "40 0 R")
            }, level: .other, permitted: false, names: "the trailer's /Root now points at a new catalog (object 40)"),
        Case(
            label: "a page given an undefined content stream, defined by a later unsigned update",
            update: { b, _ in
                // The page is given a second content stream 60 in one update, then 60 is defined in the next: no
                // signature separates them, so they are judged as one span, a page content change. A reference made
                // before signing is the corpus's dangling case (make_corpus.py, "referenced before but did not exist").
                let prepared = IncrementalUpdate.append(
                    to: b,
                    objects: [
                        4:
                            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents [5 0 R 60 0 R] >>"
                    ])
                return IncrementalUpdate.append(to: prepared, objects: [60: nineThousand])
            }, level: .other, permitted: false, names: "page 1 content changed (its /Contents now objects 5, 60)"),
        Case(
            label: "an existing object freed",
            update: { b, _ in
                appendFree(b, number: 3)
            }, level: .other, permitted: false, names: "object 3 (resources) freed"),
        Case(
            label: "JavaScript /OpenAction added to the catalog",
            update: { b, form in
                IncrementalUpdate.append(
                    to: b,
                    objects: [
                        1:
                            "<< /Type /Catalog /Pages 2 0 R /AcroForm \(form) /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"
                    ])
            }, level: .other, permitted: false, names: "JavaScript /OpenAction added to the catalog"),
        Case(
            label: "/Info title changed",
            update: { b, _ in
                IncrementalUpdate.append(to: b, objects: [30: "<< /Title (Changed) >>"], trailerExtra: "/Info 30 0 R ")
            }, level: .ltaUpdates, permitted: true, names: "/Info now points at object 30"),
        Case(
            label: "a Text annotation added",
            update: { b, _ in
                addAnnotation(b, "<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /Contents (Looks good) >>")
            }, level: .annotations, permitted: true, names: "Text annotation added on page 1"),
        Case(
            label: "a Text annotation added to a certified (P=2) document", certify: true,
            update: { b, _ in
                addAnnotation(b, "<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /Contents (Looks good) >>")
            }, level: .annotations, permitted: false, names: "Text annotation added on page 1"),
        Case(
            label: "a FreeText annotation tagged /FT /Sig is an annotation, not a signature",
            update: { b, _ in
                addAnnotation(
                    b,
                    "<< /Type /Annot /Subtype /FreeText /FT /Sig /Rect [72 690 400 730] /DA (/Helv 24 Tf) /Contents (Pay 9999) >>"
                )
            }, level: .annotations, permitted: true, names: "FreeText annotation added on page 1"),
        Case(
            label: "an unsigned signature field whose appearance paints over the text",
            update: { b, form in
                addField(
                    b, form: form,
                    field:
                        "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Cover) /Rect [72 690 400 730] /P 4 0 R /AP << /N 51 0 R >> >>",
                    extra: [
                        51: IncrementalUpdate.stream(
                            "1 1 1 rg 0 0 328 40 re f", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 328 40] ")
                    ])
            }, level: .annotations, permitted: true,
            names: "signature field Cover added on page 1 at [72 690 400 730], unsigned, visible"),
        Case(
            label: "a field whose /V reuses the signature's dictionary",
            update: { b, form in
                let signature = String(decoding: b, as: UTF8.self).matches(#"/V (\d+) 0 R"#).first ?? "0"
                return addField(
                    b, form: form,
                    field:
                        "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Clone) /Rect [0 0 0 0] /P 4 0 R /V \(signature) 0 R >>"
                )
            }, level: .other, permitted: false, names: "reuses an earlier signature's dictionary", signatures: 2),
        Case(
            label: "a field whose /V is a copy of the signature's dictionary",
            update: { b, form in
                let text = String(decoding: b, as: UTF8.self)
                let body =
                    text.matches(#"(<<\s*/Type /Sig[^\n]*>>)"#).first ?? text.matches(
                        #"\d+ 0 obj\s*(<< /ByteRange.*?>>)\s*endobj"#
                    ).first ?? "<< >>"
                return addField(
                    b, form: form,
                    field: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Copy) /Rect [0 0 0 0] /P 4 0 R /V 52 0 R >>",
                    extra: [52: body])
            }, level: .other, permitted: false, names: "does not cover the revision that gave it to the field",
            signatures: 2),
    ]

    /// A widget appended to page 4's /Annots (the signature widget stays first).
    static func addAnnotation(_ b: [UInt8], _ annotation: String) -> [UInt8] {
        let annots = String(decoding: b, as: UTF8.self).matches(#"/Annots \[ ?([^\]]*)\]"#).last ?? ""
        return IncrementalUpdate.append(
            to: b,
            objects: [
                50: annotation,
                4:
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [\(annots) 50 0 R] >>",
            ])
    }

    /// A field both in the page's /Annots and in the form's /Fields.
    static func addField(_ b: [UInt8], form: String, field: String, extra: [Int: String] = [:]) -> [UInt8] {
        let text = String(decoding: b, as: UTF8.self)
        let annots = text.matches(#"/Annots \[ ?([^\]]*)\]"#).last ?? ""
        let fields = text.matches(#"/Fields \[ ?([^\]]*)\]"#).last ?? ""
        let formNumber = Int(form.split(separator: " ").first ?? "") ?? 0
        var objects = extra
        objects[50] = field
        objects[4] =
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [\(annots) 50 0 R] >>"
        objects[formNumber] = "<< /Fields [\(fields) 50 0 R] /SigFlags 3 >>"
        return IncrementalUpdate.append(to: b, objects: objects)
    }

    /// An update whose xref section frees object `number`.
    static func appendFree(_ b: [UInt8], number: Int) -> [UInt8] {
        IncrementalUpdate.append(to: b, objects: [:], freed: [number])
    }

    func signed(certify: Bool) throws -> (bytes: [UInt8], acroForm: String) {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: out, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date(), certify: certify))
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        let form = String(decoding: bytes, as: UTF8.self).matches(#"/AcroForm (\d+ 0 R)"#).last ?? "<< >>"
        return (bytes, form)
    }

    @Test("each change gets its level, permission and a named change", arguments: cases)
    func judged(_ c: Case) throws {
        let (bytes, form) = try signed(certify: c.certify)
        let dir = TemporaryDirectory()
        let path = dir.write("changed.pdf", bytes: c.update(bytes, form))
        let report = try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
        // A field that shows a signature it does not hold is reported too, never valid.
        #expect(report.signatures.count == c.signatures, "\(report.signatures.map(\.field))")
        #expect(
            report.signatures.dropFirst().allSatisfy { !$0.valid }
                && report.signatures.filter { $0.problemKinds.contains(.structure) }.count == c.signatures - 1,
            "\(report.signatures.map(\.problems))")
        let first = try #require(report.signatures.first)
        #expect(first.integrity == .ok)
        #expect(first.modificationLevel == c.level, "\(first.changes.map(\.what))")
        #expect(first.permitted == c.permitted, "\(first.changes.map(\.what))")
        #expect(first.valid == c.permitted, "\(first.problems) \(first.changes.map(\.what))")
        #expect(first.changes.contains { $0.what.contains(c.names) }, "\(first.changes.map(\.what))")
        #expect(report.valid == (c.permitted && c.signatures == report.signatures.count))
    }

    @Test("an xref entry that points at another object's bytes is a problem of its revision, never reconciled")
    func xrefPointsElsewhere() throws {
        let (bytes, _) = try signed(certify: false)
        var attack = IncrementalUpdate.append(to: bytes, objects: [5: Self.nineThousand])
        // Point object 5's new entry at object 3's definition in the first revision.
        func offset(of text: String, last: Bool) -> Int {
            let needle = Array(text.utf8)
            let starts = (0...(attack.count - needle.count)).filter {
                attack[$0] == needle[0] && Array(attack[$0..<($0 + needle.count)]) == needle
            }
            return (last ? starts.last : starts.first) ?? 0
        }
        let fontOffset = offset(of: "3 0 obj", last: false)
        let entry = offset(of: "5 1\n", last: true) + 4
        attack.replaceSubrange(entry..<(entry + 10), with: Array(String(format: "%010d", fontOffset).utf8))
        let dir = TemporaryDirectory()
        let path = dir.write("elsewhere.pdf", bytes: attack)
        let report = try PDFVerifier.verify(
            path: path, password: nil, options: VerifyOptions(now: Date(), requireTrust: false))
        let last = try #require(report.revisions.last)
        #expect(
            last.problems.contains { $0.contains("the entry for object 5 0 points at object 3 0") }, "\(last.problems)")
        let first = try #require(report.signatures.first)
        #expect(first.modificationLevel == .other && !first.permitted && !first.valid)
    }

    @Test("P=1 certification: a later signature is not permitted; P=2: it is")
    func certificationLevels() throws {
        let dir = TemporaryDirectory()
        let (bytes, _) = try signed(certify: true)
        // Rewrite the DocMDP /P 2 of the certification to /P 1 before anything is hashed: sign a fresh P=1 file instead.
        let p2 = dir.write("p2.pdf", bytes: bytes)
        let twice = dir.path("p2-twice.pdf")
        _ = try PDFSigner.sign(
            input: p2, output: twice, identity: try .pkcs12(path: pki.ecP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        let options = VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert]))
        let report = try PDFVerifier.verify(path: twice, password: nil, options: options)
        #expect(report.signatures.first?.docmdp == 2)
        #expect(report.signatures.first?.permitted == true)
        #expect(report.valid, "\(report.signatures.map(\.problems))")
    }
}
