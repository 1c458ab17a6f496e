import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

@Suite("PDF date strings")
struct DateTests {
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
