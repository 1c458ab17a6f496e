/// "did you mean --pages?": the nearest words to a misspelt one, by edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours each count 1) over the words a command
/// accepts — its own spec, never a global list.
enum Suggestion {
    /// The candidates nearest to `word`, at most two, when they are near enough to be a slip:
    /// within 1 edit for words up to 4 letters, 2 up to 8, 3 beyond. Case is ignored.
    static func nearest(to word: String, in candidates: [String]) -> [String] {
        let typed = Array(word.lowercased())
        let limit = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        let scored = candidates.map { ($0, distance(typed, Array($0.lowercased()))) }.filter { $0.1 <= limit }
        guard let best = scored.map(\.1).min() else { return [] }
        var seen: Set<String> = []
        return scored.filter { $0.1 == best && seen.insert($0.0).inserted }.prefix(2).map(\.0)
    }

    /// `; did you mean render?` (or `--width or --with?`) for the `near` words, empty for none.
    static func clause(_ near: [String]) -> String {
        near.isEmpty ? "" : "; did you mean \(near.joined(separator: " or "))?"
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count]
    }
}

extension CommandSpec {
    /// `; did you mean --pages?` for an unknown option `typed` (as typed, dashes and all): the
    /// command's own option names, compared without their dashes.
    func suggestion(forOption typed: String) -> String {
        let bare = typed.drop { $0 == "-" }
        let names = allOptions.flatMap { ([$0.name] + $0.synonyms).map(\.rawValue) }
        return Suggestion.clause(Suggestion.nearest(to: String(bare), in: names).map { "--" + $0 })
    }
}
