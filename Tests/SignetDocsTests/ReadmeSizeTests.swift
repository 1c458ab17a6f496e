import Foundation
import Testing

/// The README is a newcomer's first page: what Signet does and does not do, the first commands and
/// their output, the map; the rest is in docs/. It stays under 15 KB.
@Suite("Docs: the README stays short")
struct ReadmeSizeTests {
    static let ceiling = 15_000

    @Test("README.md is under 15 KB")
    func underTheCeiling() throws {
        let size = try Data(contentsOf: RepositoryText.root.appendingPathComponent("README.md")).count
        #expect(size < Self.ceiling, "README.md is \(size) bytes, over \(Self.ceiling): move detail into docs/")
    }
}
