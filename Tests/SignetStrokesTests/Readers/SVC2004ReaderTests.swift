import SignetStrokes
import Testing

@Suite("SVC2004 reader")
struct SVC2004ReaderTests {
    /// Pen hovering (BUTTON 0) before each of two strokes; time repeats once and goes back once.
    static let sample = """
        7
        100 900 1000 0 1550 710 0
        100 900 1010 1 1550 710 512
        110 880 1020 1 1550 710 1023
        120 860 1020 1 1550 710 300
        300 500 1015 0 1550 710 0
        300 500 1040 1 1550 710 100
        310 510 1050 1 1550 710 200

        """

    @Test("Y is flipped, BUTTON 0→1 starts a stroke, hover samples are not ink, pressure is /1023")
    func strokes() throws {
        let d = try read(Self.sample, name: "U1S1.TXT")
        // maxY over all samples is 900, so y' = 900 - y.
        #expect(
            d.strokes.map(\.samples) == [
                [
                    Sample(x: 100, y: 0, t: 1010, force: 512 / 1023), Sample(x: 110, y: 20, t: 1020, force: 1),
                    Sample(x: 120, y: 40, t: 1020, force: 300 / 1023),
                ],
                [
                    Sample(x: 300, y: 400, t: 1040, force: 100 / 1023),
                    Sample(x: 310, y: 390, t: 1050, force: 200 / 1023),
                ],
            ])
    }

    @Test("tablet units: 2540 per inch (100 lines per mm), and the standard pen in them")
    func units() throws {
        let d = try read(Self.sample, name: "U1S1.TXT")
        #expect(d.unitsPerInch == 2540)
        #expect(d.pen == Pen.standard(unitsPerInch: 2540))
        #expect(abs(d.pen.width - 66.145833) < 1e-6, "2.5 CSS px = 2.5/96 in = 0.66 mm")
    }

    @Test("Task 1 lines (X Y TIME BUTTON) read without pressure")
    func task1() throws {
        let d = try read("2\n5 10 0 1\n6 8 10 1\n", name: "a.txt")
        #expect(d.strokes.map(\.samples) == [[Sample(x: 5, y: 0, t: 0), Sample(x: 6, y: 2, t: 10)]])
    }

    @Test("a file that starts with the pen down starts a stroke; CRLF is fine")
    func penDownFirst() throws {
        let d = try read("2\r\n5 10 0 1 0 0 9\r\n6 8 10 1 0 0 9\r\n", name: "a.txt")
        #expect(points(d) == [[[5, 0], [6, 2]]])
    }

    @Test(
        "problems name the line and column",
        arguments: [
            (
                "3\n1 2 3 1 0 0 5\n1 2 3 1 0 0 5\n",
                "a.txt, line 1: the header promises 3 samples but 2 follow; the file may be cut short."
            ),
            (
                "2\n1 2 3 1 0 0 5\n1 2 3\n",
                "a.txt, line 3, column 1: expected 7 numbers (X Y TIME BUTTON AZIMUTH ALTITUDE PRESSURE) or 4 (X Y TIME BUTTON), found 3; check that the file is complete, valid SVC2004."
            ),
            (
                "1\n1 2 x3 1 0 0 5\n",
                "a.txt, line 2, column 5: 'x3' is not a number; check that the file is complete, valid SVC2004."
            ),
            ("1\n1 2 3 1 0 0 2000\n", "a.txt, line 2: pressure 2000 is outside 0…1023."),
            (
                "two\n",
                "a.txt, line 1, column 1: 'two' is not a number; check that the file is complete, valid SVC2004."
            ),
            (
                "1.5\n1 2 3 1 0 0 5\n",
                "a.txt, line 1, column 1: the first line should hold the number of samples; check that the file is complete, valid SVC2004."
            ),
            (
                "2\n1 2 3 0 0 0 5\n1 2 4 0 0 0 5\n",
                "a.txt: no ink: no sample has the pen down (BUTTON 1); check that the file holds a capture."
            ),
        ])
    func problems(input: String, message: String) {
        #expect(readError(input, name: "a.txt", format: .svc2004) == message)
    }
}
