/// Numbers as people write them in messages and reports.
package enum NumberText {
    /// At most `decimals` decimals (default two), no trailing zeros, no exponent: `2`, `2.5`,
    /// `-0.05`. Values that are not finite or are very large are written as Swift writes them.
    package static func short(_ v: Double, decimals: Int = 2) -> String {
        guard v.isFinite, abs(v) < 1e12 else { return String(v) }
        var scale = 1
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        let units = Int((v * Double(scale)).rounded())
        let sign = units < 0 ? "-" : ""
        let whole = String(abs(units) / scale)
        var frac = String(abs(units) % scale)
        guard frac != "0" else { return sign + whole }
        frac = String(repeating: "0", count: String(scale).count - 1 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        return sign + whole + "." + frac
    }
}
