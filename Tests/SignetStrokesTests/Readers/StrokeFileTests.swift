import Foundation
import Glibc
import Signet
import SignetTestSupport
import Testing

@Suite("Stroke files and line reading", .serialized)
struct StrokeFileTests {
    static let touchLines = (0..<500).map { i in
        i == 0
            ? #"{"phase":"began","id":1,"x":0,"y":0,"t":0}"#
            : #"{"phase":"moved","id":1,"x":\#(i),"y":\#(i % 7),"t":\#(i * 8)}"#
    }

    @Test("LineReader: lines across chunk boundaries, CRLF, a last line without newline")
    func lineReader() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("l.txt", "alpha\r\nbeta\n\ngamma-is-longer-than-a-chunk\ndelta")
        let reader = try LineReader(path: path, maxLineLength: 100, chunkSize: 4)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["alpha", "beta", "", "gamma-is-longer-than-a-chunk", "delta"])
        #expect(reader.lineNumber == 5)
    }

    @Test("LineReader: a line over the limit is an error naming the line, found before it is all read")
    func lineTooLong() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("l.txt", "short\n" + String(repeating: "x", count: 10_000) + "\n")
        let reader = try LineReader(path: path, maxLineLength: 64, chunkSize: 16)
        _ = try reader.nextLine()
        #expect(throws: FileError(path, .lineTooLong(line: 2, limit: 64))) { _ = try reader.nextLine() }
    }

    @Test("LineReader: peek does not consume, readRest honours its limit")
    func peekAndRest() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("l.txt", "one\ntwo\nthree\n")
        let reader = try LineReader(path: path, maxLineLength: 100, chunkSize: 3)
        #expect(Array(try reader.peek(5)) == Array("one\nt".utf8))
        #expect(String(decoding: try reader.nextLine()!, as: UTF8.self) == "one")
        #expect(try reader.readRest(limit: 100) == Array("two\nthree\n".utf8))
        let again = try LineReader(path: path, maxLineLength: 100, chunkSize: 3)
        #expect(throws: FileError(path, .tooLarge(limit: 5))) { _ = try again.readRest(limit: 5) }
    }

    @Test("a streamed NDJSON file reads the same as the same bytes in memory")
    func streamEqualsWhole() throws {
        let dir = TemporaryDirectory()
        let text = Self.touchLines.joined(separator: "\n") + "\n"
        let path = dir.write("log.ndjson", text)
        // A line limit below the file size proves the file was streamed, not read whole.
        let options = StrokeReadOptions(limits: StrokeLimits(maxInputBytes: 1000, maxLineBytes: 100))
        let streamed = try StrokeFile.read(path: path, options: options)
        #expect(streamed == (try StrokeReader.read(Array(text.utf8), name: path)))
        #expect(streamed.sampleCount == 500)
    }

    @Test("a Quick, Draw! NDJSON file is read only up to the wanted record")
    func quickdrawStopsEarly() throws {
        let dir = TemporaryDirectory()
        let record = #"{"word":"x","drawing":[[[1,2],[3,4],[0,10]]]}"#
        let path = dir.write("q.ndjson", record + "\n" + record + "\n{this line is never parsed\n")
        let d = try StrokeFile.read(path: path, options: StrokeReadOptions(index: 1))
        #expect(d.strokes[0].samples == [Sample(x: 1, y: 3, t: 0), Sample(x: 2, y: 4, t: 10)])
    }

    @Test("whole-file formats are bounded by maxInputBytes")
    func wholeFileLimit() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("big.json", #"{"strokes":[[[1,2],[3,4],[5,6],[7,8]]]}"#)
        #expect(throws: FileError(path, .tooLarge(limit: 20))) {
            _ = try StrokeFile.read(
                path: path, options: StrokeReadOptions(limits: StrokeLimits(maxInputBytes: 20, maxLineBytes: 10)))
        }
    }

    @Test("errors name the file; missing files and folders are file errors")
    func errorsNameTheFile() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("bad.json", "{\"strokes\": [[[1, 2]]")
        #expect(throws: StrokeReadError.self) { _ = try StrokeFile.read(path: path) }
        do {
            _ = try StrokeFile.read(path: path)
        } catch let e as StrokeReadError {
            #expect(
                e.message
                    == "\(path), line 1, column 22: the input ends where ',' or ']' should be; check that the file is complete, valid JSON."
            )
        }
        #expect(throws: FileError.self) { _ = try StrokeFile.read(path: dir.path("missing.json")) }
        #expect(throws: FileError(dir.url.path, .isDirectory)) {
            _ = try StrokeFile.read(path: dir.url.path)
        }
    }

    @Test("- reads standard input, streamed or whole", arguments: [true, false])
    func standardInput(ndjson: Bool) throws {
        let text = ndjson ? Self.touchLines.joined(separator: "\n") : #"{"strokes":[[[1,2],[3,4]]]}"#
        let drawing = try withStandardInput(Array(text.utf8)) { try StrokeFile.read(path: "-") }
        #expect(drawing.sampleCount == (ndjson ? 500 : 2))
        let error = try withStandardInput(Array("{oops".utf8)) { () -> String in
            do {
                _ = try StrokeFile.read(path: "-")
                return ""
            } catch let e as StrokeReadError {
                return e.message
            }
        }
        #expect(error.hasPrefix("standard input, line 1, column 2: "))
    }

    /// Runs `body` with file descriptor 0 reading `bytes` from a pipe (written by a thread so a
    /// large input cannot block), then puts the original standard input back.
    private func withStandardInput<T>(_ bytes: [UInt8], _ body: () throws -> T) throws -> T {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let saved = dup(0)
        dup2(fds[0], 0)
        close(fds[0])
        let writer = fds[1]
        let thread = Thread {
            bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = write(writer, raw.baseAddress! + done, raw.count - done)
                    if n <= 0 { break }
                    done += n
                }
            }
            close(writer)
        }
        thread.start()
        defer {
            dup2(saved, 0)
            close(saved)
        }
        return try body()
    }
}
