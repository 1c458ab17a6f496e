import SignetPDF
import SignetPDFSigning

/// What an encrypted document's objects are decrypted with: its `/Encrypt` dictionary, every
/// object in it resolved, and the first `/ID` string (the file key is made from it up to revision 4
/// of the standard security handler). An update that changes either one changes what every
/// earlier string and stream reads as, without redefining any of them: their bytes, and the
/// signatures over them, stay intact.
struct EncryptionIdentity: Equatable {
    let dictionary: [UInt8]
    let firstID: [UInt8]?

    /// `nil` for a document that is not encrypted.
    init?(_ document: PDFDocument) throws {
        let trailer = try document.trailer()
        guard let encrypt = try trailer.value("/Encrypt") else { return nil }
        dictionary = try Self.resolved(encrypt, depth: 0)
        firstID = try trailer.value("/ID")?.items().first?.stringBytes()
    }

    /// The changes between the encryption of `before` and `after`, one sentence each.
    static func changes(from before: PDFDocument, to after: PDFDocument) throws -> [String] {
        let old = try EncryptionIdentity(before), new = try EncryptionIdentity(after)
        guard let old, let new else {
            let same = (old == nil) == (new == nil) && before.isEncrypted == after.isEncrypted
            return same ? [] : ["the encryption of the document changed"]
        }
        var changes: [String] = []
        if old.dictionary != new.dictionary {
            changes.append(
                "the /Encrypt dictionary changed, so every string and stream signed before is decrypted differently")
        }
        if old.firstID != new.firstID {
            changes.append(
                "the first /ID string of the encrypted document changed (its permanent identifier, from which revisions 2–4 of the standard security handler make the file key)"
            )
        }
        return changes
    }

    /// `object` written out with every reference in it followed (to a depth of 8: an /Encrypt
    /// dictionary nests three levels), dictionary keys in order.
    private static func resolved(_ object: PDFObject, depth: Int) throws -> [UInt8] {
        guard depth < 8 else { return try object.unparsed() }
        switch try object.kind {
        case .dictionary:
            var out = Array("<<".utf8)
            for key in try object.keys().sorted() {
                out += Array(" \(key) ".utf8)
                out += try object.entry(key).map { try resolved($0, depth: depth + 1) } ?? Array("null".utf8)
            }
            return out + Array(" >>".utf8)
        case .array:
            return try [UInt8(ascii: "[")] + object.items().flatMap { try resolved($0, depth: depth + 1) + [0x20] }
                + [UInt8(ascii: "]")]
        default:
            return try object.unparsed()
        }
    }
}
