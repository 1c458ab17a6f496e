/// PDF text strings (ISO 32000-1 §7.9.2.2): printable ASCII as is, anything else as UTF-16BE
/// with a byte order mark.
enum PDFText {
    static func bytes(_ text: String) -> [UInt8] {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return Array(text.utf8) }
        return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
