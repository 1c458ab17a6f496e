import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Additions after a signature that readers draw differently, so that rendering their /Rect with
/// poppler proves nothing: a stamp that MuPDF draws and poppler does not (a /Rect of five numbers,
/// optional content, an appearance filter poppler refuses, a form without /BBox), one that draws
/// outside its /Rect (NoRotate on a turned page), one that shows something else under the pointer
/// (a rollover or down appearance), an open pop-up window or note, and an update whose hybrid table frees an object its /XRefStm
/// defines (MuPDF sees it freed). Each made here on a signed TestPDF (page 4, its content 5).
@Suite("Verify: additions readers draw differently, and hybrid tables that free what /XRefStm defines")
struct UncomparableOverlayTests {
    let pki = TestPKI.shared

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        /// The page's /Rotate when signed.
        var rotate = 0
        /// The stamp's entries besides /Type, /Subtype and /AP.
        var entries: String
        /// The appearance stream's dictionary entries.
        var appearance = ""
        /// The appearance stream's /BBox, `nil` for none.
        var box: String? = "[0 0 328 40]"
        var subtype = "/Stamp"
        /// Entries of /AP besides /N.
        var moreAppearances = ""
        /// The normal appearance (/N).
        var normal = "51 0 R"
        /// What the change's sentence names (empty for a control, which makes no such change).
        var names = ""
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "a /Rect of five numbers", entries: "/Rect [72 690 400 730 0]", names: "not four numbers"),
        Case(label: "a /Rect of three numbers", entries: "/Rect [72 690 400]", names: "not four numbers"),
        Case(
            label: "optional content", entries: "/Rect [72 690 400 730] /OC << /Type /OCMD /VE [/Not 60 0 R] >>",
            names: "optional content"),
        Case(
            label: "NoRotate on a turned page", rotate: 90, entries: "/Rect [72 690 112 730] /F 20", names: "NoRotate"),
        Case(
            label: "an appearance filter not every reader decodes", entries: "/Rect [72 690 400 730]",
            appearance: "/Filter /Foo", names: "encoded with /Foo"),
        // pdf.js draws an appearance without /BBox in [0 0 1 1] stretched over the /Rect;
        // poppler and MuPDF draw nothing.
        Case(label: "an appearance without /BBox", entries: "/Rect [72 690 400 730]", box: nil, names: "/BBox"),
        Case(
            label: "an appearance whose /BBox is three numbers", entries: "/Rect [72 690 400 730]", box: "[0 0 328]",
            names: "/BBox"),
        // MuPDF draws a "DRAFT" stamp of its own in place of an /N array; poppler draws nothing.
        Case(
            label: "a normal appearance that is an array", entries: "/Rect [72 690 400 730]",
            normal: "[51 0 R]", names: "normal appearance (/N) is no stream"),
        // Acrobat draws an open pop-up window with its parent's text; poppler draws no pop-up.
        Case(
            label: "an open pop-up window", entries: "/Rect [72 690 400 730] /Open true", subtype: "/Popup",
            names: "open pop-up window"),
        // pdf.js and Acrobat open a note's window of their own when it has no /Popup; poppler draws none.
        Case(
            label: "a note shown open without a pop-up",
            entries: "/Rect [72 690 92 710] /Open true /Contents (900 EUR)",
            subtype: "/Text", names: "note shown open"),
        // A rollover or down appearance shows under the pointer; the render shows /N.
        Case(
            label: "a rollover appearance", entries: "/Rect [72 690 400 730]", moreAppearances: "/R 51 0 R",
            names: "rollover appearance (/R)"),
        Case(
            label: "a down appearance", entries: "/Rect [72 690 400 730]", moreAppearances: "/D 51 0 R",
            names: "down appearance (/D)"),
        // MuPDF draws a Caret (filled with /C) or a Redact (its outline) of its own when no normal
        // appearance stream is chosen; poppler draws nothing.
        Case(
            label: "a Caret whose appearance states have no /AS", entries: "/Rect [72 690 82 705] /C [1 1 1]",
            subtype: "/Caret", normal: "<< /On 51 0 R >>", names: "no normal appearance stream"),
        Case(
            label: "a Redact whose /AS names no appearance", entries: "/Rect [72 690 400 730] /AS /Off",
            subtype: "/Redact", normal: "<< /On 51 0 R >>", names: "no normal appearance stream"),
    ]

    /// The same kinds drawn as poppler renders them (a black square in its /BBox), in blank space.
    static let controls: [Case] = [
        Case(
            label: "a stamp with a plain /Rect on an upright page", entries: "/Rect [400 60 500 100] /F 20",
            box: "[0 0 100 40]"),
        Case(
            label: "a Caret with a normal appearance stream", entries: "/Rect [500 60 520 80]", box: "[0 0 20 20]",
            subtype: "/Caret"),
        Case(
            label: "a Redact with its normal appearance under /AS", entries: "/Rect [500 60 520 80] /AS /On",
            box: "[0 0 20 20]", subtype: "/Redact", normal: "<< /On 51 0 R >>"),
        Case(
            label: "a note left closed", entries: "/Rect [500 60 520 80] /Contents (ok)", box: "[0 0 20 20]",
            subtype: "/Text"),
        Case(
            label: "a note with /Open false", entries: "/Rect [500 60 520 80] /Contents (ok) /Open false",
            box: "[0 0 20 20]", subtype: "/Text"),
    ]

    func verify(_ bytes: [UInt8], _ name: String) throws -> SignatureReport {
        let dir = TemporaryDirectory("uncomparable-\(name)")
        let report = try PDFVerifier.verify(
            path: dir.write("\(name).pdf", bytes: bytes), password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
        return try #require(report.signatures.first)
    }

    /// Page 4 of `bytes` with annotation 50 added to its /Annots.
    static func listing50(_ bytes: [UInt8]) -> String {
        let page = DuplicateKeyTests.body(of: 4, in: bytes)
        return page.contains("/Annots [")
            ? DuplicateKeyTests.first("/Annots [", in: page, with: "/Annots [50 0 R ")
            : DuplicateKeyTests.first("<<", in: page, with: "<< /Annots [50 0 R]")
    }

    /// `signed` with a Stamp (object 50: `entries`, drawn by form 51 with `content` in `box`, or with
    /// no /BBox when `nil`, and the form's `more` entries) added to page 4, and an optional content
    /// group (60).
    static func stamping(
        _ signed: [UInt8], subtype: String = "/Stamp", entries: String, normal: String = "51 0 R",
        appearances: String = "", content: String, box: String?, more: String = ""
    ) -> [UInt8] {
        IncrementalUpdate.append(
            to: signed,
            objects: [
                4: listing50(signed),
                50: "<< /Type /Annot /Subtype \(subtype) \(entries) /AP << /N \(normal) \(appearances)>> >>",
                51: IncrementalUpdate.stream(
                    content, dictionary: "/Type /XObject /Subtype /Form \(box.map { "/BBox \($0) " } ?? "")\(more)"),
                60: "<< /Type /OCG /Name (Layer) >>",
            ])
    }

    func signed(rotate: Int = 0) throws -> [UInt8] {
        try DuplicateKeyTests().sign(TestPDF.bytes(rotations: [rotate]))
    }

    @Test("a stamp whose drawing one reader's render cannot judge is a change at level other", arguments: cases)
    func uncomparable(_ c: Case) throws {
        let signed = try signed(rotate: c.rotate)
        let attack = Self.stamping(
            signed, subtype: c.subtype, entries: c.entries, normal: c.normal, appearances: c.moreAppearances,
            content: "1 g 0 0 328 40 re f", box: c.box, more: c.appearance)
        let first = try verify(attack, "attack")
        #expect(!first.valid && first.modificationLevel == .other, "\(first.changes.map(\.what))")
        #expect(
            first.changes.contains {
                $0.what.contains("cannot be compared with the page as signed: ") && $0.what.contains(c.names)
            },
            "\(first.changes.map(\.what))")
    }

    @Test("the same kinds that readers draw alike are annotations, permitted", arguments: controls)
    func control(_ c: Case) throws {
        let box = try #require(c.box)
        let update = Self.stamping(
            try signed(), subtype: c.subtype, entries: c.entries, normal: c.normal,
            content: "0 g \(box.dropFirst().dropLast()) re f", box: box)
        let first = try verify(update, "control")
        #expect(first.modificationLevel == .annotations && first.permitted, "\(first.changes.map(\.what))")
    }

    @Test(
        "a soft mask's group or a tiling pattern the appearance draws needs a /BBox too; with one it is permitted",
        arguments: [
            (
                "/ExtGState << /G0 << /SMask << /S /Luminosity /G 52 0 R >> >> >>", "/G0 gs",
                "/Type /XObject /Subtype /Form /Group << /S /Transparency >>"
            ),
            (
                "/Pattern << /P0 52 0 R >>", "/Pattern cs /P0 scn",
                "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /XStep 10 /YStep 10 /Resources << >>"
            ),
        ] as [(String, String, String)])
    func unboxedResource(_ resources: String, _ use: String, _ kind: String) throws {
        let signed = try signed()
        func update(box: String?) -> [UInt8] {
            IncrementalUpdate.append(
                to: signed,
                objects: [
                    4: Self.listing50(signed),
                    50: "<< /Type /Annot /Subtype /Stamp /Rect [400 60 500 100] /AP << /N 51 0 R >> >>",
                    51: IncrementalUpdate.stream(
                        "\(use) 0 0 100 40 re f",
                        dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 100 40] /Resources << \(resources) >>"),
                    52: IncrementalUpdate.stream(
                        "0 g 0 0 10 10 re f",
                        dictionary: "\(kind) \(box.map { "/BBox \($0)" } ?? "")"),
                ])
        }
        let unboxed = try verify(update(box: nil), "unboxed-resource")
        #expect(!unboxed.valid && unboxed.modificationLevel == .other, "\(unboxed.changes.map(\.what))")
        #expect(unboxed.changes.contains { $0.what.contains("object 52") && $0.what.contains("/BBox") })
        let boxed = try verify(update(box: "[0 0 10 10]"), "boxed-resource")
        #expect(boxed.modificationLevel == .annotations && boxed.permitted, "\(boxed.changes.map(\.what))")
    }

    @Test("an update whose table frees page 1's content while its /XRefStm defines it is a change at level other")
    func hybridShadow() throws {
        let signed = try signed()
        let text = String(decoding: signed, as: UTF8.self)
        let size = Int(text.matches(#"/Size (\d+)"#).last ?? "0")!
        let prev = NumberSyntaxTests.startxref(signed)
        let root = text.matches(#"/Root (\d+ \d+ R)"#).last ?? "1 0 R"
        let copy = "5 0 obj\n" + DuplicateKeyTests.body(of: 5, in: signed) + "\nendobj\n"
        var out = signed
        let copyAt = out.count
        out += Array(copy.utf8)
        let rows: [UInt8] = [1] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: copyAt >> ($0 * 8)) } + [0, 0]
        let streamAt = out.count
        out +=
            Array(
                "\(size) 0 obj\n<< /Type /XRef /Size \(size + 1) /W [1 4 2] /Index [5 1] /Length \(rows.count) >>\nstream\n"
                    .utf8) + rows + Array("\nendstream\nendobj\n".utf8)
        let tableAt = out.count
        out += Array(
            ("xref\n0 1\n0000000000 65535 f \n5 1\n0000000000 00001 f \n\(size) 1\n"
                + String(repeating: "0", count: 10 - String(streamAt).count) + "\(streamAt) 00000 n \n"
                + "trailer\n<< /Size \(size + 1) /Root \(root) /Prev \(prev) /XRefStm \(streamAt) >>\nstartxref\n\(tableAt)\n%%EOF\n")
                .utf8)
        let first = try verify(out, "hybrid")
        #expect(!first.valid && first.modificationLevel == .other, "\(first.changes.map(\.what))")
        #expect(
            first.changes.contains { $0.what.contains("lists object 5 as free and its /XRefStm defines it") },
            "\(first.changes.map(\.what))")
    }
}
