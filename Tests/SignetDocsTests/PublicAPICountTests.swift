import Testing

/// The public API stays small: docs/api.md states a ceiling on the public declaration
/// lines (lines of Sources/ that start with `public`, the count issue 24 tracks), and this keeps it.
@Suite("Docs: the public API's size")
struct PublicAPICountTests {
    @Test("the public declaration lines stay under the ceiling docs/api.md states")
    func underTheCeiling() throws {
        let ceiling = try RepositoryText.statedNumber(#"at most (\d+) public declaration lines"#, in: "docs/api.md")
        let count = try RepositoryText.lines(matching: #"^\s*(public) "#, inSwiftFilesUnder: "Sources")
        #expect(
            count <= ceiling,
            "\(count) public declaration lines, over the ceiling of \(ceiling): make what only Signet's targets use `package`"
        )
    }
}
