import SignetPDF
import SignetTestSupport
import Testing

@Suite("PDF number formatting")
struct PDFNumberTests {
    @Test(
        "plain decimals",
        arguments: [
            (1.5, 4, "1.5"), (2.0, 4, "2"), (-0.00001, 4, "0"), (0.123456, 4, "0.1235"), (-12.25, 1, "-12.3"),
            (1e-7, 6, "0"), (123456789.5, 2, "123456789.5"), (0.05, 1, "0.1"), (-3, 0, "-3"),
        ])
    func format(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(PDFNumber.format(value, decimals: decimals) == text)
    }

    @Test("never an exponent, never -0")
    func noExponent() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<500 {
            let v = Double.random(in: -1e7...1e7, using: &rng) * [1, 1e-6, 1e-3][Int.random(in: 0..<3, using: &rng)]
            let text = PDFNumber.format(v)
            #expect(!text.contains("e") && text != "-0", "\(v) → \(text)")
            #expect(abs((Double(text) ?? .nan) - v) <= 0.00005 + 1e-9, "\(v) → \(text)")
        }
    }
}
