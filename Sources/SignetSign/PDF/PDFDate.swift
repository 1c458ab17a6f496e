import Foundation

/// PDF date strings (ISO 32000-1 §7.9.4): `D:YYYYMMDDHHmmSS+00'00'`, always written in UTC.
enum PDFDate {
    static func string(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { v.map { $0 < 10 ? "0\($0)" : String($0) } ?? "00" }
        return "D:\(c.year ?? 0)\(two(c.month))\(two(c.day))\(two(c.hour))\(two(c.minute))\(two(c.second))+00'00'"
    }

    /// Reads `D:YYYY[MM[DD[HH[mm[SS]]]]][Z|+HH'mm'|-HH'mm']`; `nil` for anything else.
    static func parse(_ text: String) -> Date? {
        var s = Substring(text)
        if s.hasPrefix("D:") { s = s.dropFirst(2) }
        let digits = s.prefix { $0.isNumber }
        guard digits.count >= 4, digits.count % 2 == 0 else { return nil }
        var fields = [0, 1, 1, 0, 0, 0]
        var index = digits.startIndex
        for slot in 0..<6 {
            let width = slot == 0 ? 4 : 2
            guard digits.distance(from: index, to: digits.endIndex) >= width else { break }
            let end = digits.index(index, offsetBy: width)
            fields[slot] = Int(digits[index..<end]) ?? 0
            index = end
        }
        var offset = 0
        let zone = s.dropFirst(digits.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let parts = zone.dropFirst().split(separator: "'").compactMap { Int($0) }
            offset = ((parts.first ?? 0) * 60 + (parts.dropFirst().first ?? 0)) * 60 * (sign == "-" ? -1 : 1)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        return calendar.date(from: components).map { $0.addingTimeInterval(TimeInterval(-offset)) }
    }
}
