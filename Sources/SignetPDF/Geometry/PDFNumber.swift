/// Numbers as PDF content streams and dictionaries want them: plain decimals, no exponent,
/// no trailing zeros, no `-0`.
package enum PDFNumber {
    /// `v` rounded to `decimals` places (1.50000 → "1.5", 2.0 → "2", -0.00001 → "0"). A value
    /// beyond what an `Int` holds (a `/Rect` of 1e300 read from a file) is written as the nearest
    /// one, never converted with a trap.
    package static func format(_ v: Double, decimals: Int = 4) -> String {
        guard v.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9e15 else { return String(Int(exactly: v.rounded()) ?? (v < 0 ? Int.min : Int.max)) }
        let units = Int(scaled)
        let whole = units / Int(scale)
        var fraction = units % Int(scale)
        var digits = decimals
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let sign = v < 0 && units != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }

    /// Several numbers separated by spaces.
    package static func format(_ values: [Double], decimals: Int = 4) -> String {
        values.map { format($0, decimals: decimals) }.joined(separator: " ")
    }

    /// `v` rounded to `decimals` places, as a number (for reports).
    package static func rounded(_ v: Double, decimals: Int = 3) -> Double {
        Double(format(v, decimals: decimals)) ?? v
    }
}
