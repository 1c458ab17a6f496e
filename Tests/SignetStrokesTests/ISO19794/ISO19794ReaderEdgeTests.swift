import SignetStrokes
import Testing

/// Named bad records: each is refused with a message naming the byte, never a crash, a hang or
/// an allocation the bytes do not justify.
@Suite("ISO/IEC 19794-7 reader edge cases")
struct ISO19794ReaderEdgeTests {
    static let record = try! ISO19794_7.encode(ISO19794LayoutTests.drawing)

    /// The message reading `bytes` as a record throws.
    func failure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        readError(bytes: bytes, name: "sig.iso", format: .iso19794_7, sourceLocation: sourceLocation)
    }

    @Test("every truncation is refused, naming where the record ends")
    func truncated() {
        for length in 0..<Self.record.count {
            let message = failure(Array(Self.record.prefix(length)))
            #expect(
                message.contains("cut short") || message.contains("not an ISO/IEC 19794-7 record"),
                "\(length) bytes: \(message)")
        }
    }

    @Test("a wrong format identifier is refused")
    func wrongMagic() {
        var bytes = Self.record
        bytes[2] = UInt8(ascii: "X")
        #expect(failure(bytes).contains("byte 1: this is not an ISO/IEC 19794-7 record"))
    }

    @Test("the second edition's version is refused with what to do")
    func otherVersion() {
        var bytes = Self.record
        bytes.replaceSubrange(4..<8, with: Array("020".utf8) + [0])
        #expect(failure(bytes).contains("version '020' is not the first edition's full format"))
    }

    @Test("a sample count above the bytes present is refused before anything is read")
    func countThatLies() {
        var bytes = Self.record
        bytes[24] = 5  // 5 samples declared, 4 present
        #expect(failure(bytes).contains("counts 5 samples of 8 bytes, but only 32 bytes follow"))
    }

    @Test("a huge count (16,777,215 samples) in a small record is refused at once")
    func hugeCount() {
        var bytes = Self.record
        bytes.replaceSubrange(22..<25, with: [0xFF, 0xFF, 0xFF])
        #expect(failure(bytes).contains("counts 16777215 samples"))
    }

    @Test("a count of zero is no ink")
    func zeroCount() {
        var bytes = Array(Self.record.prefix(25))
        bytes[24] = 0
        #expect(failure(bytes).contains("no samples"))
    }

    @Test("a record without X or Y is refused")
    func noY() {
        var bytes = Self.record
        bytes[8] = 0x81  // X and T only, as the inclusion field's high byte
        #expect(failure(bytes).contains("no X or Y channel"))
    }

    @Test("every channel included and no samples: still refused cleanly")
    func allChannels() {
        let bytes: [UInt8] =
            Array("SDI".utf8) + [0, 0x20, 0x31, 0x30, 0, 0xFF, 0xFF] + Array(repeating: 0, count: 16)
            + [0, 0, 0, 0, 0]
        #expect(failure(bytes).contains("no samples"))
    }

    @Test("records are detected by their magic, and read through StrokeReader")
    func detection() throws {
        let (drawing, format) = try StrokeReader.readDetecting(Self.record, name: "sig.bin")
        #expect(format == .iso19794_7)
        #expect(drawing.strokes.count == 2)
        #expect(StrokeFormat.detect(Self.record, name: "x") == .iso19794_7)
        let forced = try StrokeReader.read(
            Self.record, name: "sig.bin", options: StrokeReadOptions(format: .iso19794_7))
        #expect(forced == drawing)
    }

    @Test("a text file named .iso is refused as no record")
    func textNamedISO() {
        #expect(readError("hello", name: "sig.iso").contains("not an ISO/IEC 19794-7 record"))
    }

    @Test("pen-up split falls back to F = 0 when the record has no S channel")
    func forceSplit() throws {
        // X, Y, F; no scaling; 3 points, the middle one with the pen up (F = 0).
        var bytes: [UInt8] = Array("SDI".utf8) + [0, 0x20, 0x31, 0x30, 0, 0xC0, 0x40, 0, 0, 0, 0, 0, 0, 0, 3]
        for (x, y, f) in [(1, 2, 100), (3, 4, 0), (5, 6, 200)] as [(Int, Int, Int)] {
            bytes += [UInt8((x + 32768) >> 8), UInt8((x + 32768) & 0xFF), UInt8((y + 32768) >> 8)]
            bytes += [UInt8((y + 32768) & 0xFF), UInt8(f >> 8), UInt8(f & 0xFF)]
        }
        let d = try ISO19794_7.decode(bytes)
        #expect(points(d) == [[[1, 2]], [[5, 6]]])
        #expect(d.unitsPerInch == nil)
        #expect(d.strokes[0].samples[0].t == nil)
    }
}
