/// A deterministic random source (SplitMix64) so property tests fail the same way every run.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededRandom {
    /// `rounds` inputs for a scanner of content streams, each up to 300 bytes long: random bytes in
    /// the even rounds, random picks from `fragments`' bytes (tokens of the syntax) in the odd ones.
    package static func contentLike(_ fragments: String, seed: UInt64, rounds: Int = 2_000) -> [[UInt8]] {
        var random = SeededRandom(seed: seed)
        let pieces = Array(fragments.utf8)
        return (0..<rounds).map { round in
            let count = Int.random(in: 0...300, using: &random)
            return round % 2 == 0
                ? (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                : (0..<count).map { _ in pieces.randomElement(using: &random)! }
        }
    }
}
