/// What a file's first bytes say it is: a format Signet reads, or one it knows by name and does
/// not read. Told from the signature alone, never from the file name.
package enum InputFormat: Sendable, Hashable {
    case png, jpeg, tiff, gif, webp
    /// A known image (or document) format Signet does not read: its name, e.g. "HEIC".
    case unsupported(String)

    /// The formats read, as a message lists them.
    package static let readable = "PNG, JPEG, TIFF, GIF or WebP"

    /// Known formats that are refused by name (docs/budget.md lists them).
    package static let refused = [
        "HEIC", "AVIF", "JPEG XL", "JPEG 2000", "JPEG XR", "BMP", "Photoshop PSD", "QOI", "SVG", "PDF",
    ]

    /// The format `bytes` start with; nil when the start is none Signet knows.
    /// - Parameter bytes: The start of a file (32 bytes are enough).
    package static func sniff(_ bytes: some Collection<UInt8>) -> InputFormat? {
        let head = Array(bytes.prefix(32))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) || starts([0x49, 0x49, 0x2B, 0x00])
            || starts([0x4D, 0x4D, 0x00, 0x2B])
        {
            return .tiff
        }
        if ascii("GIF87a") || ascii("GIF89a") { return .gif }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return .webp }
        if ascii("ftyp", at: 4) { return isoBrand(head) }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return .unsupported("JPEG XL")
        }
        if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
            return .unsupported("JPEG 2000")
        }
        if starts([0x49, 0x49, 0xBC]) { return .unsupported("JPEG XR") }
        if ascii("BM"), head.count >= 18, [12, 40, 52, 56, 64, 108, 124].contains(Int(head[14]) | Int(head[15]) << 8),
            head[16] == 0, head[17] == 0
        {
            return .unsupported("BMP")
        }
        if ascii("8BPS") { return .unsupported("Photoshop PSD") }
        if ascii("qoif") { return .unsupported("QOI") }
        if ascii("%PDF-") { return .unsupported("PDF") }
        if ascii("<svg") || ascii("<?xml") { return .unsupported("SVG") }
        return nil
    }

    /// An ISO base media file (`ftyp` box at offset 4): HEIC/HEIF or AVIF by its brands, the major
    /// one and the compatible ones that follow it in the box.
    private static func isoBrand(_ head: [UInt8]) -> InputFormat? {
        let boxEnd = min(head.count, Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]))
        var brands: [String] = []
        for offset in stride(from: 8, to: boxEnd - 3, by: 4) where offset != 12 {
            brands.append(String(decoding: head[offset..<(offset + 4)], as: UTF8.self))
        }
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return .unsupported("AVIF") }
        if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) {
            return .unsupported("HEIC")
        }
        if brands.contains("jxl ") { return .unsupported("JPEG XL") }
        return nil
    }
}
