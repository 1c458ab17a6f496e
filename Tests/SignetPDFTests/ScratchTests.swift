import Testing
import Foundation
@testable import SignetPDF
import SignetTestSupport

@Test func scratchOpenAll() throws {
    let pw: [String: String] = ["enc-R2,V1,U=view,O=master.pdf": "view", "enc-R3,V2,U=view,O=master.pdf": "view", "enc-XI-R6,V5,U=view,O=master.pdf": "view", "c-r5-in.pdf": "user3", "encrypted-40-bit-R3.pdf": "623", "enc-long-password.pdf": "asdf asdf asdf asdf asdf asdf qw", "20-pages.pdf": "user", "issue3371.pdf": "ELXRTQWS", "minimal-aes256.pdf": "usersecret", "libreoffice-writer-password.pdf": "openpassword", "pdf-encrypted.pdf": "1234"]
    for f in Corpus.files(in: "pdfs", extensions: ["pdf"]) {
        let name = (f as NSString).lastPathComponent
        do {
            let d = try PDFDocument(path: f, password: pw[name])
            let g = try d.page(d.pageCount).geometry()
            print("OK \(name) pages=\(d.pageCount) v=\(d.version) enc=\(d.isEncrypted) recon=\(d.wasReconstructed) size=\(d.firstNewObjectNumber) struct=\(d.structure.lastXrefKind?.rawValue ?? "-") hybrid=\(d.structure.isHybrid) sections=\(d.structure.xrefSections) rev=\(d.structure.revisions) prob=\(d.structure.problem ?? "") hdr=\(d.structure.headerOffset) rot=\(g.rotation) crop=\(g.cropBox) uu=\(g.userUnit) notes=\(g.notes) warn=\(d.warnings.prefix(2))")
        } catch let e as PDFError {
            print("ERR \(name): \(e.message)")
        }
    }
}
