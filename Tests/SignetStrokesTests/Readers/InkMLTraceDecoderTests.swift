import Testing

@testable import SignetStrokes

@Suite("InkML trace decoding")
struct InkMLTraceDecoderTests {
    static func decode(_ text: String, channels: Int = 2, required: Int? = nil) throws -> [[Double]] {
        let flat = try InkMLTraceDecoder.decode(
            text, channels: channels, required: required ?? channels, maxPoints: 1000)
        return stride(from: 0, to: flat.count, by: channels).map { Array(flat[$0..<($0 + channels)]) }
    }

    @Test(
        "explicit values, separators and number forms",
        arguments: [
            ("10 0, 9 14, 8 28", [[10.0, 0], [9, 14], [8, 28]]),
            ("11.7004 15.5288,\n 11.6893 15.5393", [[11.7004, 15.5288], [11.6893, 15.5393]]),
            ("15 264, 15 263, ", [[15, 264], [15, 263]]),
            ("12-2,-3-4", [[12, -2], [-3, -4]]),
            ("1.5.3,+2 -.5", [[1.5, 0.3], [2, -0.5]]),
            ("1e2 2.5E-1,T F", [[100, 0.25], [1, 0]]),
            ("  7\t8  ", [[7, 8]]),
        ])
    func explicit(text: String, expected: [[Double]]) throws {
        #expect(try Self.decode(text) == expected)
    }

    @Test(
        "first and second differences stay in force per channel until changed",
        arguments: [
            // x: 10, +2 = 12, +2 = 14; y: 0, explicit 5, then differences of 1.
            ("10 0,'2 5,2'1,2 1", [[10.0, 0], [12, 5], [14, 6], [16, 7]]),
            // Microsoft Office style: explicit, first differences, then second differences.
            (
                "9212 65294 0 0,'13'-22'0'0,\"1\"3\"0\"0,4 5 0 0,-3 2 0 0",
                [
                    [9212.0, 65294, 0, 0], [9225, 65272, 0, 0], [9239, 65253, 0, 0], [9257, 65239, 0, 0],
                    [9272, 65227, 0, 0],
                ]
            ),
            // Qualifier, sign and number may be spaced: ' -3 is a first difference of -3.
            ("5 5,' -3 ' +3", [[5.0, 5], [2, 8]]),
            // A second difference after explicit points uses their actual velocity.
            ("0 0,10 0,\"0\"0,0 0", [[0.0, 0], [10, 0], [20, 0], [30, 0]]),
            // ! switches only its own channel back to explicit values; y keeps differencing.
            ("1 1,'1'1,!50 2", [[1.0, 1], [2, 2], [50, 4]]),
        ])
    func differences(text: String, expected: [[Double]]) throws {
        #expect(try Self.decode(text, channels: expected[0].count) == expected)
    }

    @Test("the corpus square: a second-difference trace that draws four exact corners")
    func square() throws {
        let text = "1542 21116\n        0,'10219'0'0,\"-10219\"10219\"0,-10219-10219 0"
        #expect(
            try Self.decode(text, channels: 3) == [
                [1542, 21116, 0], [11761, 21116, 0], [11761, 31335, 0], [1542, 31335, 0],
            ])
    }

    @Test("intermittent channels may be left out and read as NaN")
    func intermittent() throws {
        let points = try Self.decode("1 2 3, 4 5", channels: 3, required: 2)
        #expect(points[0] == [1, 2, 3])
        #expect(points[1][0...1] == [4, 5] && points[1][2].isNaN)
    }

    @Test(
        "problems point at the offending byte",
        arguments: [
            ("1 2,'3", 4, "point 2 has 1 value; its trace format needs 2"),
            ("'1 2", 1, "a first difference (') needs an earlier point"),
            ("1 2,\"1\"1", 5, "a second difference (\") needs two earlier points"),
            ("1 2 3", 4, "point 1 has more than the 2 values its trace format names"),
            ("1 2,,3 4", 4, "point 2 is empty"),
            ("1 x", 2, "expected a number, not 'x'"),
            ("1 2,''3 4", 5, "two qualifiers in a row"),
            ("1 2,' ", 6, "a qualifier (! ' \") without a value"),
        ])
    func problems(text: String, offset: Int, problem: String) {
        #expect {
            _ = try Self.decode(text)
        } throws: { error in
            guard let p = error as? InkMLTraceProblem else { return false }
            return p.offset == offset && p.problem == problem
        }
    }

    @Test("more points than allowed is a limit, reported as such")
    func limit() {
        #expect {
            _ = try InkMLTraceDecoder.decode("1 1,2 2,3 3", channels: 2, required: 2, maxPoints: 2)
        } throws: { ($0 as? InkMLTraceProblem)?.isLimit == true }
    }
}
