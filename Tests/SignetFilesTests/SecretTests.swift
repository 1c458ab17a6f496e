import SignetFiles
import Testing

/// A `Secret` holds a password as bytes it wipes; it never shows them in a description.
@Suite("Secrets")
struct SecretTests {
    static func bytes(_ secret: Secret) -> [UInt8] { secret.withUnsafeBytes { Array($0) } }

    @Test("taking bytes wipes and empties the source array")
    func takingWipesSource() {
        var source: [UInt8] = Array("hunter2".utf8)
        let secret = Secret(taking: &source)
        #expect(source.isEmpty, "the source after it was taken: \(source)")
        #expect(Self.bytes(secret) == Array("hunter2".utf8), "the secret's bytes")
        #expect(secret.count == 7, "its count")
    }

    @Test("the bytes are a NUL-terminated C string of the secret's length")
    func cString() {
        let secret = Secret("pa\u{E9}")
        let (text, count, terminator) = secret.withCString { pointer, count in
            (String(cString: pointer), count, pointer[count])
        }
        #expect(text == "pa\u{E9}" && count == 4 && terminator == 0, "C string \(text), \(count), \(terminator)")
    }

    @Test("wipe zeroes the bytes at once and keeps the count")
    func wipe() {
        let secret = Secret("correct horse")
        secret.wipe()
        #expect(Self.bytes(secret) == [UInt8](repeating: 0, count: 13), "the bytes after wipe()")
        #expect(secret.count == 13, "the count after wipe()")
    }

    @Test("an array is wiped in place and keeps its count")
    func arrayWipe() {
        var bytes: [UInt8] = [1, 2, 3, 250]
        bytes.wipe()
        #expect(bytes == [0, 0, 0, 0], "the array after wipe()")
        var empty: [UInt8] = []
        empty.wipe()
        #expect(empty.isEmpty, "an empty array after wipe()")
    }

    @Test(
        "two secrets compare by their bytes",
        arguments: [("same", "same", true), ("same", "Same", false), ("", "", true), ("a", "ab", false)])
    func sameBytes(_ a: String, _ b: String, expected: Bool) {
        #expect(Secret(a).hasSameBytes(as: Secret(b)) == expected, "\(a.debugDescription) vs \(b.debugDescription)")
    }

    @Test("a copy holds the same bytes and outlives the wipe of its source")
    func copying() {
        let source = Secret("copy me")
        let copy = source.withUnsafeBytes { Secret(copying: $0) }
        source.wipe()
        #expect(Self.bytes(copy) == Array("copy me".utf8), "the copy after its source was wiped")
    }

    @Test("text is the UTF-8 reading, nil for other bytes; the description never shows the secret")
    func textAndDescription() {
        #expect(Secret("caf\u{E9}").text == "caf\u{E9}", "text of a UTF-8 secret")
        var latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        let secret = Secret(taking: &latin1)
        #expect(secret.text == nil, "text of Latin-1 bytes")
        #expect("\(secret)" == "<secret>" && String(describing: Secret("hunter2")) == "<secret>", "descriptions")
    }
}
