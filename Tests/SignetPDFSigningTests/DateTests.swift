import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

@Suite("UTC dates and PDF date strings")
struct DateTests {
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
        "PDF dates",
        arguments: [
            ("D:20210104201125+01'00'", "2021-01-04T19:11:25Z"),
            ("D:20191031190630Z", "2019-10-31T19:06:30Z"),
            ("D:2020", "2020-01-01T00:00:00Z"),
            ("D:20200229235959-05'30'", "2020-03-01T05:29:59Z"),
            ("20231231", "2023-12-31T00:00:00Z"),
        ])
    func parse(text: String, expected: String) {
        #expect(PDFDate.parse(text).map(UTCTime.iso8601) == expected)
    }

    @Test("unreadable PDF dates give nil", arguments: ["", "D:", "D:202", "D:20201301", "yesterday", "D:2020123"])
    func unreadable(text: String) {
        #expect(PDFDate.parse(text) == nil)
    }

    @Test("written dates read back")
    func writeRead() {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(PDFDate.string(date) == "D:20260921141320+00'00'")
        #expect(PDFDate.parse(PDFDate.string(date)) == date)
    }
}
