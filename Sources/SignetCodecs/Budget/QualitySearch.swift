/// The largest integer quality in a range whose encoding fits a byte budget, found with as few
/// encodes as possible and never more than a cap.
///
/// It is a bisection that may be steered: while spare encodes remain, it probes the quality a
/// prediction believes in (and the neighbour that confirms it) instead of the midpoint. A probe is
/// only allowed where, whatever its answer, the rest can still be settled by plain bisection
/// within the cap, so a bad prediction costs speed, never correctness. Every encode's size is
/// remembered; the search ends with a quality that fits whose successor does not (or the top of
/// the range), assuming sizes grow with quality as libjpeg's do.
struct QualitySearch {
    /// What one trial encode said.
    enum Outcome: Equatable {
        /// It fits, with this many bytes.
        case fits(Int)
        /// It is over the budget: the exact size when known, `nil` when the encode was abandoned early.
        case over(Int?)
    }

    let range: ClosedRange<Int>
    private(set) var outcomes: [Int: Outcome] = [:]
    /// Largest quality known to fit (or `range.lowerBound - 1`).
    private(set) var low: Int
    /// Smallest quality known not to fit (or `range.upperBound + 1`).
    private(set) var high: Int

    init(range: ClosedRange<Int>) {
        self.range = range
        low = range.lowerBound - 1
        high = range.upperBound + 1
    }

    /// Settled: the answer is `best` (nil when even the lowest quality is over).
    var isSettled: Bool { high - low == 1 }
    var best: Int? { low >= range.lowerBound ? low : nil }
    var encodes: Int { outcomes.count }

    /// The exact sizes measured so far (abandoned encodes left out).
    var measured: [(quality: Int, size: Int)] {
        outcomes.compactMap { q, outcome in
            switch outcome {
            case .fits(let size), .over(let size?): (q, size)
            case .over(nil): nil
            }
        }
    }

    /// Plain bisection needs this many probes to settle what is still open.
    var probesNeeded: Int { Self.probes(toSettle: high - low - 1) }

    /// Records a trial (also one made elsewhere, such as a first guess at the top quality).
    mutating func record(_ quality: Int, _ outcome: Outcome) {
        outcomes[quality] = outcome
        switch outcome {
        case .fits: if quality > low { low = quality }
        case .over: if quality < high { high = quality }
        }
    }

    /// Runs until settled, with at most `cap` encodes in total (earlier `record`s count).
    /// `belief` is asked before each round for the quality it expects to be the answer (nil: no
    /// idea); `encode` performs the trials of one round, given the search as it stands before them. A round is one probe, or two — the
    /// believed quality and its successor, which settle a right belief at once and can be encoded
    /// side by side — when `pairs` allows and the cap still holds whatever they answer.
    ///
    /// When no pair is allowed and `doubtful` says the belief cannot tell whether the quality it
    /// would probe fits (its prediction is within its error of the budget), that probe moves one
    /// step further from the believed answer, to where the belief's verdict is sure: a surprise is
    /// what can leave the cap no room to steer (a quality that fits far below the top, or one
    /// over far above the bottom, forces bisection probes far from the answer).
    mutating func run(
        cap: Int, pairs: Bool = true, belief: (QualitySearch) throws -> Int? = { _ in nil },
        doubtful: (Int) throws -> Bool = { _ in false }, encode: ([Int], QualitySearch) throws -> [Outcome]
    ) throws {
        precondition(probesNeeded <= cap - encodes, "the cap leaves too few encodes to settle the search")
        while !isSettled {
            let believed = try belief(self)
            let left = cap - encodes
            let first = nextProbe(toward: believed.map(target), probesLeft: left)
            var round = [first]
            if pairs, let partner = believed.flatMap({ partner(of: first, believing: $0, probesLeft: left) }) {
                round.append(partner)
            } else if let believed, first == target(believed), try doubtful(first) {
                round = [nextProbe(toward: first > believed ? first + 1 : first - 1, probesLeft: left)]
            }
            for (q, outcome) in zip(round, try encode(round, self)) { record(q, outcome) }
        }
    }

    /// Plain bisection needs this many probes to settle `open` values.
    static func probes(toSettle open: Int) -> Int {
        var n = 0
        while (1 << n) < open + 1 { n += 1 }
        return n
    }

    /// The other half of the pair (b, b + 1) that `first` belongs to, when both are still open and
    /// the cap can settle whatever is left after the pair.
    func partner(of first: Int, believing believed: Int, probesLeft: Int) -> Int? {
        let other = first == believed ? believed + 1 : first == believed + 1 ? believed : nil
        guard let other, other > low, other < high else { return nil }
        let open = max(min(first, other) - low - 1, high - max(first, other) - 1)
        return Self.probes(toSettle: open) <= probesLeft - 2 ? other : nil
    }

    /// What to probe to test a belief. Settling it takes the believed quality (expected to fit)
    /// and the next one (expected not to); the one probed first is the one whose expected answer
    /// leaves less open, so a wrong belief still leaves room to steer.
    func target(_ believed: Int) -> Int {
        if believed <= low { return low + 1 }
        if believed >= high { return high - 1 }
        let openAfterFit = high - believed - 1
        let openAfterOver = believed - low
        return openAfterOver < openAfterFit && believed + 1 < high ? believed + 1 : believed
    }

    /// The quality to try next: `target` moved just enough that bisection can still finish
    /// within `probesLeft`, or the midpoint without a target.
    func nextProbe(toward target: Int?, probesLeft: Int) -> Int {
        let half = 1 << max(probesLeft - 1, 0)
        let lowest = max(low + 1, high - half)
        let highest = min(high - 1, low + half)
        let wanted = target ?? (low + high) / 2
        return min(max(wanted, lowest), highest)
    }
}
