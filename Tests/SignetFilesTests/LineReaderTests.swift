import SignetFiles
import SignetTestSupport
import Testing

/// Line-by-line input in bounded chunks: a line may straddle chunks, `\r\n` ends a line as `\n`
/// does, the last line may lack its break, and a line over the limit is refused with its number.
@Suite("Line reader")
struct LineReaderTests {
    static func lines(_ text: String, chunkSize: Int, maxLineLength: Int = 100) throws -> [String] {
        let dir = TemporaryDirectory("lines")
        let reader = try LineReader(
            path: dir.write("input.ndjson", text), maxLineLength: maxLineLength, chunkSize: chunkSize)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test(
        "lines as written, whatever the chunk size",
        arguments: [
            ("a\nb\n", ["a", "b"]), ("a\nb", ["a", "b"]), ("", []), ("\n", [""]), ("a\r\nb\r\n", ["a", "b"]),
            ("one\n\nthree", ["one", "", "three"]), ("x\ry\n", ["x\ry"]), ("\r\n\r\n", ["", ""]),
        ])
    func lines(_ text: String, expected: [String]) throws {
        for chunkSize in [1, 2, 3, 64] {
            let read = try Self.lines(text, chunkSize: chunkSize)
            #expect(read == expected, "\(text.debugDescription) in chunks of \(chunkSize): \(read)")
        }
    }

    @Test(
        "a line over the limit is refused with its number",
        arguments: [("12345\n123456\n", 2), ("123456", 1), ("1\n2\n3\n1234567890", 4)])
    func tooLong(_ text: String, line: Int) throws {
        let error = try #require(throws: FileError.self) { try Self.lines(text, chunkSize: 4, maxLineLength: 5) }
        #expect(error.reason == .lineTooLong(line: line, limit: 5), "\(text.debugDescription): \(error.reason)")
    }

    @Test("a line of exactly the limit is read")
    func atTheLimit() throws {
        let read = try Self.lines("12345\r\n12345", chunkSize: 2, maxLineLength: 5)
        #expect(read == ["12345", "12345"], "lines at the limit: \(read)")
    }
}
