import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto

/// UTC calendar arithmetic without ICU: civil dates from instants and back, and the one text form
/// (`2026-07-13T09:30:00Z`) messages and JSON use.
@Suite("UTC dates")
struct UTCTimeTests {
    @Test("UTC civil dates agree with Foundation's Gregorian calendar (property, 2000 random instants)")
    func civilDates() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let date = Date(
                timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...7_258_118_400, using: &random)))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let p = UTCTime.parts(date)
            #expect(
                [p.year, p.month, p.day, p.hour, p.minute, p.second] == [
                    c.year, c.month, c.day, c.hour, c.minute, c.second,
                ])
            #expect(UTCTime.date(p) == date)
        }
    }

    @Test(
        "instants as text, around the epoch, leap days and centuries",
        arguments: [
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
            (4_107_456_000, "2100-02-28T00:00:00Z"), (4_107_542_400, "2100-03-01T00:00:00Z"),
            (1_790_000_000, "2026-09-21T14:13:20Z"), (-2_208_988_800, "1900-01-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
        ] as [(Int, String)])
    func text(seconds: Int, expected: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(UTCTime.iso8601(date) == expected, "\(seconds) s as text: \(UTCTime.iso8601(date))")
        #expect(
            UTCTime.parse(expected) == date, "\(expected) read back: \(String(describing: UTCTime.parse(expected)))")
    }

    @Test("a fraction of a second is dropped, before the epoch too")
    func fractions() {
        #expect(UTCTime.iso8601(Date(timeIntervalSince1970: 59.9)) == "1970-01-01T00:00:59Z", "59.9 s")
        #expect(UTCTime.iso8601(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z", "-0.5 s")
    }

    @Test(
        "anything but the one form is refused",
        arguments: [
            "", "2026-07-13", "2026-07-13T09:30:00", "2026-07-13T09:30:00+00:00", "2026-07-13 09:30:00Z",
            "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-07-32T00:00:00Z", "2026-07-00T00:00:00Z",
            "2026-07-13T24:00:00Z", "2026-07-13T09:60:00Z", "2026-07-13T09:30:61Z", "2026-7-13T09:30:00Z ",
            "2026-07-13T09:30:0xZ",
        ])
    func refused(_ text: String) {
        #expect(
            UTCTime.parse(text) == nil, "\(text.debugDescription) read as \(String(describing: UTCTime.parse(text)))")
    }

    @Test("a leap second (60) is read as the next minute's first second")
    func leapSecond() {
        let leap = UTCTime.parse("2016-12-31T23:59:60Z")
        #expect(leap == UTCTime.parse("2017-01-01T00:00:00Z"), "23:59:60 read as \(String(describing: leap))")
    }

    @Test(
        "two- and four-digit fields are zero-padded",
        arguments: [(5, "05", "0005"), (12, "12", "0012"), (2026, "2026", "2026")])
    func padding(_ value: Int, two: String, four: String) {
        #expect(
            UTCTime.two(value) == two && UTCTime.four(value) == four,
            "\(value): \(UTCTime.two(value)), \(UTCTime.four(value))")
    }
}
