import Foundation
import SignetFiles
import SignetTestSupport
import Testing

/// Every PDF of the shared corpus and what stamping it must do, decided from the corpus README
/// (section B): passwords for the encrypted files, and the three files that must be refused.
struct CorpusPDF: Sendable, CustomTestStringConvertible {
    /// Path relative to `pdfs/`.
    var file: String
    var password: String?
    /// `password` as the PDF openers take it.
    var secret: Secret? { password.map { Secret($0) } }
    /// A fragment of the refusal message, for files that must not be stamped.
    var refusal: String?
    var testDescription: String { file }

    var path: String { Corpus.path("pdfs/" + file) }
}

enum CorpusCatalog {
    static let passwords: [String: String] = [
        "qpdf/enc-R2,V1,U=view,O=master.pdf": "view",
        "qpdf/enc-R3,V2,U=view,O=master.pdf": "view",
        "qpdf/enc-XI-R6,V5,U=view,O=master.pdf": "view",
        "qpdf/c-r5-in.pdf": "user3",
        "qpdf/encrypted-40-bit-R3.pdf": "623",
        "qpdf/enc-long-password.pdf": "asdf asdf asdf asdf asdf asdf qw",
        "qpdf/20-pages.pdf": "user",
        "pdfjs/issue3371.pdf": "ELXRTQWS",
        "pyhanko/minimal-aes256.pdf": "usersecret",
        "py-pdf-sample-files/libreoffice-writer-password.pdf": "openpassword",
        "endesive/pdf-encrypted.pdf": "1234",
    ]

    /// Files that must fail, with a word the message must contain.
    static let refusals: [String: String] = [
        // B6: /Pages loop; qpdf --check itself fails on it.
        "qpdf/pages-loop.pdf": "loops",
        // B6: damaged xref stream, garbage after the last %%EOF; qpdf cannot recover a trailer.
        "qpdf/recover-xref-stream.pdf": "damaged beyond repair",
        // B4: signed AND encrypted: keeping the signature needs an incremental update encrypted
        // with the file key, which takes `CipherPrimitives` (OpenSSL) that SignetPDF alone does not
        // have; through the CLI it is stamped in place (EncryptedInPlaceTests).
        "pdfjs/issue17069.pdf": "encrypted",
    ]

    /// The large third-party sets (pdf.js's test corpus, EU DSS's signed files) are swept by their
    /// own tests (`DamagedRepairCLITests`, `DSSCorpusTests`), not stamped page by page here.
    static let sweptElsewhere = ["pdfjs-corpus/", "dss/"]

    /// Every corpus PDF, found on disk so a file added to the corpus is tested too.
    static var all: [CorpusPDF] {
        let root = Corpus.path("pdfs") + "/"
        return Corpus.files(in: "pdfs", extensions: ["pdf"]).compactMap { path in
            let file = String(path.dropFirst(root.count))
            guard !sweptElsewhere.contains(where: { file.hasPrefix($0) }) else { return nil }
            return CorpusPDF(file: file, password: passwords[file], refusal: refusals[file])
        }
    }

    static var stampable: [CorpusPDF] { all.filter { $0.refusal == nil } }
    static var refused: [CorpusPDF] { all.filter { $0.refusal != nil } }
}
