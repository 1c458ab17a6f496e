import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// The map of each revision derived from the one before it (walking only from what the revision
/// wrote) is at least as cautious as a walk from the trailer: every role an object plays, every
/// reference to an undefined object, is in it.
@Suite("Document maps: updated from the revision before = walked whole, or more cautious")
struct DocumentMapUpdateTests {
    let pki = TestPKI.shared

    /// A signed file, then every kind of update the attack table makes, chained one after another.
    func chained() throws -> (folder: TemporaryDirectory, path: String) {
        let dir = TemporaryDirectory("map-update")
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        let signed = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: signed, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: signed)))
        let form = String(decoding: bytes, as: UTF8.self).matches(#"/AcroForm (\d+ 0 R)"#).last ?? "<< >>"
        for c in RevisionAttackTests.cases where !c.certify { bytes = c.update(bytes, form) }
        let twice = dir.write("chained.pdf", bytes: bytes)
        let out = dir.path("chained-signed.pdf")
        _ = try PDFSigner.sign(
            input: twice, output: out, identity: try .pkcs12(path: pki.ecP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        return (dir, out)
    }

    @Test("every revision: roles and undefined references of the updated map include the whole walk's")
    func updatedCoversWhole() throws {
        let (folder, path) = try chained()
        defer { withExtendedLifetime(folder) {} }
        let file = try ReadableFile(path: path)
        let revisions = try FileRevisions.read(file).revisions
        #expect(revisions.count >= 10, "\(revisions.count) revisions")
        let mapped = try MappedFile(file)
        var previous: (document: PDFDocument, map: DocumentMap)?
        for revision in revisions {
            let document = try PDFDocument(mapped: mapped, prefix: revision.end)
            let whole = try DocumentMap(document)
            if let last = previous {
                let updated = try DocumentMap(document, updating: last.map, before: last.document, revision: revision)
                for (number, roles) in whole.roles {
                    #expect(
                        roles.isSubset(of: updated.roles(of: number)),
                        "revision \(revision.index), object \(number): \(roles) not within \(updated.roles(of: number))"
                    )
                }
                for number in whole.dangling.keys {
                    #expect(
                        updated.dangling[number] != nil,
                        "revision \(revision.index): undefined object \(number) missing")
                }
                #expect(updated.fields.keys.sorted() == whole.fields.keys.sorted())
                previous = (document, updated)
            } else {
                previous = (document, whole)
            }
        }
    }
}
