import Testing

/// docs/testing.md states how many tests `swift test` runs; the figure stays within the tolerance
/// the page states of the `@Test` functions under Tests/ (one `swift test list` entry each).
@Suite("Docs: the test count in docs/testing.md")
struct TestCountDocsTests {
    /// How far the stated count may drift before the page must be updated (tests are added all the time).
    static let tolerancePercent = 5

    @Test("the stated count is within the stated tolerance of the @Test functions in Tests/")
    func statedCountMatches() throws {
        let stated = try RepositoryText.statedNumber(#"`swift test`: (\d+) tests in"#, in: "docs/testing.md")
        let page = try RepositoryText.read("docs/testing.md")
        #expect(page.contains("within \(Self.tolerancePercent) %"), "docs/testing.md does not state the tolerance")
        let counted = try RepositoryText.lines(matching: #"^\s*(@Test)\b"#, inSwiftFilesUnder: "Tests")
        let drift = abs(counted - stated) * 100
        #expect(
            drift <= Self.tolerancePercent * counted,
            "docs/testing.md says \(stated) tests, Tests/ has \(counted) @Test functions: update the page")
    }
}
