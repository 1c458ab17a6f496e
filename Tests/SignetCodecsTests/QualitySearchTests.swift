import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The steered bisection: right answer whatever the prediction, never over the cap, no repeats.
struct QualitySearchTests {
    /// A random increasing size curve over qualities 1…100.
    static func sizes(_ rng: inout SeededRandom) -> [Int: Int] {
        var size = Int.random(in: 100...5_000, using: &rng)
        var out = [Int: Int]()
        for q in 1...100 {
            size += Int.random(in: 0...400, using: &rng)
            out[q] = size
        }
        return out
    }

    @Test("finds the largest fitting quality with any guess, in at most 7 encodes over 1…100")
    func property() throws {
        var rng = SeededRandom(seed: 77)
        for _ in 0..<2_000 {
            let sizes = Self.sizes(&rng)
            let budget = Int.random(in: 50...30_000, using: &rng)
            let lower = Int.random(in: 1...60, using: &rng), upper = Int.random(in: lower...100, using: &rng)
            let guess: Int? = Bool.random(using: &rng) ? Int.random(in: -5...110, using: &rng) : nil
            let doubt = Int.random(in: 0...2, using: &rng)
            var search = QualitySearch(range: lower...upper)
            var tried: [Int] = []
            try search.run(
                cap: 7, belief: { _ in guess }, doubtful: { _ in doubt == 1 || (doubt == 2 && Bool.random()) },
                encode: { round, _ in
                    tried += round
                    return round.map { sizes[$0]! <= budget ? .fits(sizes[$0]!) : .over(sizes[$0]!) }
                })
            let truth = (lower...upper).last { sizes[$0]! <= budget }
            #expect(search.best == truth)
            #expect(tried.count <= 7 && Set(tried).count == tried.count)
            if let best = search.best, best < upper { #expect(tried.contains(best + 1)) }
        }
    }

    @Test("a right guess settles in two encodes")
    func goodGuess() throws {
        var search = QualitySearch(range: 1...100)
        var count = 0
        var rounds = 0
        try search.run(
            cap: 8, belief: { _ in 63 },
            encode: { round, _ in
                count += round.count
                rounds += 1
                return round.map { $0 <= 63 ? .fits($0) : .over(nil) }
            })
        #expect(search.best == 63 && count == 2 && rounds == 1)
    }

    @Test("a wrong guess still settles within the cap")
    func badGuess() throws {
        for truth in [1, 2, 50, 99, 100] {
            var search = QualitySearch(range: 1...100)
            var count = 0
            try search.run(
                cap: 7, belief: { _ in truth > 50 ? 3 : 97 },
                encode: { round, _ in
                    count += round.count
                    return round.map { $0 <= truth ? .fits($0) : .over(nil) }
                })
            #expect(search.best == truth && count <= 7)
        }
    }

    @Test("nothing fits: reports nil after trying the lowest quality")
    func nothingFits() throws {
        var search = QualitySearch(range: 20...100)
        try search.run(cap: 7) { round, _ in round.map { _ in .over(nil) } }
        #expect(search.best == nil && search.outcomes[20] != nil)
    }

    @Test("trials recorded elsewhere count toward the cap and the answer")
    func recorded() throws {
        var search = QualitySearch(range: 1...100)
        search.record(100, .over(nil))
        var count = 0
        try search.run(cap: 8) { round, _ in
            count += round.count
            return round.map { $0 <= 40 ? .fits($0) : .over(nil) }
        }
        #expect(search.best == 40 && search.encodes <= 8 && count <= 7)
    }

    @Test("a doubtful first probe moves one step to where the belief is sure; two rounds settle it either way")
    func doubtfulProbe() throws {
        // Belief 12 at the bottom of the range: the first probe tests 13 (expected over); in doubt
        // it tests 14, and the next belief (the truth, as a calibrated prediction would give) settles it.
        let cases: [(truth: Int, doubtful: Bool, rounds: [[Int]])] = [
            (12, false, [[13], [12]]), (12, true, [[14], [12, 13]]), (13, true, [[14], [13]]),
        ]
        for (truth, doubtful, expected) in cases {
            var search = QualitySearch(range: 1...100)
            var rounds: [[Int]] = []
            // Doubt only before the first encode, as in the fitter (its predictions are calibrated after it).
            try search.run(
                cap: 8, belief: { s in s.encodes == 0 ? 12 : truth }, doubtful: { _ in doubtful && rounds.isEmpty },
                encode: { round, _ in
                    rounds.append(round)
                    return round.map { $0 <= truth ? .fits($0) : .over(nil) }
                })
            #expect(search.best == truth)
            #expect(rounds == expected)
        }
        // At the top of the range the first probe is the believed quality (expected to fit); in doubt, one below.
        var search = QualitySearch(range: 1...100)
        var first: [Int] = []
        try search.run(
            cap: 8, belief: { _ in 91 }, doubtful: { _ in true },
            encode: { round, _ in
                if first.isEmpty { first = round }
                return round.map { $0 <= 91 ? .fits($0) : .over(nil) }
            })
        #expect(first == [90] && search.best == 91)
    }

    @Test("without doubt a surprise low in the range costs a probe far from the answer")
    func surpriseCost() throws {
        // Belief 12, truth 13: 13 fits unexpectedly and the cap forces the next probe up to 37.
        var search = QualitySearch(range: 1...100)
        var tried: [Int] = []
        try search.run(
            cap: 8, belief: { s in s.encodes == 0 ? 12 : 13 },
            encode: { round, _ in
                tried += round
                return round.map { $0 <= 13 ? .fits($0) : .over(nil) }
            })
        #expect(tried == [13, 37, 14] && search.best == 13)
    }
}
