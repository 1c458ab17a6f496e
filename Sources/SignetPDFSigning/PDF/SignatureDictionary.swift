import SignetCrypto
import SignetPDF

/// The signature dictionary's bytes as written into the update, with fixed-width placeholders
/// for `/ByteRange` and `/Contents`, and where those placeholders sit in the bytes.
struct SignatureDictionary {
    let body: [UInt8]
    /// Index of the `[` of the ByteRange placeholder, and its width in bytes.
    let byteRangeOffset: Int
    let byteRangeWidth: Int
    /// Index of the `<` of /Contents; the string spans `2 * reserved + 2` bytes.
    let contentsOffset: Int
    let reserved: Int

    var contentsLength: Int { 2 * reserved + 2 }

    init(options: PDFSignOptions, reserved: Int, certify: Bool, in document: PDFDocument) throws {
        var text = Array("<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /\(options.format.rawValue)".utf8)
        func add(_ key: String, _ value: String?) throws {
            guard let value else { return }
            text += Array(" \(key) ".utf8) + (try document.string(PDFText.bytes(value)).unparsed())
        }
        try add("/M", PDFDate.string(options.signingTime))
        try add("/Name", options.name)
        try add("/Reason", options.reason)
        try add("/Location", options.location)
        try add("/ContactInfo", options.contactInfo)
        text += Array(" /Prop_Build << /App << /Name /Signet >> >>".utf8)
        if certify {
            text += Array(
                (" /Reference [<< /Type /SigRef /TransformMethod /DocMDP"
                    + " /TransformParams << /Type /TransformParams /P 2 /V /1.2 >> >>]").utf8)
        }
        self.init(keys: text, reserved: reserved)
    }

    /// A document timestamp's dictionary (ISO 32000-2 §12.8.5): no /M, /Name or /Prop_Build, the
    /// token's own genTime is the time.
    init(documentTimestampReserving reserved: Int) {
        self.init(
            keys: Array("<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161".utf8),
            reserved: reserved)
    }

    /// The same dictionary for an encrypted document: its strings (`/M`, `/Name`, `/Reason`…)
    /// encrypted for object `id`, `/Contents` left clear as ISO 32000-2 §7.6.2 requires. Every
    /// string precedes the placeholders, so they only move by the change in length (checked: a
    /// string added after them would otherwise shift what gets signed).
    func encrypted(with cipher: ObjectCipher, as id: PDFObjectID) throws -> SignatureDictionary {
        let encrypted = try cipher.encryptStrings(in: body, of: id, plainOffsets: [contentsOffset])
        let shift = encrypted.count - body.count
        let moved = SignatureDictionary(
            body: encrypted, byteRangeOffset: byteRangeOffset + shift, byteRangeWidth: byteRangeWidth,
            contentsOffset: contentsOffset + shift, reserved: reserved)
        precondition(
            moved.placeholders == placeholders, "a string after the /ByteRange or /Contents placeholder moved them")
        return moved
    }

    /// The `/ByteRange` and `/Contents` placeholders' bytes, as found at their offsets.
    private var placeholders: [ArraySlice<UInt8>] {
        [
            body[byteRangeOffset..<byteRangeOffset + byteRangeWidth],
            body[contentsOffset..<contentsOffset + contentsLength],
        ]
    }

    private init(body: [UInt8], byteRangeOffset: Int, byteRangeWidth: Int, contentsOffset: Int, reserved: Int) {
        self.body = body
        self.byteRangeOffset = byteRangeOffset
        self.byteRangeWidth = byteRangeWidth
        self.contentsOffset = contentsOffset
        self.reserved = reserved
    }

    /// `keys` (the dictionary's opening and its other entries) followed by the placeholders.
    private init(keys: [UInt8], reserved: Int) {
        var text = keys
        text += Array(" /ByteRange ".utf8)
        byteRangeOffset = text.count
        byteRangeWidth = ByteRange.placeholder.count
        text += ByteRange.placeholder
        text += Array(" /Contents ".utf8)
        contentsOffset = text.count
        text += [UInt8(ascii: "<")] + [UInt8](repeating: UInt8(ascii: "0"), count: 2 * reserved) + [UInt8(ascii: ">")]
        text += Array(" >>".utf8)
        body = text
        self.reserved = reserved
    }
}
