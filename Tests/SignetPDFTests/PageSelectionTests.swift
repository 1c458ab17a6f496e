import SignetPDF
import Testing

@Suite("--pages")
struct PageSelectionTests {
    @Test(
        "selections",
        arguments: [
            ("all", [1, 2, 3, 4, 5]), ("last", [5]), ("first", [1]), ("-1", [5]), ("-2", [4]),
            ("1,3-5", [1, 3, 4, 5]), ("3-5,1,1", [1, 3, 4, 5]), ("2", [2]), ("-3--1", [3, 4, 5]), (" 1 , 2 ", [1, 2]),
        ])
    func selections(_ text: String, _ pages: [Int]) throws {
        #expect(try PageSelection(text).pages(count: 5) == pages)
    }

    @Test("out of range", arguments: ["6", "0", "-6", "4-9"])
    func outOfRange(_ text: String) {
        #expect(throws: PageSelection.Problem.self) { try PageSelection(text).pages(count: 5) }
    }

    @Test("unreadable", arguments: ["", "x", "1-", "5-3", "1,,2"])
    func unreadable(_ text: String) {
        let problem = try? #require(throws: PageSelection.Problem.self) { try PageSelection(text).pages(count: 5) }
        #expect(problem?.kind == .unreadable)
    }
}
