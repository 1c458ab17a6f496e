/// Byte sizes on the command line: `100000`, `100k` / `100kB` (×1000), `100Ki` / `100KiB` (×1024),
/// `1M` / `1.5MB` (×1000²), `2Mi` / `2MiB` (×1024²), `500B`. Units are case-insensitive; a space
/// before the unit is allowed within the one word (`'100 kB'`).
extension Arguments {
    static let byteUnits: [String: Double] = [
        "": 1, "b": 1, "k": 1000, "kb": 1000, "ki": 1024, "kib": 1024,
        "m": 1_000_000, "mb": 1_000_000, "mi": 1024 * 1024, "mib": 1024 * 1024,
    ]

    /// Sizes at or above this are refused (no file is that large; it keeps the value an exact `Int`).
    static let maxByteSize = 1e15

    /// The size given to `--name`, in whole bytes (fractions round down); must be positive.
    func byteSize(_ name: OptionName) throws -> Int? {
        guard let text = string(name) else { return nil }
        let lower = text.trimmingSpaces().lowercased()
        let unit = String(lower.reversed().prefix { $0.isLetter }.reversed())
        let number = String(lower.dropLast(unit.count)).trimmingSpaces()
        guard let value = Double(number), value.isFinite, !number.hasPrefix("+"), let factor = Self.byteUnits[unit]
        else {
            throw UsageError(command, "--\(name) takes \(ValueForm.byteSize); got '\(text)'")
        }
        let bytes = value * factor
        guard bytes >= 1 else {
            throw UsageError(command, "--\(name) must be at least 1 byte, not '\(text)'")
        }
        guard bytes < Self.maxByteSize else {
            throw UsageError(command, "--\(name) must be below 1000 TB (10^15 bytes), not '\(text)'")
        }
        return Int(bytes)
    }
}
