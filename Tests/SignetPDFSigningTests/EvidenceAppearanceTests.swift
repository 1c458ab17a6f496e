import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// What the appearance digest covers, and how the evidence reader bounds hostile input: an
/// appearance nested without end, an envelope that inflates to gigabytes, a file named twice.
extension EvidenceSigningTests {
    /// A signed file with evidence in `dir`, and its widget (in a document opened on it).
    func signedWidget(in dir: TemporaryDirectory) throws -> (path: String, widget: PDFObject) {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        try sign(input, signed, examinerCert: pki.rsaCert)
        let document = try PDFDocument(path: signed)
        return (signed, try #require(try FormFields.all(in: document).first?.widget()))
    }

    @Test(
        "the appearance digest changes with the stream dictionaries, the widget's /Rect and /F, and fonts",
        arguments: ["/Matrix", "/BBox", "/Rect", "/F", "/Font"])
    func appearanceDigestCovers(_ key: String) throws {
        let dir = TemporaryDirectory("evidence-digest")
        let (_, widget) = try signedWidget(in: dir)
        let document = widget.document
        let before = try EvidenceAttachment.appearanceDigest(of: widget)
        #expect(try EvidenceAttachment.appearanceDigest(of: widget) == before, "the digest is repeatable")
        let normal = try #require(try widget.value("/AP")?.value("/N"))
        switch key {
        case "/Matrix": try normal.set("/Matrix", try document.parse("[4 0 0 4 0 0]"))
        case "/BBox": try normal.set("/BBox", try document.parse("[0 0 1 1]"))
        case "/Rect": try widget.set("/Rect", try document.parse("[0 0 500 500]"))
        case "/F": try widget.set("/F", try document.parse("2"))
        default:
            try normal.set(
                "/Resources",
                try document.parse("<< /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Courier >> >> >>"))
        }
        #expect(try EvidenceAttachment.appearanceDigest(of: widget) != before, "changing \(key) changes the digest")
    }

    @Test("an appearance nested past the depth limit, or with too many objects, is unreadable (not a crash)")
    func appearanceBounded() throws {
        let dir = TemporaryDirectory("evidence-deep")
        let (_, widget) = try signedWidget(in: dir)
        let document = widget.document
        var inner = try document.makeStream(
            Array("q Q".utf8), dictionary: "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>")
        for _ in 0..<2_000 {
            let outer = try document.makeStream(
                Array("/X Do".utf8), dictionary: "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>")
            try outer.set("/Resources", try document.parse("<< /XObject << >> >>"))
            try outer.value("/Resources")?.value("/XObject")?.set("/X", inner)
            inner = outer
        }
        try widget.value("/AP")?.set("/N", inner)
        let deep = #expect(throws: EvidenceAttachment.Unreadable.self) {
            try EvidenceAttachment.appearanceDigest(of: widget)
        }
        #expect(deep?.description.contains("deeper than 64 levels") == true, "\(String(describing: deep))")

        let wide = try document.parse("[" + String(repeating: "0 ", count: 10_001) + "]")
        try widget.value("/AP")?.set("/N", try document.makeStream(Array("q Q".utf8), dictionary: "<< /Junk [] >>"))
        try widget.value("/AP")?.value("/N")?.set("/Junk", wide)
        let many = #expect(throws: EvidenceAttachment.Unreadable.self) {
            try EvidenceAttachment.appearanceDigest(of: widget)
        }
        #expect(many?.description.contains("more than 10000 objects") == true, "\(String(describing: many))")
    }

    @Test("an envelope that inflates past the ceiling, or named twice, is unreadable; verify says so")
    func evidenceFilesBounded() throws {
        let dir = TemporaryDirectory("evidence-bomb")
        let (signed, _) = try signedWidget(in: dir)
        let bomb = dir.path("bomb.pdf"), twice = dir.path("twice.pdf")
        try update(signed, to: bomb) { document in
            let widget = try #require(try FormFields.all(in: document).first?.widget())
            for spec in try #require(try widget.value("/AP")?.value("/N")?.value("/AF")).items()
            where try spec.value("/UF")?.textValue() == EvidenceAttachment.envelopeName {
                let zeros = [UInt8](repeating: 0, count: EvidenceAttachment.maxFileBytes + 1)
                try spec.value("/EF")?.set("/F", try document.makeFlateStream(zeros))
                try document.markChanged(spec)
            }
        }
        let read = #expect(throws: EvidenceAttachment.Unreadable.self) {
            try EvidenceAttachment.read(
                from: .widget(try #require(try FormFields.all(in: PDFDocument(path: bomb)).first?.widget())))
        }
        #expect(read?.description.contains("more than 4194304 bytes") == true, "\(String(describing: read))")
        // Unreadable now, readable as signed: changed after the signature.
        let report = try #require(try verify(bomb).first)
        #expect(report.evidence?.status == .notCovered, "\(String(describing: report.evidence))")
        #expect(report.evidence?.detail == "changed after the signature", "\(String(describing: report.evidence))")

        try update(signed, to: twice) { document in
            let widget = try #require(try FormFields.all(in: document).first?.widget())
            let normal = try #require(try widget.value("/AP")?.value("/N"))
            let files = try #require(try normal.value("/AF"))
            try files.append(try #require(try files.items().first))
            try document.markChanged(normal)
        }
        let duplicate = #expect(throws: EvidenceAttachment.Unreadable.self) {
            try EvidenceAttachment.read(
                from: .widget(try #require(try FormFields.all(in: PDFDocument(path: twice)).first?.widget())))
        }
        #expect(duplicate?.description.contains("twice") == true, "\(String(describing: duplicate))")
    }
}
