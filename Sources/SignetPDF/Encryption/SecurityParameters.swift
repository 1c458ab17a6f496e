/// What the standard security handler's `/Encrypt` dictionary says (ISO 32000-2 §7.6.4.2): the
/// revision, the key length, the password hashes, the permissions and which method encrypts
/// strings and streams.
package struct SecurityParameters: Sendable, Hashable {
    /// How a string or a stream is encrypted (a crypt filter's `/CFM`, or the V1/V2 default).
    package enum Method: Sendable, Hashable {
        case identity, rc4, aes128, aes256
    }

    package var revision: Int
    /// The file key's length in bytes.
    package var keyLength: Int
    package var owner: [UInt8]
    package var user: [UInt8]
    package var ownerKey: [UInt8]
    package var userKey: [UInt8]
    package var permissions: UInt32
    package var encryptsMetadata: Bool
    package var strings: Method
    package var streams: Method
    /// The first element of the trailer's `/ID` (part of the key for revisions 2–4).
    package var firstID: [UInt8]

    /// Reads the document's `/Encrypt` dictionary; nil when the file is not encrypted.
    package static func read(_ document: PDFDocument) throws -> SecurityParameters? {
        let trailer = try document.trailer()
        guard let dictionary = try trailer.value("/Encrypt"), try dictionary.kind == .dictionary else { return nil }
        func unsupported(_ why: String) -> PDFError { document.error(.unsupportedEncryption(why)) }
        let filter = try dictionary.value("/Filter")?.nameValue()
        guard filter == "/Standard" else {
            let hasRecipients = try dictionary.value("/Recipients") != nil
            if filter == "/Adobe.PubSec" || hasRecipients {
                throw document.error(.certificateEncrypted)
            }
            throw unsupported("its security handler is \(filter ?? "not named"), not the standard one")
        }
        let version = try dictionary.value("/V")?.intValue() ?? 0
        let revision = try dictionary.value("/R")?.intValue() ?? 0
        guard (2...6).contains(revision), [1, 2, 4, 5].contains(version) else {
            throw unsupported("it uses version \(version), revision \(revision) of the standard security handler")
        }
        var parameters = SecurityParameters(
            revision: revision, keyLength: 5,
            owner: try dictionary.value("/O")?.stringBytes() ?? [],
            user: try dictionary.value("/U")?.stringBytes() ?? [],
            ownerKey: try dictionary.value("/OE")?.stringBytes() ?? [],
            userKey: try dictionary.value("/UE")?.stringBytes() ?? [],
            permissions: UInt32(truncatingIfNeeded: try dictionary.value("/P")?.intValue() ?? 0),
            encryptsMetadata: try dictionary.value("/EncryptMetadata")?.boolValue() ?? true,
            strings: .rc4, streams: .rc4,
            firstID: try trailer.value("/ID")?.items().first?.stringBytes() ?? [])
        switch version {
        case 1: parameters.keyLength = 5
        case 2: parameters.keyLength = (try dictionary.value("/Length")?.intValue() ?? 40) / 8
        default:
            let filters = try dictionary.value("/CF")
            func method(_ key: String) throws -> Method {
                let name = try dictionary.value(key)?.nameValue() ?? "/Identity"
                if name == "/Identity" { return .identity }
                guard let filter = try filters?.value(name) else {
                    throw unsupported("its \(key) names the crypt filter \(name), which /CF does not define")
                }
                switch try filter.value("/CFM")?.nameValue() {
                case "/V2": return .rc4
                case "/AESV2": return .aes128
                case "/AESV3": return .aes256
                case "/None", nil: return .identity
                case let other?: throw unsupported("its crypt filter \(name) uses \(other)")
                }
            }
            parameters.strings = try method("/StrF")
            parameters.streams = try method("/StmF")
            parameters.keyLength = version == 5 ? 32 : 16
        }
        guard (5...32).contains(parameters.keyLength), parameters.owner.count >= 32, parameters.user.count >= 32
        else { throw unsupported("its /Encrypt dictionary has a key length or password hashes out of range") }
        return parameters
    }

    /// Whether the permission bit (1-based, as ISO 32000-2 Table 22 numbers them) is set.
    package func allows(bit: Int) -> Bool { permissions & (1 << UInt32(bit - 1)) != 0 }
}
