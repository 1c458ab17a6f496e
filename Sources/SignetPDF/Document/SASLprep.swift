import Foundation

/// The SASLprep profile of stringprep (RFC 4013), which PDF 2.0 applies to AES-256 (R6)
/// passwords before UTF-8 encoding them. qpdf does not do it (it compares bytes), so a password
/// typed in a different Unicode form than the one used to encrypt would not open the file.
///
/// Covered: the mapping step (non-ASCII spaces → U+0020, "commonly mapped to nothing" removed),
/// NFKC normalization, and the prohibited-output tables for the common cases (ASCII and
/// non-ASCII controls, private use, non-characters, surrogates, the C.6–C.9 display and tagging
/// characters). Not covered: the bidirectional-text check and the unassigned-code-point check
/// (both only make a password *fail*, so skipping them never opens a file with the wrong one).
public enum SASLprep {
    public struct Prohibited: Error, Hashable, Sendable {
        public var scalar: UInt32
        public var description: String { "it contains U+\(String(scalar, radix: 16, uppercase: true)), which SASLprep forbids" }
    }

    public static func prepare(_ text: String) throws(Prohibited) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if nonASCIISpaces.contains(scalar.value) {
                mapped.append(" ")
            } else if !mappedToNothing.contains(scalar.value) {
                mapped.append(scalar)
            }
        }
        let normalized = String(mapped).precomposedStringWithCompatibilityMapping
        for scalar in normalized.unicodeScalars where isProhibited(scalar.value) {
            throw Prohibited(scalar: scalar.value)
        }
        return normalized
    }

    /// RFC 3454 table C.1.2.
    static let nonASCIISpaces: Set<UInt32> = [
        0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
        0x2009, 0x200A, 0x200B, 0x202F, 0x205F, 0x3000,
    ]

    /// RFC 3454 table B.1.
    static let mappedToNothing: Set<UInt32> = [
        0x00AD, 0x034F, 0x1806, 0x180B, 0x180C, 0x180D, 0x200B, 0x200C, 0x200D, 0x2060,
        0xFE00, 0xFE01, 0xFE02, 0xFE03, 0xFE04, 0xFE05, 0xFE06, 0xFE07, 0xFE08, 0xFE09,
        0xFE0A, 0xFE0B, 0xFE0C, 0xFE0D, 0xFE0E, 0xFE0F, 0xFEFF,
    ]

    /// RFC 3454 tables C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8 and C.9.
    static func isProhibited(_ v: UInt32) -> Bool {
        switch v {
        case 0x0000...0x001F, 0x007F: return true                                   // C.2.1
        case 0x0080...0x009F, 0x06DD, 0x070F, 0x180E, 0x200C, 0x200D, 0x2028, 0x2029,
             0x2060...0x2063, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFC, 0x1D173...0x1D17A:
            return true                                                             // C.2.2
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: return true   // C.3
        case 0xFDD0...0xFDEF: return true                                           // C.4
        case _ where v & 0xFFFE == 0xFFFE: return true                              // C.4
        case 0xD800...0xDFFF: return true                                           // C.5
        case 0xFFFD: return true                                                    // C.6
        case 0x2FF0...0x2FFB: return true                                           // C.7
        case 0x0340, 0x0341, 0x200E, 0x200F, 0x202A...0x202E, 0x206A...0x206F: return true // C.8
        case 0xE0001, 0xE0020...0xE007F: return true                                // C.9
        default: return false
        }
    }
}
