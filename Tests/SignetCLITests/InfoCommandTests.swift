import Foundation
import SignetTestSupport
import Testing

@Suite("signet info", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct InfoCommandTests {
    func info(_ file: String, _ extra: [String] = [], environment: [String: String]? = nil) throws -> [String: Any] {
        let r = try ProcessRunner.signet(
            ["info", Corpus.path("pdfs/" + file), "--json"] + extra, environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
    }

    @Test("pages as displayed: boxes, inherited and normalized rotation")
    func pages() throws {
        let boxes = try info("qpdf/boxes.pdf")
        #expect(boxes["page_count"] as? Int == 8)
        let pages = try #require(boxes["pages"] as? [[String: Any]])
        #expect(pages.map { $0["rotate"] as? Int } == [0, 90, 180, 270, 0, 90, 180, 270])
        #expect(pages[1]["displayed_size"] as? [Double] == [732, 572])
        #expect(pages[4]["media_box"] as? [Double] == [-10, -20, 642, 832])
        #expect(pages[4]["crop_box"] as? [Double] == [10, 20, 582, 752])
        let inherited = try #require(try info("qpdf/inherited-rotate.pdf")["pages"] as? [[String: Any]])
        #expect(inherited[0]["rotate"] as? Int == 90, "the page's own /Rotate wins over the parent's")
        let unit = try #require(try info("pdfjs/bug1947248_forms.pdf")["pages"] as? [[String: Any]])
        #expect(unit[0]["user_unit"] as? Double == 3)
        #expect(unit[0]["displayed_size"] as? [Double] == [1836, 2376])
    }

    @Test("signatures, certification, usage rights and revisions")
    func signatures() throws {
        let signed = try info("qpdf/digitally-signed.pdf")
        let sig = try #require((signed["signatures"] as? [[String: Any]])?.first)
        #expect(sig["subFilter"] as? String == "adbe.pkcs7.detached")
        #expect(sig["coversWholeFile"] as? Bool == true)
        #expect(sig["byteRange"] as? [Int] == [0, 59599, 64087, 4759])
        #expect(signed["revisions"] as? Int == 1, "a linearized file's two sections are one save")
        let certified = try info("pyhanko/certified-with-indirect-refs-in-dir.pdf")
        #expect(certified["certified"] as? Bool == true)
        #expect(certified["doc_mdp"] as? Int != nil)
        let form = try info("pdfjs/prefilled_f1040.pdf")
        #expect(form["usage_rights"] as? Bool == true)
        #expect(form["revisions"] as? Int == 6)
        #expect(form["xref_sections"] as? Int == 9)
        #expect(try info("qpdf/incremental-1.pdf")["revisions"] as? Int == 3)
        let twice = try #require(try info("node-signpdf/signed-twice.pdf")["signatures"] as? [[String: Any]])
        #expect(twice.map { $0["coversWholeFile"] as? Bool } == [false, true])
        #expect(
            try info("pyhanko/minimal-two-fields.pdf")["signatures"].map {
                ($0 as? [[String: Any]])?.map { $0["isSigned"] as? Bool }
            } == [false, false])
    }

    @Test("encryption, opened with a password from the environment")
    func encryption() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PW"] = "view"
        let r6 = try info("qpdf/enc-XI-R6,V5,U=view,O=master.pdf", ["--password-env", "PW"], environment: environment)
        let e = try #require(r6["encryption"] as? [String: Any])
        #expect(e["method"] as? String == "AES-256")
        #expect(e["revision"] as? Int == 6)
        let rc4 = try #require(try info("qpdf/leading-junk.pdf")["encryption"] as? [String: Any])
        #expect((rc4["method"] as? String)?.hasPrefix("RC4") == true)
        #expect(try info("qpdf/minimal.pdf")["encryption"] == nil)
    }

    @Test("human output groups pages with the same geometry")
    func human() throws {
        let r = try ProcessRunner.signet(["info", Corpus.path("pdfs/qpdf/rotated.pdf")])
        #expect(r.status == 0)
        #expect(r.stdoutText.contains("PDF 1.4, 20 pages"))
        // pdfinfo agrees: page 3 is turned 270°, pages 6-10 are not turned.
        #expect(
            r.stdoutText.contains("  page 3: 792 × 612 pt as displayed; MediaBox [0 0 612 792], Rotate 270\n"),
            "\(r.stdoutText)")
        #expect(
            r.stdoutText.contains("  pages 6-10: 612 × 792 pt as displayed; MediaBox [0 0 612 792], Rotate 0\n"),
            "\(r.stdoutText)")
    }
}
