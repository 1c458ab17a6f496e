import SignetCore
import Testing

@Suite("Hex digits")
struct HexDigitsTests {
    @Test(
        "two lower-case digits per byte, leading zeros kept",
        arguments: [
            ([UInt8](), ""), ([0], "00"), ([0x0f, 0xa0], "0fa0"), ([0xff, 0x01, 0x10], "ff0110"),
        ])
    func digits(bytes: [UInt8], expected: String) {
        #expect(bytes.hexDigits == expected, "\(bytes) as \(bytes.hexDigits)")
    }

    @Test("every byte value, against String(radix:) padded to two digits")
    func everyByte() {
        let all = (0...255).map(UInt8.init)
        let padded = all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(all.hexDigits == padded)
        #expect(all[10...].hexDigits == String(padded.dropFirst(20)), "a slice reads from its own start")
    }
}
