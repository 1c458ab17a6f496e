import Testing

@testable import SignetPDF

@Suite("Duplicate keys read from the bytes")
struct DuplicateKeyScannerTests {
    func scan(_ text: String) -> [DuplicateKey] {
        var scanner = DuplicateKeyScanner(Array(text.utf8))
        _ = scanner.scan()
        return scanner.found
    }

    @Test("keys repeated at any depth, with whether their values differ")
    func found() {
        #expect(scan("<< /A 1 /B 2 >>").isEmpty)
        #expect(scan("<< /A 1 /A 2 >>") == [DuplicateKey(path: [], key: "/A", differs: true)])
        #expect(scan("<< /A 1 0 R /A 1  0\nR >>") == [DuplicateKey(path: [], key: "/A", differs: false)])
        #expect(
            scan("<< /R << /F [ << /X (a) /X (b) >> ] >> >>")
                == [DuplicateKey(path: ["/R", "/F", "[0]"], key: "/X", differs: true)])
        // Keys inside strings are not keys; names are compared decoded.
        #expect(scan("<< /A (/A 1) /B <2F41> /N#41 1 /NA 1 >>") == [DuplicateKey(path: [], key: "/NA", differs: false)])
    }

    @Test("nesting past the limit is stepped over, and the rest is still read")
    func deep() {
        let deep = String(repeating: "[", count: 500) + "(x)" + String(repeating: "]", count: 500)
        #expect(scan("<< /A \(deep) /C 1 /C 2 >>").map(\.key) == ["/C"])
        #expect(scan("<< /A " + String(repeating: "<< /B ", count: 100_000)).isEmpty)
    }
}
