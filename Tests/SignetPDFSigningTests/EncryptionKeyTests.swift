import Foundation
import SignetCrypto
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

/// The file key of every standard-handler revision, computed from the user and from the owner
/// password (ISO 32000-2 Algorithms 2–7, 2.A, 2.B) over OpenSSL's primitives, on files qpdf
/// encrypted: each password is recognised as what it is, a wrong one as neither.
@Suite("encrypted PDFs: the file key from either password")
struct EncryptionKeyTests {
    static let variants: [(label: String, arguments: [String], revision: Int)] = [
        ("RC4 40-bit", ["40"], 2),
        ("RC4 128-bit", ["128", "--use-aes=n"], 3),
        ("AES-128", ["128", "--use-aes=y"], 4),
        ("AES-256 R5", ["256", "--force-R5"], 5),
        ("AES-256 R6", ["256"], 6),
    ]

    @Test("user, owner and wrong passwords", arguments: 0..<5)
    func passwords(_ index: Int) throws {
        let variant = Self.variants[index]
        let dir = TemporaryDirectory("encryption-key")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let path = dir.path("encrypted.pdf")
        let r = try ProcessRunner.run(
            "qpdf",
            ["--allow-weak-crypto", "--encrypt", "user-pw", "owner-pw"] + variant.arguments + ["--", plain, path])
        try #require(r.status == 0, "qpdf: \(r.stderr)")
        let document = try PDFDocument(path: path, password: Secret("user-pw"))
        let parameters = try #require(try SecurityParameters.read(document))
        #expect(parameters.revision == variant.revision, "\(variant.label): revision \(parameters.revision)")
        let ciphers = OpenSSLCiphers()
        let user = try FileKey.derive(parameters, password: Secret("user-pw"), using: ciphers)
        let owner = try FileKey.derive(parameters, password: Secret("owner-pw"), using: ciphers)
        let wrong = try FileKey.derive(parameters, password: Secret("nobody"), using: ciphers)
        #expect(user?.isOwner == false, "\(variant.label): the user password")
        #expect(owner?.isOwner == true, "\(variant.label): the owner password")
        #expect(user?.bytes == owner?.bytes, "\(variant.label): both passwords give the one file key")
        #expect(wrong == nil, "\(variant.label): a wrong password")
        #expect(user?.bytes.count == parameters.keyLength)
    }

    @Test("an empty user password is recognised without any password given")
    func emptyUserPassword() throws {
        let dir = TemporaryDirectory("encryption-key-empty")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let path = dir.path("encrypted.pdf")
        let r = try ProcessRunner.run("qpdf", ["--encrypt", "", "owner-pw", "256", "--", plain, path])
        try #require(r.status == 0, "qpdf: \(r.stderr)")
        let parameters = try #require(try SecurityParameters.read(try PDFDocument(path: path)))
        let key = try FileKey.derive(parameters, password: Secret(""), using: OpenSSLCiphers())
        #expect(key?.isOwner == false && key?.bytes.count == 32)
    }
}
