import SignetCore
import SignetFiles

/// What `signet info` reports about a PDF.
public struct DocumentInfo: Sendable, Hashable, Codable {
    /// One page as stored and as displayed.
    public struct Page: Sendable, Hashable, Codable {
        /// The page number, from 1.
        public var page: Int
        /// The MediaBox `[llx lly urx ury]`, in user space.
        package var mediaBox: [Double]
        /// The CropBox (the MediaBox when none), clipped to the MediaBox.
        package var cropBox: [Double]
        /// 0, 90, 180 or 270, after inheritance and normalization.
        package var rotate: Int
        /// The `/UserUnit` (1 when none): the size of a user-space unit in points.
        package var userUnit: Double
        /// Width and height in points as a reader displays the page.
        public var displayedSize: [Double]
        /// What is unusual about the page (an inherited or odd `/Rotate`, a CropBox larger than the MediaBox…).
        package var notes: [String]

        enum CodingKeys: String, CodingKey {
            case page, rotate, notes
            case mediaBox = "media_box", cropBox = "crop_box", userUnit = "user_unit", displayedSize = "displayed_size"
        }
    }

    /// How the document is encrypted.
    public struct Encryption: Sendable, Hashable, Codable {
        /// The security handler (`/Filter`), usually `Standard`.
        package var filter: String?
        /// The algorithm version (`/V`).
        package var version: Int?
        /// The security handler's revision (`/R`).
        package var revision: Int?
        /// RC4 (40 or 128 bit), AES-128 or AES-256, as the `/Encrypt` dictionary says.
        package var method: String
        /// Whether the permissions allow printing.
        package var allowsPrinting: Bool
        /// Whether the permissions allow modifying the contents.
        public var allowsModifying: Bool
        /// Whether the permissions allow copying text and graphics.
        package var allowsCopying: Bool
        /// Whether the permissions allow adding annotations and filling forms.
        public var allowsAnnotating: Bool

        enum CodingKeys: String, CodingKey {
            case filter, version, revision, method
            case allowsPrinting = "allows_printing", allowsModifying = "allows_modifying"
            case allowsCopying = "allows_copying", allowsAnnotating = "allows_annotating"
        }
    }

    /// The file, as named (or "the PDF in memory").
    package var file: String
    /// The file's size in bytes.
    package var fileSize: Int
    /// The PDF version, such as `1.7`.
    package var version: String
    /// The number of pages.
    public var pageCount: Int
    /// Whether the file is linearized (fast web view).
    package var linearized: Bool
    /// The encryption, or `nil` for a document that is not encrypted.
    public var encryption: Encryption?
    /// The signature fields, signed or not.
    public var signatures: [SignatureField]
    /// The DocMDP `/P` of a certified document.
    package var docMDP: Int?
    /// Whether a DocMDP signature certifies the document.
    public var certified: Bool
    /// Whether the document carries usage rights (`/Perms /UR3`).
    package var usageRights: Bool
    /// Saves found along the cross-reference chain (see `FileStructure.revisions`).
    package var revisions: Int?
    /// The number of cross-reference sections along the `/Prev` chain.
    package var xrefSections: Int
    /// `table` or `stream`: the kind of the last cross-reference section.
    package var xrefKind: String?
    /// Whether a classic table also points at a cross-reference stream (`/XRefStm`).
    package var hybrid: Bool
    /// Whether qpdf had to rebuild the cross-reference table to open the file.
    package var reconstructed: Bool
    /// Every page, in order.
    public var pages: [Page]
    /// What qpdf warned about while reading.
    public var warnings: [String]

    enum CodingKeys: String, CodingKey {
        case file, version, linearized, encryption, signatures, certified, revisions, hybrid, reconstructed, pages,
            warnings
        case fileSize = "file_size", pageCount = "page_count", docMDP = "doc_mdp", usageRights = "usage_rights"
        case xrefSections = "xref_sections", xrefKind = "xref_kind"
    }

    /// Reads everything from an open document (the revision count reads the file once more).
    package init(_ document: PDFDocument) throws {
        file = document.path
        fileSize = document.fileSize
        version = document.version
        pageCount = document.pageCount
        linearized = document.isLinearized
        let structure = try FileStructure.read(document.source, countingRevisions: true)
        revisions = structure.revisions
        xrefSections = structure.sectionOffsets.count
        xrefKind = structure.lastXrefKind?.rawValue
        hybrid = structure.isHybrid
        reconstructed = document.wasReconstructed
        signatures = try SignatureScanner.fields(of: document)
        let perms = try SignatureScanner.permissions(of: document)
        (docMDP, certified, usageRights) = (perms.docMDP, perms.isCertified, perms.hasUsageRights)
        encryption = document.isEncrypted ? try Self.encryption(document) : nil
        pages = try (0..<document.pageCount).map { index in
            let number = index + 1
            let g = try document.page(number).geometry()
            let box = { (r: Rect) in [r.minX, r.minY, r.maxX, r.maxY].map { PDFNumber.rounded($0) } }
            return Page(
                page: number, mediaBox: box(g.mediaBox), cropBox: box(g.cropBox), rotate: g.rotation,
                userUnit: g.userUnit,
                displayedSize: [g.displayedSize.width, g.displayedSize.height].map { PDFNumber.rounded($0) },
                notes: g.notes)
        }
        warnings =
            (document.endsWithoutEOF ? ["the file does not end with %%EOF (it may be cut short)"] : [])
            + (document.wasReconstructed ? ["qpdf reconstructed the damaged cross-reference table"] : [])
            + document.warnings + (structure.problem.map { ["cross-reference chain: \($0)"] } ?? [])
    }

    private static func encryption(_ document: PDFDocument) throws -> Encryption {
        let dict = try document.trailer().value("/Encrypt")
        let v = try dict?.value("/V")?.intValue()
        let r = try dict?.value("/R")?.intValue()
        let length = try dict?.value("/Length")?.intValue()
        var method: String
        switch v {
        case 5?: method = "AES-256"
        case 4?:
            let stmf = try dict?.value("/StmF")?.nameValue()
            let cfm = try stmf.flatMap { try dict?.value("/CF")?.value($0)?.value("/CFM")?.nameValue() }
            method = cfm == "/AESV2" ? "AES-128" : cfm == "/AESV3" ? "AES-256" : "RC4-128"
        default: method = "RC4-\(length ?? (v == 1 ? 40 : 128))"
        }
        if r == 5 { method += " (deprecated R5)" }
        let p = document.qpdf.permissions
        return Encryption(
            filter: try dict?.value("/Filter")?.nameValue(), version: v, revision: r, method: method,
            allowsPrinting: p.print, allowsModifying: p.modify, allowsCopying: p.extract, allowsAnnotating: p.annotate)
    }
}
