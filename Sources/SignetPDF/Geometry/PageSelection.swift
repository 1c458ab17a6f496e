import SignetCore

/// Which pages to stamp, as `--pages` writes it: `all`, `first`, `last`, or a comma list of
/// page numbers and ranges (`1,3-5`), where a negative number counts from the end (`-1` is the
/// last page, `-2` the one before).
public struct PageSelection: Sendable, Hashable, Codable {
    /// The selection as written: `all`, `first`, `last`, or a list such as `1,3-5` or `-2`.
    package var text: String

    /// The pages `text` names, in the command line's syntax.
    /// - Parameter text: `all`, `first`, `last`, or a comma list of pages and ranges such as `1,3-5` or `-2`.
    public init(_ text: String) { self.text = text }

    /// The last page.
    public static let last = PageSelection("last")
    /// Every page.
    public static let all = PageSelection("all")

    /// Why a selection names no page of a document.
    package struct Problem: Error, Sendable, Hashable {
        /// The text cannot be read, or names a page past the end.
        package enum Kind: Sendable, Hashable { case unreadable, outOfRange(Int) }
        /// What is wrong.
        package var kind: Kind
    }

    /// The selected page numbers (1-based, ascending, each once) of a document with `count` pages.
    package func pages(count: Int) throws(Problem) -> [Int] {
        let words = text.lowercased().split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
        guard !words.isEmpty else { throw Problem(kind: .unreadable) }
        var chosen: Set<Int> = []
        for word in words {
            switch word {
            case "all": chosen.formUnion(1...max(count, 1))
            case "first": chosen.insert(1)
            case "last": chosen.insert(count)
            default:
                let (a, b) = try range(word)
                let first = try resolve(a, count), last = try resolve(b, count)
                guard first <= last else { throw Problem(kind: .unreadable) }
                chosen.formUnion(first...last)
            }
        }
        for page in chosen where page < 1 || page > count { throw Problem(kind: .outOfRange(page)) }
        return chosen.sorted()
    }

    /// `N`, `-N` or `A-B` (each side may be negative: `-3--1`).
    private func range(_ word: String) throws(Problem) -> (Int, Int) {
        if let n = Int(word) { return (n, n) }
        let chars = Array(word)
        for i in chars.indices.dropFirst() where chars[i] == "-" {
            if let a = Int(String(chars[..<i])), let b = Int(String(chars[(i + 1)...])) { return (a, b) }
        }
        throw Problem(kind: .unreadable)
    }

    private func resolve(_ n: Int, _ count: Int) throws(Problem) -> Int {
        let page = n > 0 ? n : count + 1 + n
        guard n != 0, page >= 1, page <= count else { throw Problem(kind: .outOfRange(n)) }
        return page
    }
}
