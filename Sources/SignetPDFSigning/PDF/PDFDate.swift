import FoundationEssentials
import SignetCrypto

/// PDF date strings (ISO 32000-1 §7.9.4): `D:YYYYMMDDHHmmSS+00'00'`, always written in UTC.
enum PDFDate {
    static func string(_ date: Date) -> String {
        let p = UTCTime.parts(date)
        let two = UTCTime.two
        return
            "D:\(UTCTime.four(p.year))\(two(p.month))\(two(p.day))\(two(p.hour))\(two(p.minute))\(two(p.second))+00'00'"
    }

    /// Reads `D:YYYY[MM[DD[HH[mm[SS]]]]][Z|+HH'mm'|-HH'mm']`; `nil` for anything else.
    static func parse(_ text: String) -> Date? {
        var s = Substring(text)
        if s.hasPrefix("D:") { s = s.dropFirst(2) }
        let digits = Array(s.prefix { $0.isASCII && $0.isNumber })
        guard digits.count >= 4, digits.count % 2 == 0, digits.count <= 14 else { return nil }
        func field(_ start: Int, _ width: Int, _ fallback: Int) -> Int {
            start + width <= digits.count ? Int(String(digits[start..<(start + width)])) ?? fallback : fallback
        }
        let parts = UTCTime.Parts(
            year: field(0, 4, 0), month: field(4, 2, 1), day: field(6, 2, 1), hour: field(8, 2, 0),
            minute: field(10, 2, 0),
            second: field(12, 2, 0))
        guard (1...12).contains(parts.month), (1...31).contains(parts.day), parts.hour < 24, parts.minute < 60,
            parts.second < 61
        else { return nil }
        var offset = 0
        let zone = s.dropFirst(digits.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let numbers = zone.dropFirst().split(separator: "'").compactMap { Int($0) }
            offset = ((numbers.first ?? 0) * 60 + (numbers.dropFirst().first ?? 0)) * 60 * (sign == "-" ? -1 : 1)
        }
        return UTCTime.date(parts).addingTimeInterval(TimeInterval(-offset))
    }
}
