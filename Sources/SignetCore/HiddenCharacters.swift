/// Characters that show nothing yet change what a name reads as: the bidirectional controls
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which reorder the text around them
/// ("Alice", U+202E, "fdp.exe" shows as "Aliceexe.pdf"), and the zero-width characters
/// (U+200B–U+200D, U+2060, U+FEFF), which make two different names look the same.
package enum HiddenCharacters {
    /// Whether `scalar` is one of them.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x200B...0x200D, 0x2060, 0xFEFF: true
        default: false
        }
    }

    /// Whether `text` holds any of them.
    package static func found(in text: String) -> Bool { text.unicodeScalars.contains(where: contains) }

    /// `text` with each of them written as its code point (`<U+202E>`), everything else as it is.
    package static func escaped(_ text: String) -> String {
        guard found(in: text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard contains(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "<U+" + String(repeating: "0", count: 4 - hex.count) + hex + ">"
        }
        return result
    }
}
