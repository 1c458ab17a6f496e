/// Byte sizes on the command line: `102400`, `100kB` / `100KB` (×1000), `100KiB` (×1024),
/// `1.5MB` (×1000²), `2MiB` (×1024²), `500B`. Units are case-insensitive; a space before the unit is allowed.
extension Arguments {
    static let byteUnits: [(suffix: String, factor: Double)] = [
        ("kib", 1024), ("mib", 1024 * 1024), ("kb", 1000), ("mb", 1_000_000), ("b", 1),
    ]

    /// Sizes at or above this are refused (no file is that large; it keeps the value an exact `Int`).
    static let maxByteSize = 1e15

    /// The size given to `--name`, in whole bytes (fractions round down); must be positive.
    func byteSize(_ name: OptionName) throws -> Int? {
        guard let text = string(name) else { return nil }
        let lower = text.trimmingSpaces().lowercased()
        let unit = Self.byteUnits.first { lower.hasSuffix($0.suffix) }
        let number = String(lower.dropLast(unit?.suffix.count ?? 0)).trimmingSpaces()
        guard let value = Double(number), value.isFinite, !number.hasPrefix("+") else {
            throw UsageError(command, "--\(name) wants a size like 102400, 100kB or 100KiB, not '\(text)'")
        }
        let bytes = value * (unit?.factor ?? 1)
        guard bytes >= 1 else {
            throw UsageError(command, "--\(name) must be at least 1 byte, not '\(text)'")
        }
        guard bytes < Self.maxByteSize else {
            throw UsageError(command, "--\(name) must be below 1000 TB (10^15 bytes), not '\(text)'")
        }
        return Int(bytes)
    }
}
