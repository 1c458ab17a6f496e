import SignetCore
import Testing

@Suite("Hidden characters in names")
struct HiddenCharactersTests {
    /// Every bidirectional control and zero-width character the reports escape.
    static let hidden: [UInt32] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
        0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF,
    ]

    @Test("each is found and escaped as <U+XXXX> between the letters around it", arguments: hidden)
    func escaped(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        let name = "Alice" + String(Character(scalar)) + "fdp.exe"
        let hex = String(value, radix: 16, uppercase: true)
        let expected = "Alice<U+" + String(repeating: "0", count: 4 - hex.count) + hex + ">fdp.exe"
        #expect(HiddenCharacters.found(in: name), "U+\(hex) is found")
        #expect(HiddenCharacters.escaped(name) == expected, "U+\(hex): \(HiddenCharacters.escaped(name))")
    }

    @Test("their neighbours and other scripts are kept as they are")
    func kept() {
        // U+200A hair space, U+2010 hyphen, U+2029 paragraph separator, U+202F narrow no-break space,
        // U+206A (deprecated, outside the set), U+061B Arabic semicolon, U+FEFE Arabic ligature.
        let names = [
            "Zoë Ångström", "محمد", "שרה", "名前", "a\u{200A}b", "a\u{2010}b", "a\u{2029}b", "a\u{202F}b",
            "a\u{206A}b", "a\u{061B}b", "a\u{FEFE}b", "",
        ]
        for name in names {
            #expect(!HiddenCharacters.found(in: name), "\(name.unicodeScalars.map(\.value)) holds none")
            #expect(HiddenCharacters.escaped(name) == name, "\(name.unicodeScalars.map(\.value)) is kept")
        }
    }

    @Test("several in one name are each escaped, in order")
    func several() {
        let name = "\u{FEFF}Bob\u{2067}\u{200D}x\u{2069}"
        #expect(
            HiddenCharacters.escaped(name) == "<U+FEFF>Bob<U+2067><U+200D>x<U+2069>",
            "\(name.unicodeScalars.map(\.value))")
    }
}
