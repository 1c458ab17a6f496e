/// Physical units InkML files use.
enum InkMLUnits {
    /// How many of `unit` make an inch.
    static func perInch(_ unit: String) -> Double? {
        switch unit.lowercased() {
        case "in": return 1
        case "cm": return 2.54
        case "mm": return 25.4
        case "pt": return 72
        case "himetric": return 2540
        default: return nil
        }
    }
}
