import SignetCore
import Testing

@Suite("Numbers in messages")
struct NumberTextTests {
    @Test(
        "short: at most the decimals asked for, no trailing zeros, no exponent",
        arguments: [
            (2.0, 2, "2"), (2.5, 2, "2.5"), (-0.05, 2, "-0.05"), (0.005, 2, "0.01"), (0.004, 2, "0"),
            (1.23456, 3, "1.235"), (1.2, 0, "1"), (-0.001, 2, "0"), (0.1, 2, "0.1"), (1_000_000, 2, "1000000"),
            (12.0001, 4, "12.0001"), (0.07, 2, "0.07"),
        ])
    func short(_ value: Double, decimals: Int, expected: String) {
        let text = NumberText.short(value, decimals: decimals)
        #expect(text == expected, "\(value) with \(decimals) decimals: \(text)")
    }

    @Test("values that are not finite or very large are written as Swift writes them")
    func unusual() {
        #expect(NumberText.short(.infinity) == "inf", "infinity")
        #expect(NumberText.short(.nan) == "nan", "NaN")
        #expect(NumberText.short(1e13) == String(1e13), "1e13: \(NumberText.short(1e13))")
    }
}
