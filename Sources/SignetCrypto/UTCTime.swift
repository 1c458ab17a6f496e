import FoundationEssentials

/// Calendar arithmetic for UTC timestamps in plain Swift (proleptic Gregorian, days from the
/// civil date and back), so dates in signatures, messages and JSON need neither ICU nor a time zone
/// database.
package enum UTCTime {
    package struct Parts: Sendable, Hashable {
        package var year, month, day, hour, minute, second: Int

        package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
                year, month, day, hour, minute, second
            )
        }
    }

    package static func parts(_ date: Date) -> Parts {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (eras of 400 years = 146 097 days).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Parts(
            year: year, month: month, day: day, hour: inDay / 3600, minute: inDay / 60 % 60, second: inDay % 60)
    }

    package static func date(_ p: Parts) -> Date {
        let y = p.month <= 2 ? p.year - 1 : p.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let mp = p.month > 2 ? p.month - 3 : p.month + 9
        let dayOfYear = (153 * mp + 2) / 5 + p.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + p.hour * 3600 + p.minute * 60 + p.second))
    }

    /// "2026-07-13T09:30:00Z".
    package static func iso8601(_ date: Date) -> String {
        let p = parts(date)
        return "\(four(p.year))-\(two(p.month))-\(two(p.day))T\(two(p.hour)):\(two(p.minute)):\(two(p.second))Z"
    }

    /// "2026-07-13T09:30:00Z" back to a date; `nil` for any other form.
    package static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A
        else { return nil }
        func n(_ r: Range<Int>) -> Int? { Int(String(decoding: b[r], as: UTF8.self)) }
        guard let y = n(0..<4), let mo = n(5..<7), let d = n(8..<10), let h = n(11..<13), let mi = n(14..<16),
            let s = n(17..<19),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        return date(Parts(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
    }

    package static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
    package static func four(_ v: Int) -> String {
        String(repeating: "0", count: max(0, 4 - String(v).count)) + String(v)
    }
}
