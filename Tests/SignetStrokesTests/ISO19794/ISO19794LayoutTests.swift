import SignetStrokes
import Testing

/// The bytes of a tiny record, computed by hand from the first edition's full-format layout
/// (docs/iso19794-7.md): every header field, channel description and sample value.
@Suite("ISO/IEC 19794-7 record layout")
struct ISO19794LayoutTests {
    /// 1 unit = 1 mm (25.4 units per inch), so X and Y are written at 64 units per mm.
    static let drawing = Drawing(
        strokes: [
            Stroke(samples: [Sample(x: 1, y: 2, t: 100, force: 0.5), Sample(x: 3, y: 4, t: 110, force: 1)]),
            Stroke(samples: [Sample(x: 5, y: 6, t: 130, force: 0.25)]),
        ], unitsPerInch: 25.4)

    static let expected: [[UInt8]] = [
        [0x53, 0x44, 0x49, 0x00],  // format identifier "SDI\0"
        [0x20, 0x31, 0x30, 0x00],  // version " 10\0"
        [0xC1, 0x40],  // channels X (bit 15), Y (14), T (8), F (6)
        [0x80, 0xB0, 0x00],  // X: scaling value included, 64 = 2^(22−16) × (1 + 0/2048)
        [0x80, 0xB0, 0x00],  // Y: the same
        [0x80, 0xCF, 0xA0],  // T: 1000 per second = 2^(25−16) × (1 + 1952/2048)
        [0x00],  // F: no description fields
        [0x00],  // reserved
        [0x00],  // body flags: no extended data
        [0x00, 0x00, 0x04],  // 4 sample points: 3 samples and one pen-up point between the strokes
        // X, Y offset by 32768; T in ms from the first sample; F × 65535
        [0x80, 0x40, 0x80, 0x80, 0x00, 0x00, 0x80, 0x00],  // (64, 128) t 0, F 32768
        [0x80, 0xC0, 0x81, 0x00, 0x00, 0x0A, 0xFF, 0xFF],  // (192, 256) t 10, F 65535
        [0x80, 0xC0, 0x81, 0x00, 0x00, 0x0A, 0x00, 0x00],  // pen up (F = 0) where the stroke ended
        [0x81, 0x40, 0x81, 0x80, 0x00, 0x1E, 0x40, 0x00],  // (320, 384) t 30, F 16384
    ]

    @Test("header, channel descriptions and sample points, byte for byte")
    func bytes() throws {
        let record = try ISO19794_7.encode(Self.drawing)
        let want = Self.expected.flatMap { $0 }
        #expect(record.count == want.count, "57 bytes: 8 + 2 + 10 of descriptions + 1 + 4 + 4 × 8")
        for (i, (got, expected)) in zip(record, want).enumerated() where got != expected {
            Issue.record("byte \(i): got 0x\(String(got, radix: 16)), want 0x\(String(expected, radix: 16))")
        }
    }

    @Test("without pressure, S (bit 5) marks the pen; tilt adds TX and TY (bits 4 and 3) in 1/100°, signed")
    func tilt() throws {
        let d = Drawing(
            strokes: [Stroke(samples: [Sample(x: 0, y: 0, t: 0, tiltX: -18, tiltY: 27.5)])], unitsPerInch: 25.4)
        let record = try ISO19794_7.encode(d)
        #expect(Array(record[8..<10]) == [0xC1, 0x38], "X, Y, T, S, TX, TY")
        // Descriptions: X, Y, T 3 bytes each, S 1, TX and TY 3 each: 100 = 2^(22−16) × (1 + 1152/2048).
        #expect(Array(record[20..<26]) == [0x80, 0xB4, 0x80, 0x80, 0xB4, 0x80])
        // One point: X, Y, T (2 each), S (1), TX = −1800 + 32768 = 30968, TY = 2750 + 32768 = 35518.
        #expect(Array(record.suffix(5)) == [0x01, 0x78, 0xF8, 0x8A, 0xBE], "S = 1 (one byte), TX, TY")
    }

    @Test("a pen-down pressure of 0 is written as 1/65535, since F = 0 marks the pen up")
    func zeroPressure() throws {
        let d = Drawing(strokes: [
            Stroke(samples: [Sample(x: 0, y: 0, t: 0, force: 0), Sample(x: 1, y: 0, t: 5, force: 0)])
        ])
        let back = try ISO19794_7.decode(try ISO19794_7.encode(d))
        #expect(back.strokes.map { $0.samples.map(\.force) } == [[1 / 65535, 1 / 65535]])
    }

    @Test("a long drawing scales T coarser so that 16 bits hold it")
    func longDrawing() throws {
        let d = Drawing(strokes: [Stroke(samples: [Sample(x: 0, y: 0, t: 0), Sample(x: 1, y: 1, t: 100_000)])])
        let back = try ISO19794_7.decode(try ISO19794_7.encode(d))
        let t = try #require(back.strokes.first?.samples.last?.t)
        #expect(abs(t - 100_000) <= 1000 / 655.0 / 2 + 1e-9, "655 units per second or finer: got \(t)")
    }
}
