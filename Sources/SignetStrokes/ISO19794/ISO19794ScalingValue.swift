/// A channel's scaling value: how many record units make one physical unit (millimetres for X
/// and Y, seconds for T and DT, degrees for tilt), as 16 bits: a 5-bit exponent E and an 11-bit
/// fraction F, the value being 2^(E−16) × (1 + F/2048).
struct ISO19794ScalingValue: Hashable {
    /// The 16 bits as stored.
    var bits: UInt16

    /// The value the bits stand for.
    var value: Double {
        let exponent = Int(bits >> 11) - 16
        let fraction = Double(bits & 0x7FF)
        return (1 + fraction / 2048) * pow2(exponent)
    }

    init(bits: UInt16) { self.bits = bits }

    /// The largest scaling value not above `target`; `nil` when `target` is below the smallest
    /// one (2^−16) or not finite. A target above the largest (just under 2^16) gives the largest.
    init?(atMost target: Double) {
        guard target.isFinite, target >= ISO19794ScalingValue.pow2(-16) else { return nil }
        var exponent = Int(target.exponent)
        if exponent > 15 {
            bits = 0xFFFF
            return
        }
        exponent = max(exponent, -16)
        let fraction = min(2047, Int(((target / Self.pow2(exponent)) - 1) * 2048))
        bits = UInt16(exponent + 16) << 11 | UInt16(max(0, fraction))
    }

    /// 2^`n`, exactly.
    static func pow2(_ n: Int) -> Double { Double(sign: .plus, exponent: n, significand: 1) }

    private func pow2(_ n: Int) -> Double { Self.pow2(n) }
}
